package dev.videoautomation.media.checks;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.PersistenceException;
import jakarta.transaction.Transactional;

import io.quarkus.logging.Log;

import dev.videoautomation.media.checks.CheckDtos.CustomRuleInput;
import dev.videoautomation.media.checks.CheckDtos.RulesDocument;
import dev.videoautomation.media.checks.CheckDtos.RulesUpdate;
import dev.videoautomation.platform.errors.ApiError;
import dev.videoautomation.platform.errors.ApiException;
import dev.videoautomation.platform.errors.ErrorCode;

/** Loads and saves a client's custom check rules, validating every rule against the vocabulary of {@link RuleName}. */
@ApplicationScoped
@Transactional(Transactional.TxType.REQUIRED)
public class CheckRulesService {
  static final List<String> SEVERITIES = List.of("error", "warning", "info", CustomRule.OFF);

  private final CheckRulesRepository repository;

  CheckRulesService(CheckRulesRepository repository) {
    this.repository = repository;
  }

  /** The client's custom rules; version 0 with no rules when none were ever saved. */
  @Transactional(Transactional.TxType.SUPPORTS)
  public RulesDocument load(String clientId) {
    return repository.byClient(clientId).map(CheckRulesService::document)
        .orElseGet(() -> new RulesDocument(0, List.of(), null));
  }

  /**
   * Replaces the client's custom rules with a validated set and increments the version. Nothing is saved when any
   * rule is invalid (400 naming it, e.g. {@code rules[1].value}) or when {@code version} is given and not current
   * (409).
   */
  public RulesDocument save(String clientId, RulesUpdate update) {
    var rules = validate(update);
    var existing = repository.byClientForUpdate(clientId);
    var current = existing.map(r -> r.version).orElse(0);
    if (update.version() != null && update.version() != current) {
      throw new ApiException(ApiError.of(ErrorCode.CONFLICT, "Your custom rules are at version " + current
          + ", not " + update.version() + "; GET /v1/check/rules again and re-apply your change.")
          .with("version", current));
    }
    var row = existing.orElseGet(() -> {
      var fresh = new CheckRules();
      fresh.clientId = clientId;
      return fresh;
    });
    row.rules = rules;
    row.version = current + 1;
    row.updatedAt = Instant.now();
    try {
      if (existing.isEmpty()) {
        repository.persist(row);
      }
      repository.flush();
    } catch (PersistenceException e) {
      throw new ApiException(ErrorCode.CONFLICT, "Your custom rules were saved by another request at the same "
          + "time; GET /v1/check/rules and send your change again.");
    }
    Log.debugf("Saved %d custom check rules for %s as version %d", (Object) rules.size(), clientId, row.version);
    return document(row);
  }

  /** The rules of an update, each checked and its value parsed; the first fault is a 400 naming its path. */
  static List<CustomRule> validate(RulesUpdate update) {
    if (update == null || update.rules() == null) {
      throw ApiException.invalidField("rules", "is required (an array of rules, possibly empty)");
    }
    if (update.rules().size() > CheckDtos.MAX_CUSTOM_RULES) {
      throw ApiException.invalidField("rules", "must hold at most " + CheckDtos.MAX_CUSTOM_RULES + " rules");
    }
    var rules = new ArrayList<CustomRule>();
    var seen = new HashMap<String, Integer>();
    for (var i = 0; i < update.rules().size(); i++) {
      var rule = validate(update.rules().get(i), "rules[" + i + "]");
      var earlier = seen.putIfAbsent(rule.platform() + " " + rule.rule(), i);
      if (earlier != null) {
        throw ApiException.invalidField("rules[" + i + "].rule", "repeats rules[" + earlier + "] (" + rule.platform()
            + " " + rule.rule() + "); give each rule once per platform");
      }
      rules.add(rule);
    }
    return List.copyOf(rules);
  }

  private static CustomRule validate(CustomRuleInput input, String path) {
    if (input == null) {
      throw ApiException.invalidField(path, "must be an object with platform, rule and value");
    }
    if (input.platform() == null || input.platform().isBlank()) {
      throw ApiException.invalidField(path + ".platform", "is required");
    }
    if (!BuiltInRules.PLATFORMS.contains(input.platform())) {
      throw ApiException.invalidField(path + ".platform", "must be one of " + String.join(", ",
          BuiltInRules.PLATFORMS));
    }
    if (input.rule() == null || input.rule().isBlank()) {
      throw ApiException.invalidField(path + ".rule", "is required");
    }
    var name = RuleName.byKey(input.rule()).orElseThrow(() -> ApiException.invalidField(path + ".rule",
        "is not a known rule; use one of " + String.join(", ", RuleName.keys())));
    if (input.severity() != null && !SEVERITIES.contains(input.severity())) {
      throw ApiException.invalidField(path + ".severity", "must be one of " + String.join(", ", SEVERITIES));
    }
    var off = CustomRule.OFF.equals(input.severity());
    var absent = input.value() == null || input.value().isNull();
    if (off && absent) {
      return new CustomRule(input.platform(), name.key(), null, input.severity());
    }
    var value = name.type().parse(input.value()).orElseThrow(() -> ApiException.invalidField(path + ".value",
        "must be " + name.type().expected() + " for rule " + name.key()));
    return new CustomRule(input.platform(), name.key(), value, input.severity());
  }

  private static RulesDocument document(CheckRules row) {
    return new RulesDocument(row.version, row.rules == null ? List.of() : row.rules,
        row.updatedAt == null ? null : row.updatedAt.toEpochMilli());
  }
}

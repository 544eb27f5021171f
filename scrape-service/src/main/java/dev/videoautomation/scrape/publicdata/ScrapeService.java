package dev.videoautomation.scrape.publicdata;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import jakarta.enterprise.context.ApplicationScoped;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.NullNode;

import dev.videoautomation.platform.spending.DryRuns;
import dev.videoautomation.platform.spending.SpendingOperation;
import dev.videoautomation.platform.token.CurrentCaller;
import dev.videoautomation.scrape.common.ScrapeLimits;
import dev.videoautomation.scrape.normalize.Normalizer;
import dev.videoautomation.scrape.provider.ScrapeProvider;
import dev.videoautomation.scrape.staging.MediaStager;

/**
 * One scrape call: the provider's answer for the operation's route, normalized beside it and staged to the CDN when
 * the caller asked for it. A dry run ({@code dryRun=true}) makes every check of the real call, the provider's key
 * included, and stops before the provider is called.
 */
@ApplicationScoped
public class ScrapeService {
  static final String PURPOSE = "scrape";
  static final String DOWNLOAD_MEDIA = "download_media";
  /** The body fields that shape this service's answer and are never sent to the provider. */
  private static final Set<String> NOT_SENT = Set.of(DOWNLOAD_MEDIA, "normalize", "fields");
  /** The neutral path of a route is the operation's path under this prefix, e.g. {@code shortvideo/profile}. */
  static final String PATH_PREFIX = "/v1/scrape/";

  private final ScrapeProvider provider;
  private final MediaStager stager;
  private final CurrentCaller caller;
  private final ObjectMapper json;
  private final DryRuns dryRuns;
  private final Normalizer normalizer;

  ScrapeService(ScrapeProvider provider, MediaStager stager, CurrentCaller caller, ObjectMapper json,
      DryRuns dryRuns, Normalizer normalizer) {
    this.provider = provider;
    this.stager = stager;
    this.caller = caller;
    this.json = json;
    this.dryRuns = dryRuns;
    this.normalizer = normalizer;
  }

  /** {@code operation} is one of the 24 scrape rows of the table; its path under /v1/scrape is the neutral route. */
  public ScrapeResult run(SpendingOperation operation, ScrapeRequest body) {
    var route = operation.path().substring(PATH_PREFIX.length());
    body.requireSubject();
    JsonNode given = json.valueToTree(body);
    var fields = fields(given);
    ScrapeLimits.check(fields);
    var plan = normalizer.plan(route, new Normalizer.Request(Boolean.TRUE.equals(body.normalize()), body.fields()));
    var clientId = given.path(DOWNLOAD_MEDIA).asBoolean(false) ? caller.requireClientId() : null;
    provider.check(route, fields);
    dryRuns.stopIfRequested(operation);
    var data = provider.fetch(route, fields);
    var outcome = plan.map(p -> p.apply(data));
    var made = outcome.map(Normalizer.Outcome::normalized).orElse(null);
    var notes = outcome.map(Normalizer.Outcome::note).map(note -> List.of(note)).orElse(null);
    if (clientId == null) {
      return new ScrapeResult(data, answered(plan.isPresent(), made), ScrapeMeta.of(null, notes));
    }
    var staged = stager.stage(data, made, clientId, PURPOSE);
    return new ScrapeResult(staged.data(), answered(plan.isPresent(), staged.normalized()),
        ScrapeMeta.of(staged.meta(), notes));
  }

  /** {@code normalized} as answered: absent when not asked for, JSON null when asked for and not made. */
  private static JsonNode answered(boolean asked, JsonNode made) {
    return !asked ? null : made == null ? NullNode.getInstance() : made;
  }

  /**
   * What the provider is asked: every field of the body by its JSON name (the route table renames them), text as
   * given, a flag ({@code trim}) only when true; never {@code download_media}, {@code normalize} or {@code fields},
   * which say what this service does with the answer. Absent fields are not sent.
   */
  private static Map<String, String> fields(JsonNode given) {
    var fields = new LinkedHashMap<String, String>();
    given.properties().forEach(field -> {
      var value = field.getValue();
      var unset = value.isNull() || value.isBoolean() && !value.asBoolean();
      if (!unset && !NOT_SENT.contains(field.getKey())) {
        fields.put(field.getKey(), value.asText());
      }
    });
    return fields;
  }
}

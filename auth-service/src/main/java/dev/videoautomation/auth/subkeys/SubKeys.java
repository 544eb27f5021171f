package dev.videoautomation.auth.subkeys;

import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.LockModeType;
import jakarta.transaction.Transactional;

import dev.videoautomation.auth.keys.ApiKey;
import dev.videoautomation.auth.keys.Keys;
import dev.videoautomation.auth.subkeys.SubKeyDtos.Created;
import dev.videoautomation.auth.subkeys.SubKeyDtos.CreateRequest;
import dev.videoautomation.auth.subkeys.SubKeyDtos.Listing;
import dev.videoautomation.auth.subkeys.SubKeyDtos.UpdateRequest;
import dev.videoautomation.auth.subkeys.SubKeyDtos.View;
import dev.videoautomation.platform.errors.ApiError;
import dev.videoautomation.platform.errors.ApiException;
import dev.videoautomation.platform.errors.ErrorCode;
import dev.videoautomation.platform.token.Caller;
import dev.videoautomation.platform.updates.PartialUpdate;

/**
 * Sub-keys for sub-agents (issue 32 §3): keys of the client, created by one of its primary keys, with their own
 * scopes, buckets, daily caps, expiry and (at billing) credit budget. Only a primary key holding {@code api.write}
 * manages them; the gateway checks that too, this is the owner's own check. Every change reaches the gateways on
 * {@code key_events} in the changing transaction; a budget is set at billing before the key is committed.
 */
@ApplicationScoped
public class SubKeys {
  /** Active sub-keys a client may hold at once: enough for any fleet of sub-agents, and a bound on the list. */
  static final int MAX_SUB_KEYS = 100;
  static final String WRITE = "api.write";

  private final Keys keys;
  private final Budgets budgets;
  private final Clock clock;

  SubKeys(Keys keys, Budgets budgets, Clock clock) {
    this.keys = keys;
    this.budgets = budgets;
    this.clock = clock;
  }

  /** Who manages: the caller's key, when it is a working primary key holding {@code api.write}. */
  public record Manager(String clientId, String keyId, java.util.Set<String> scopes) {
  }

  public Manager manager(Optional<Caller> current) {
    var caller = current.filter(c -> !c.isService() && c.keyId() != null)
        .orElseThrow(() -> new ApiException(ErrorCode.UNAUTHORIZED, "Send the client's primary key in the "
            + "Authorization header (Bearer) or X-Api-Key."));
    if (!caller.hasScope(WRITE)) {
      throw new ApiException(ErrorCode.INSUFFICIENT_SCOPE, "Managing keys needs a key with api.write.");
    }
    ApiKey key = ApiKey.findById(caller.keyId());
    if (key == null || !key.clientId.equals(caller.clientId()) || !key.works(clock.instant())) {
      throw new ApiException(ErrorCode.UNAUTHORIZED, "The key you called with is no longer active.");
    }
    if (key.isSubKey()) {
      throw new ApiException(ErrorCode.INSUFFICIENT_SCOPE, "A sub-key cannot manage keys: call with the client's "
          + "primary key.");
    }
    return new Manager(caller.clientId(), key.id, caller.scopes());
  }

  /**
   * Creates the sub-key and, when it has a budget, sets it at billing before the transaction commits: if billing
   * cannot record it, the answer is 503 and the key never existed. The creator's key row is locked, so concurrent
   * creations count the client's sub-keys one at a time.
   */
  @Transactional
  public Created create(Manager manager, CreateRequest body) {
    if (body == null) {
      throw ApiException.invalidField("body", "is required: {\"name\": \"…\"} at least");
    }
    if (body.name() == null) {
      throw ApiException.invalidField("name", "is required: a label for the sub-key");
    }
    var now = clock.instant();
    var name = SubKeyRules.name(body.name());
    var scopes = body.scopes() == null ? SubKeyRules.scopes(List.copyOf(manager.scopes()), manager.scopes())
        : SubKeyRules.scopes(body.scopes(), manager.scopes());
    var buckets = body.buckets() == null ? null : SubKeyRules.buckets(body.buckets());
    var dailyUnits = body.dailyUnits() == null ? Map.<String, Integer>of() : SubKeyRules.dailyUnits(body.dailyUnits());
    SubKeyRules.capsWithinBuckets(buckets, dailyUnits);
    var budget = body.creditBudget() == null ? null : SubKeyRules.creditBudget(body.creditBudget());
    var expiresAt = body.expiresInSeconds() == null ? null : SubKeyRules.expiry(body.expiresInSeconds(), now);

    ApiKey parent = ApiKey.findById(manager.keyId(), LockModeType.PESSIMISTIC_WRITE);
    if (parent == null || !parent.works(now)) {
      throw new ApiException(ErrorCode.UNAUTHORIZED, "The key you called with is no longer active.");
    }
    var held = ApiKey.count("clientId = ?1 and status = ?2 and parentKeyId is not null", manager.clientId(),
        ApiKey.ACTIVE);
    if (held >= MAX_SUB_KEYS) {
      throw new ApiException(ApiError.of(ErrorCode.CONFLICT, "The client holds " + held + " sub-keys, the most it "
          + "may: delete one (DELETE /v1/api_keys/{id}) before creating another.").with("limit", MAX_SUB_KEYS));
    }
    var issued = keys.issueSubKey(parent, scopes, key -> {
      key.name = name;
      key.buckets = buckets;
      key.dailyUnits = dailyUnits;
      key.expiresAt = expiresAt;
    });
    ApiKey.flush();
    var spent = 0;
    if (budget != null) {
      var recorded = budgets.put(issued.key().id, manager.clientId(), budget);
      spent = recorded.creditsSpent() == null ? 0 : recorded.creditsSpent();
    }
    var key = issued.key();
    return new Created(key.id, key.name, issued.credential(), key.scopeList(), key.buckets, budget, spent,
        key.dailyUnits, key.expiresAt == null ? null : key.expiresAt.toEpochMilli(), key.createdAt.toEpochMilli());
  }

  /** The client's working keys, primary and sub-keys, oldest first, with their spend. */
  public Listing list(Manager manager) {
    var now = clock.instant();
    List<ApiKey> active = ApiKey.list("clientId = ?1 and status = ?2 order by createdAt, id", manager.clientId(),
        ApiKey.ACTIVE);
    var shown = active.stream().filter(key -> key.isSubKey() || key.works(now)).toList();
    var spend = spend(manager.clientId());
    var views = new ArrayList<View>();
    shown.forEach(key -> views.add(view(key, spend)));
    return new Listing(views);
  }

  public View get(Manager manager, String id) {
    return view(owned(manager, id, false), spend(manager.clientId()));
  }

  /**
   * A partial update of a sub-key ({@link PartialUpdate}: a field left out or null stays as it is); a new budget is
   * set at billing before the change commits. Every change is announced as {@code key.caps_changed}.
   */
  @Transactional
  public void update(Manager manager, String id, UpdateRequest body) {
    var now = clock.instant();
    var changes = PartialUpdate.<ApiKey>of(body)
        .refuse("scopes", body.scopes(), "cannot change: create a sub-key with the scopes "
            + "wanted and delete this one")
        .set(body.name(), SubKeyRules::name, (key, name) -> key.name = name)
        .set(body.buckets(), SubKeyRules::buckets, (key, buckets) -> key.buckets = buckets)
        .set(body.dailyUnits(), SubKeyRules::dailyUnits, (key, caps) -> key.dailyUnits = caps)
        .set(body.expiresInSeconds(), seconds -> SubKeyRules.expiry(seconds, now), (key, at) -> key.expiresAt = at);
    var budget = body.creditBudget() == null ? null : SubKeyRules.creditBudget(body.creditBudget());
    var key = owned(manager, id, true);
    requireSubKey(key, "changed");
    if (changes.isEmpty() && budget == null) {
      return;
    }
    changes.applyTo(key);
    SubKeyRules.capsWithinBuckets(key.buckets, key.dailyUnits);
    if (!changes.isEmpty()) {
      keys.capsChanged(key);
    }
    ApiKey.flush();
    if (budget != null) {
      budgets.put(key.id, key.clientId, budget);
    }
  }

  /** Revokes a sub-key: {@code key.revoked} tells every gateway within a second. */
  @Transactional
  public void delete(Manager manager, String id) {
    var key = owned(manager, id, true);
    requireSubKey(key, "deleted");
    keys.revoke(key);
  }

  /** A working key of the manager's client (a sub-key past its expiry included: it can be renewed); else 404. */
  private ApiKey owned(Manager manager, String id, boolean lock) {
    var query = ApiKey.<ApiKey>find("id = ?1 and clientId = ?2 and status = ?3", id, manager.clientId(),
        ApiKey.ACTIVE);
    var key = (lock ? query.withLock(LockModeType.PESSIMISTIC_WRITE) : query).firstResult();
    if (key == null || !key.isSubKey() && !key.works(clock.instant())) {
      throw ApiException.notFound("API key " + id);
    }
    return key;
  }

  private static void requireSubKey(ApiKey key, String what) {
    if (!key.isSubKey()) {
      throw new ApiException(ErrorCode.CONFLICT, "Key " + key.id + " is a primary key: only sub-keys are " + what
          + " here. A primary key is replaced with POST /v1/api_keys/rotate.");
    }
  }

  /** Billing's budgets and the gateway's counters for the client, each empty when its owner could not answer. */
  private record Spend(Optional<Map<String, BudgetsApi.Listed>> budgets,
      Optional<Map<String, Map<String, Integer>>> units) {
  }

  private Spend spend(String clientId) {
    return new Spend(budgets.ofClient(clientId), budgets.unitsToday(clientId));
  }

  private View view(ApiKey key, Spend spend) {
    var unknown = new ArrayList<String>();
    Integer creditBudget = null;
    Integer creditsSpent = null;
    if (spend.budgets().isPresent()) {
      var budget = spend.budgets().get().get(key.id);
      creditBudget = budget == null ? null : budget.creditBudget();
      creditsSpent = budget == null || budget.creditsSpent() == null ? 0 : budget.creditsSpent();
    } else {
      unknown.add("creditBudget");
      unknown.add("creditsSpent");
    }
    Map<String, Integer> unitsToday = null;
    if (spend.units().isPresent()) {
      unitsToday = spend.units().get().getOrDefault(key.id, Map.of());
    } else {
      unknown.add("unitsToday");
    }
    var now = clock.instant();
    return new View(key.id, key.name, key.isSubKey(), key.parentKeyId, key.works(now) ? "active" : "expired",
        key.scopeList(), key.buckets, creditBudget, creditsSpent, key.dailyUnits == null ? Map.of() : key.dailyUnits,
        unitsToday, key.expiresAt == null ? null : key.expiresAt.toEpochMilli(), key.createdAt.toEpochMilli(),
        key.lastUsedAt == null ? null : key.lastUsedAt.toEpochMilli(), unknown);
  }
}

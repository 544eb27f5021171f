package dev.videoautomation.auth.keys;

import java.time.Clock;
import java.time.Instant;
import java.util.List;

import jakarta.enterprise.context.ApplicationScoped;

import dev.videoautomation.platform.ids.IdPrefix;
import dev.videoautomation.platform.ids.Ids;
import dev.videoautomation.platform.keys.ApiKeys;

/** Issues, replaces and revokes keys, announcing each change on {@code key_events}. Callers hold the transaction. */
@ApplicationScoped
public class Keys {
  public static final List<String> ANONYMOUS_SCOPES = List.of("api.read");
  public static final List<String> LIVE_SCOPES = List.of("api.read", "api.write");

  private final KeyEvents events;
  private final Clock clock = Clock.systemUTC();

  Keys(KeyEvents events) {
    this.events = events;
  }

  /** A stored key and the key itself, to be shown once. */
  public record Issued(ApiKey key, String credential) {
  }

  public Issued issue(String clientId, ApiKeys.Kind kind, List<String> scopes) {
    return issue(clientId, kind, scopes, key -> { });
  }

  /**
   * A live sub-key of {@code parent}'s client, created by {@code parent}, with the caps {@code caps} sets (name,
   * buckets, daily units, expiry); the caller flushes it before asking billing for its budget.
   */
  public Issued issueSubKey(ApiKey parent, List<String> scopes, java.util.function.Consumer<ApiKey> caps) {
    return issue(parent.clientId, ApiKeys.Kind.LIVE, scopes, key -> {
      key.parentKeyId = parent.id;
      caps.accept(key);
    });
  }

  private Issued issue(String clientId, ApiKeys.Kind kind, List<String> scopes,
      java.util.function.Consumer<ApiKey> more) {
    var credential = ApiKeys.newKey(kind);
    var key = new ApiKey();
    key.id = Ids.newId(IdPrefix.KEY);
    key.clientId = clientId;
    key.keyHash = ApiKeys.hash(credential);
    key.kind = kind == ApiKeys.Kind.LIVE ? ApiKey.LIVE : ApiKey.ANONYMOUS;
    key.scopes = String.join(" ", scopes);
    key.status = ApiKey.ACTIVE;
    key.createdAt = clock.instant();
    more.accept(key);
    key.persist();
    return new Issued(key, credential);
  }

  /** The key stops working at once: claim, rotation without grace. */
  public void replace(ApiKey key) {
    end(key, ApiKey.REPLACED);
    events.send("key.replaced", key.id, key.clientId);
  }

  /** The key keeps working until {@code expiresAt} (rotation with grace). */
  public void expireAt(ApiKey key, Instant expiresAt) {
    key.expiresAt = expiresAt;
    events.send("key.expiry_changed", key.id, key.clientId);
  }

  public void revoke(ApiKey key) {
    end(key, ApiKey.REVOKED);
    events.send("key.revoked", key.id, key.clientId);
  }

  /** A sub-key's name, buckets, caps or expiry changed: every gateway drops what it cached of it. */
  public void capsChanged(ApiKey key) {
    events.send("key.caps_changed", key.id, key.clientId);
  }

  /** Whether {@code keyId} names a sub-key (which may not manage keys, rotate or verify a recovery address). */
  public boolean isSubKey(String keyId) {
    if (keyId == null) {
      return false;
    }
    ApiKey key = ApiKey.findById(keyId);
    return key != null && key.isSubKey();
  }

  /** Every key of the client stops working (recovery). */
  public void replaceAllOf(String clientId) {
    for (var key : ApiKey.activeOf(clientId)) {
      end(key, ApiKey.REPLACED);
    }
    events.send("client.keys_revoked", null, clientId);
  }

  private void end(ApiKey key, String status) {
    key.status = status;
    key.endedAt = clock.instant();
  }
}

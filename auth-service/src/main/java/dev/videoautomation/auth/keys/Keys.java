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
    var credential = ApiKeys.newKey(kind);
    var key = new ApiKey();
    key.id = Ids.newId(IdPrefix.KEY);
    key.clientId = clientId;
    key.keyHash = ApiKeys.hash(credential);
    key.kind = kind == ApiKeys.Kind.LIVE ? ApiKey.LIVE : ApiKey.ANONYMOUS;
    key.scopes = String.join(" ", scopes);
    key.status = ApiKey.ACTIVE;
    key.createdAt = clock.instant();
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

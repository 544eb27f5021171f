package dev.videoautomation.auth.keys;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;

import dev.videoautomation.auth.keys.KeyDtos.Rotated;
import dev.videoautomation.platform.errors.ApiException;
import dev.videoautomation.platform.errors.ErrorCode;
import dev.videoautomation.platform.keys.ApiKeys;

/**
 * Replaces the key the caller presented with a new one of the same kind and scopes, now or after a grace period.
 *
 * <p>Only a client's newest key rotates: a key inside its rotation grace was already replaced, and letting it rotate
 * would let whoever holds it (a leaked key, say) mint a key that outlives the grace. And a rotation ends the older keys
 * along with the one rotated: the new key is the client's only key without an end, every other key stops at once (no
 * grace) or by the end of the new grace at the latest, so rotating the newest key ends a leaked older one too.
 */
@ApplicationScoped
public class Rotation {
  private final Keys keys;
  private final Clock clock = Clock.systemUTC();

  Rotation(Keys keys) {
    this.keys = keys;
  }

  /**
   * The new key, and when the old one stops working (null: it already has). Every active primary key of the client is
   * locked, oldest first (the order recovery locks them in), so two rotations of one key cannot both succeed. Sub-keys
   * belong to the client, not to the key that rotates: they are neither locked nor ended, and a sub-key cannot rotate.
   */
  @Transactional
  public Rotated rotate(String clientId, String keyId, int graceSeconds) {
    if (keys.isSubKey(keyId)) {
      throw new ApiException(ErrorCode.INSUFFICIENT_SCOPE, "A sub-key cannot rotate: rotate the client's primary "
          + "key (the sub-keys keep working), or have the owner of the primary key delete this sub-key and create "
          + "another (POST /v1/api_keys).");
    }
    var active = ApiKey.activePrimariesOf(clientId);
    var now = clock.instant();
    var current = active.stream().filter(key -> key.id.equals(keyId)).findFirst().orElse(null);
    if (current == null || endedBy(current, now)) {
      throw new ApiException(ErrorCode.UNAUTHORIZED, "The key you called with is no longer active: call with the "
          + "key the last claim, rotation or recovery gave you.");
    }
    if (current.expiresAt != null) {
      throw new ApiException(ErrorCode.KEY_ROTATING, "The key you called with was replaced by a newer key and works "
          + "only until its rotation grace ends (" + current.expiresAt + "), so it cannot rotate: rotate with the "
          + "newest key. If a key leaked, rotating the newest key without grace ends every older key too.");
    }
    var kind = ApiKey.LIVE.equals(current.kind) ? ApiKeys.Kind.LIVE : ApiKeys.Kind.ANONYMOUS;
    var issued = keys.issue(clientId, kind, current.scopeList());
    var graceEnd = graceSeconds == 0 ? null : now.plus(Duration.ofSeconds(graceSeconds));
    for (var key : active) {
      if (!endedBy(key, now)) {
        end(key, graceEnd);
      }
    }
    return new Rotated(issued.credential(), "api_key", null, issued.key().scopeList(),
        graceEnd == null ? null : graceEnd.toEpochMilli());
  }

  /** Ends {@code key} at once ({@code graceEnd} null), or by {@code graceEnd} if it would live longer. */
  private void end(ApiKey key, Instant graceEnd) {
    if (graceEnd == null) {
      keys.replace(key);
    } else if (key.expiresAt == null || key.expiresAt.isAfter(graceEnd)) {
      keys.expireAt(key, graceEnd);
    }
  }

  private static boolean endedBy(ApiKey key, Instant now) {
    return key.expiresAt != null && !now.isBefore(key.expiresAt);
  }
}

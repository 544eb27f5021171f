package dev.videoautomation.auth.keys;

import java.time.Clock;
import java.time.Duration;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.LockModeType;
import jakarta.transaction.Transactional;

import dev.videoautomation.auth.keys.KeyDtos.Rotated;
import dev.videoautomation.platform.errors.ApiException;
import dev.videoautomation.platform.errors.ErrorCode;
import dev.videoautomation.platform.keys.ApiKeys;

/** Replaces the key the caller presented with a new one of the same kind and scopes, now or after a grace period. */
@ApplicationScoped
public class Rotation {
  private final Keys keys;
  private final Clock clock = Clock.systemUTC();

  Rotation(Keys keys) {
    this.keys = keys;
  }

  /**
   * The new key, and when the old one stops working (null: it already has). The old key's row is locked, so two
   * rotations of one key cannot both succeed.
   */
  @Transactional
  public Rotated rotate(String clientId, String keyId, int graceSeconds) {
    ApiKey current = ApiKey.findById(keyId, LockModeType.PESSIMISTIC_WRITE);
    var now = clock.instant();
    if (current == null || !current.clientId.equals(clientId) || !ApiKey.ACTIVE.equals(current.status)
        || (current.expiresAt != null && !now.isBefore(current.expiresAt))) {
      throw new ApiException(ErrorCode.UNAUTHORIZED, "The key you called with is no longer active: call with the "
          + "key the last claim, rotation or recovery gave you.");
    }
    var kind = ApiKey.LIVE.equals(current.kind) ? ApiKeys.Kind.LIVE : ApiKeys.Kind.ANONYMOUS;
    var issued = keys.issue(clientId, kind, current.scopeList());
    Long previousExpires = null;
    if (graceSeconds == 0) {
      keys.replace(current);
    } else {
      var expiresAt = now.plus(Duration.ofSeconds(graceSeconds));
      if (current.expiresAt != null && current.expiresAt.isBefore(expiresAt)) {
        expiresAt = current.expiresAt;
      }
      keys.expireAt(current, expiresAt);
      previousExpires = expiresAt.toEpochMilli();
    }
    return new Rotated(issued.credential(), "api_key", null, issued.key().scopeList(), previousExpires);
  }
}

package dev.videoautomation.auth.keys;

import java.time.Clock;
import java.time.Duration;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;

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

  /** The new key, and when the old one stops working (null: it already has). */
  public record Rotated(Keys.Issued issued, Long previousExpires) {
  }

  @Transactional
  public Rotated rotate(String clientId, String keyId, int graceSeconds) {
    ApiKey current = keyId == null ? null : ApiKey.findById(keyId);
    if (current == null || !current.clientId.equals(clientId) || !ApiKey.ACTIVE.equals(current.status)) {
      throw new ApiException(ErrorCode.UNAUTHORIZED, "Send the key to rotate in the Authorization header.");
    }
    var kind = "live".equals(current.kind) ? ApiKeys.Kind.LIVE : ApiKeys.Kind.ANONYMOUS;
    var issued = keys.issue(clientId, kind, current.scopeList());
    if (graceSeconds == 0) {
      keys.replace(current);
      return new Rotated(issued, null);
    }
    var expiresAt = clock.instant().plus(Duration.ofSeconds(graceSeconds));
    if (current.expiresAt != null && current.expiresAt.isBefore(expiresAt)) {
      expiresAt = current.expiresAt;
    }
    keys.expireAt(current, expiresAt);
    return new Rotated(issued, expiresAt.toEpochMilli());
  }
}

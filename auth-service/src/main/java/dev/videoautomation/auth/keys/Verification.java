package dev.videoautomation.auth.keys;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;

import io.quarkus.runtime.annotations.RegisterForReflection;

/** Turns a key hash into its client, key and status (docs/internal-api.md §3.1): one indexed look-up by hash. */
@ApplicationScoped
public class Verification {
  /** {@code lastUsedAt} is written at most this often per key, so a busy key costs no write per call. */
  static final Duration LAST_USED_PRECISION = Duration.ofMinutes(1);
  private static final String MARK_USED = "update ApiKey set firstVerifiedAt = coalesce(firstVerifiedAt, ?1), "
      + "lastUsedAt = ?1 where id = ?2";
  private final Clock clock = Clock.systemUTC();

  /**
   * The verdict, with a sub-key's caps (docs/internal-api.md §3.19.1): for a primary key {@code subKey} is false,
   * {@code parentKeyId} and {@code buckets} null and {@code dailyUnits} empty; {@code buckets} null is every bucket.
   */
  @RegisterForReflection
  public record Answer(String status, String clientId, String keyId, List<String> scopes, Long expiresAt,
      boolean subKey, String parentKeyId, List<String> buckets, Map<String, Integer> dailyUnits) {
    static final Answer UNKNOWN = new Answer("unknown", null, null, List.of(), null, false, null, null, Map.of());

    static Answer of(String status, ApiKey key, List<String> scopes) {
      var expiresAt = key.expiresAt == null ? null : key.expiresAt.toEpochMilli();
      return new Answer(status, key.clientId, key.id, scopes, expiresAt, key.isSubKey(), key.parentKeyId,
          key.buckets, key.dailyUnits == null ? Map.of() : key.dailyUnits);
    }
  }

  @Transactional
  public Answer verify(String keyHash) {
    var key = ApiKey.findByHash(keyHash);
    if (key == null) {
      return Answer.UNKNOWN;
    }
    var now = clock.instant();
    if (!ApiKey.ACTIVE.equals(key.status)) {
      return Answer.of(key.status, key, List.of());
    }
    // A rotated key past its grace, and a sub-key past its expiry.
    if (key.expiresAt != null && !now.isBefore(key.expiresAt)) {
      return Answer.of("expired", key, List.of());
    }
    if (key.firstVerifiedAt == null || key.lastUsedAt == null
        || key.lastUsedAt.plus(LAST_USED_PRECISION).isBefore(now)) {
      markUsed(key, now);
    }
    return Answer.of(ApiKey.ACTIVE, key, key.scopeList());
  }

  /** One targeted update (never the whole row: a concurrent claim or rotation may be changing its status). */
  private static void markUsed(ApiKey key, Instant now) {
    ApiKey.update(MARK_USED, now, key.id);
  }
}

package dev.videoautomation.auth.keys;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

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

  @RegisterForReflection
  public record Answer(String status, String clientId, String keyId, List<String> scopes, Long expiresAt) {
    static final Answer UNKNOWN = new Answer("unknown", null, null, List.of(), null);
  }

  @Transactional
  public Answer verify(String keyHash) {
    var key = ApiKey.findByHash(keyHash);
    if (key == null) {
      return Answer.UNKNOWN;
    }
    var now = clock.instant();
    var expiresAt = key.expiresAt == null ? null : key.expiresAt.toEpochMilli();
    if (!ApiKey.ACTIVE.equals(key.status)) {
      return new Answer(key.status, key.clientId, key.id, List.of(), expiresAt);
    }
    if (key.expiresAt != null && !now.isBefore(key.expiresAt)) {
      return new Answer("expired", key.clientId, key.id, List.of(), expiresAt);
    }
    if (key.firstVerifiedAt == null || key.lastUsedAt == null
        || key.lastUsedAt.plus(LAST_USED_PRECISION).isBefore(now)) {
      markUsed(key, now);
    }
    return new Answer(ApiKey.ACTIVE, key.clientId, key.id, key.scopeList(), expiresAt);
  }

  /** One targeted update (never the whole row: a concurrent claim or rotation may be changing its status). */
  private static void markUsed(ApiKey key, Instant now) {
    ApiKey.update(MARK_USED, now, key.id);
  }
}

package dev.videoautomation.gateway.keys;

import java.time.Instant;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

import io.quarkus.runtime.annotations.RegisterForReflection;

import dev.videoautomation.platform.limits.LimitBucket;

/**
 * Auth-service's answer to {@code POST /internal/verify} (docs/internal-api.md §3.1), with a sub-key's caps
 * (§3.19.1): whether the key is a sub-key, the primary key that made it, the metered buckets it may draw from (null:
 * every bucket) and its own daily calls per bucket (a bucket not named has no own cap).
 */
@RegisterForReflection
@JsonIgnoreProperties(ignoreUnknown = true)
public record KeyVerification(String status, String clientId, String keyId, List<String> scopes, Long expiresAt,
    Boolean subKey, String parentKeyId, List<String> buckets, Map<String, Integer> dailyUnits) {
  public static final String ACTIVE = "active";
  public static final String EXPIRED = "expired";

  public boolean active() {
    return ACTIVE.equals(status);
  }

  public List<String> scopesOrEmpty() {
    return scopes == null ? List.of() : scopes;
  }

  public boolean isSubKey() {
    return Boolean.TRUE.equals(subKey);
  }

  /** Whether the key may draw from {@code bucket}: a primary key always, a sub-key when its buckets name it. */
  public boolean allows(LimitBucket bucket) {
    return !isSubKey() || buckets == null || buckets.contains(bucket.bucketName());
  }

  /** The sub-key's own daily calls in {@code bucket}, or null when it has none there (or is a primary key). */
  public Integer dailyCap(LimitBucket bucket) {
    return !isSubKey() || dailyUnits == null ? null : dailyUnits.get(bucket.bucketName());
  }

  /** Whether an active answer has nonetheless passed its expiry (cached since, or auth's clock behind ours). */
  public boolean expiredAt(long nowMillis) {
    return expiresAt != null && expiresAt <= nowMillis;
  }

  /** The sentence a refused caller reads: what happened to the key and what to do. */
  public String refusal() {
    var state = active() && expiredAt(System.currentTimeMillis()) ? EXPIRED : status == null ? "unknown" : status;
    return switch (state) {
      case "replaced" -> "This API key was replaced by a newer one (claim, rotation or recovery): use the key that "
          + "call gave you.";
      case "revoked" -> isSubKey()
          ? "This sub-key was revoked (deleted by its client, or its primary key reported leaked): ask the agent "
              + "that gave it to you for a new one."
          : "This API key was revoked. Register again at POST /v1/auth/agent or recover a key at "
              + "POST /v1/api_keys/recover.";
      case EXPIRED -> expiry();
      default -> "This API key is not known. Register at POST /v1/auth/agent to get one.";
    };
  }

  private String expiry() {
    var when = expiresAt == null ? "" : " at " + Instant.ofEpochMilli(expiresAt);
    return isSubKey()
        ? "This sub-key expired" + when + " (its expiresAt): ask the agent that gave it to you for a new one (a "
            + "primary key creates sub-keys at POST /v1/api_keys)."
        : "This API key expired" + when + " (its rotation grace period ended): use the newer key.";
  }
}

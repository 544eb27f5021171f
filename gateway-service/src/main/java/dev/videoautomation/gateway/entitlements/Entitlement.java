package dev.videoautomation.gateway.entitlements;

import java.util.Map;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

import io.quarkus.runtime.annotations.RegisterForReflection;

import dev.videoautomation.platform.limits.LimitBucket;

/** Billing's answer to {@code GET /internal/entitlements/{clientId}} (docs/internal-api.md §3.3). */
@RegisterForReflection
@JsonIgnoreProperties(ignoreUnknown = true)
public record Entitlement(String clientId, boolean active, String plan, String status, Map<String, Integer> limits,
    Long periodEnd, Long validUntil) {

  /** Calls per day in this bucket; a bucket the plan does not list allows none. */
  public int limit(LimitBucket bucket) {
    if (limits == null) {
      return 0;
    }
    var limit = limits.get(bucket.bucketName());
    return limit == null ? 0 : limit;
  }
}

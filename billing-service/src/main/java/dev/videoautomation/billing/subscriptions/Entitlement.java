package dev.videoautomation.billing.subscriptions;

import java.util.Map;

import io.quarkus.runtime.annotations.RegisterForReflection;

/** May a client use paid routes, and with which daily limits (docs/internal-api.md §3.3). */
@RegisterForReflection
public record Entitlement(String clientId, boolean active, String plan, String status, Map<String, Integer> limits,
    Long periodEnd, Long validUntil) {
  public static final String NONE = "none";
}

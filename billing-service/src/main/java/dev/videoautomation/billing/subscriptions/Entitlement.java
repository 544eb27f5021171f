package dev.videoautomation.billing.subscriptions;

import java.util.Map;

import io.quarkus.runtime.annotations.RegisterForReflection;

/**
 * May a client use paid routes, and with which daily limits (docs/internal-api.md §3.3).
 *
 * @param clientId the client asked about
 * @param active the one field the gateway's subscription gate reads
 * @param plan the plan, or null when the client never had a subscription
 * @param status {@code none}, {@code active}, {@code past_due}, {@code canceled} or {@code expired}
 * @param limits bucket name to calls per day: every bucket when active, none otherwise
 * @param periodEnd end of the paid period, epoch ms, or null
 * @param validUntil when this answer changes without an event (period or grace end), epoch ms; null = only by event
 */
@RegisterForReflection
public record Entitlement(String clientId, boolean active, String plan, String status, Map<String, Integer> limits,
    Long periodEnd, Long validUntil) {
  public static final String NONE = "none";
}

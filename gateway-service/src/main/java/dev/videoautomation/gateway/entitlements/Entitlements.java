package dev.videoautomation.gateway.entitlements;

import java.time.Duration;

import jakarta.inject.Singleton;


import org.eclipse.microprofile.rest.client.inject.RestClient;

import io.vertx.core.Future;

import dev.videoautomation.gateway.cache.ExpiringCache;
import dev.videoautomation.gateway.events.ChangeEvents;

/**
 * Whether a client may use paid routes and with which daily limits, from billing, cached per client for at most a
 * minute (never past the answer's {@code validUntil}) and dropped on {@code entitlement_events}.
 */
@Singleton
public class Entitlements {
  static final long TTL_MILLIS = Duration.ofSeconds(60).toMillis();
  private static final int MAX_ENTRIES = 100_000;

  private final BillingClient billing;
  private final ChangeEvents events;
  private final ExpiringCache<String, Entitlement> cache = new ExpiringCache<>(MAX_ENTRIES, answer -> {
    var ttlEnd = System.currentTimeMillis() + TTL_MILLIS;
    return answer.validUntil() == null ? ttlEnd : Math.min(ttlEnd, answer.validUntil());
  });

  Entitlements(@RestClient BillingClient billing, ChangeEvents events) {
    this.billing = billing;
    this.events = events;
    events.onEntitlementEvent(clientId -> {
      if (clientId == null) {
        cache.clear();
      } else {
        cache.evict(clientId);
      }
    });
    events.onReconnect(cache::clear);
  }

  public Future<Entitlement> of(String clientId) {
    return cache.get(clientId, events.listening(),
        id -> Future.fromCompletionStage(billing.entitlement(id).subscribeAsCompletionStage()));
  }
}

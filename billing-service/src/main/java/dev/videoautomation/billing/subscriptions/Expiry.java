package dev.videoautomation.billing.subscriptions;

import java.time.Clock;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;

import io.quarkus.scheduler.Scheduled;

/**
 * Turns subscriptions whose time ran out (period over, or past-due grace over) into {@code expired} and announces
 * each on {@code entitlement_events}, so every gateway drops its cached answer (their {@code validUntil} is the
 * second safety net). Safe on every replica at once: each row is locked and skipped when another has it.
 */
@ApplicationScoped
public class Expiry {
  private final SubscriptionRepository subscriptions;
  private final EntitlementEvents events;
  private final Clock clock = Clock.systemUTC();

  Expiry(SubscriptionRepository subscriptions, EntitlementEvents events) {
    this.subscriptions = subscriptions;
    this.events = events;
  }

  @Scheduled(every = "${billing.expiry.every:60s}", delayed = "10s",
      concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
  @Transactional
  void run() {
    expireDue();
  }

  /** Expires what is due now; the number of subscriptions expired. */
  @Transactional
  public int expireDue() {
    @SuppressWarnings("unchecked")
    java.util.List<String> due = subscriptions.getEntityManager().createNativeQuery("""
        SELECT client_id FROM subscriptions
        WHERE (status IN ('active', 'canceled') AND period_end <= now())
           OR (status = 'past_due' AND (grace_end IS NULL OR grace_end <= now()))
        FOR UPDATE SKIP LOCKED LIMIT 500""").getResultList();
    for (var clientId : due) {
      var subscription = subscriptions.findById(clientId);
      subscription.status = Subscription.EXPIRED;
      subscription.updatedAt = clock.instant();
      events.changed(clientId);
    }
    return due.size();
  }
}

package dev.videoautomation.billing.subscriptions;

import java.time.Clock;
import java.time.Instant;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;

import dev.videoautomation.billing.plans.Plan;

/**
 * Puts a client on a plan until {@code periodEnd}, whoever asks (an operator, a completed checkout), under the
 * client's lock and announcing the change on {@code entitlement_events} in the same transaction.
 */
@ApplicationScoped
@Transactional(Transactional.TxType.MANDATORY)
public class Activations {
  private final SubscriptionRepository subscriptions;
  private final EntitlementEvents events;
  private final Clock clock = Clock.systemUTC();

  Activations(SubscriptionRepository subscriptions, EntitlementEvents events) {
    this.subscriptions = subscriptions;
    this.events = events;
  }

  public Subscription activate(String clientId, Plan plan, Instant periodEnd, String provider) {
    subscriptions.lockClient(clientId);
    var now = clock.instant();
    var subscription = subscriptions.ofClient(clientId).orElseGet(() -> {
      var created = new Subscription();
      created.clientId = clientId;
      created.createdAt = now;
      return created;
    });
    subscription.plan = plan.plan;
    subscription.status = Subscription.ACTIVE;
    subscription.periodEnd = periodEnd;
    subscription.graceEnd = null;
    subscription.provider = provider;
    subscription.updatedAt = now;
    subscriptions.persist(subscription);
    events.changed(clientId);
    return subscription;
  }
}

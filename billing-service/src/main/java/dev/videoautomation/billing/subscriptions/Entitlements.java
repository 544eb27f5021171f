package dev.videoautomation.billing.subscriptions;

import java.time.Clock;
import java.time.Instant;
import java.util.Map;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;

import dev.videoautomation.billing.plans.Plan;
import dev.videoautomation.billing.plans.PlanRepository;
import dev.videoautomation.billing.plans.PriceList;

/**
 * A client's entitlement, computed from its subscription and plan at the moment of asking: {@code active} for an
 * active subscription before its period ends, a past-due one within its grace period, and a canceled one before its
 * period ends; every bucket's limit from the plan then, none otherwise.
 */
@ApplicationScoped
@Transactional(Transactional.TxType.SUPPORTS)
public class Entitlements {
  private final SubscriptionRepository subscriptions;
  private final PlanRepository plans;
  private final Clock clock = Clock.systemUTC();

  Entitlements(SubscriptionRepository subscriptions, PlanRepository plans) {
    this.subscriptions = subscriptions;
    this.plans = plans;
  }

  /** The client's entitlement now; {@code status: none} for a client billing has never seen. */
  public Entitlement of(String clientId) {
    return of(clientId, subscriptions.ofClient(clientId).orElse(null));
  }

  /** The entitlement a subscription (perhaps just changed, perhaps null) gives now. */
  public Entitlement of(String clientId, Subscription subscription) {
    var limits = subscription == null ? Map.<String, Integer>of()
        : plans.byName(subscription.plan).map((Plan plan) -> plan.dailyLimits).orElse(Map.of());
    return compute(clientId, subscription, limits, clock.instant());
  }

  /** The rules of docs/internal-api.md §3.3, free of the database and the clock. */
  static Entitlement compute(String clientId, Subscription subscription, Map<String, Integer> planLimits,
      Instant now) {
    if (subscription == null) {
      return new Entitlement(clientId, false, null, Entitlement.NONE, Map.of(), null, null);
    }
    var until = switch (subscription.status) {
      case Subscription.ACTIVE, Subscription.CANCELED -> subscription.periodEnd;
      case Subscription.PAST_DUE -> subscription.graceEnd;
      default -> null;
    };
    var active = until != null && now.isBefore(until);
    var status = subscription.status;
    if (!active && (Subscription.ACTIVE.equals(status) || Subscription.CANCELED.equals(status))) {
      status = Subscription.EXPIRED;
    }
    return new Entitlement(clientId, active, subscription.plan, status,
        active ? PriceList.inBucketOrder(planLimits) : Map.of(),
        subscription.periodEnd == null ? null : subscription.periodEnd.toEpochMilli(),
        active ? until.toEpochMilli() : null);
  }
}

package dev.videoautomation.billing.subscriptions;

import java.time.Clock;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;

import dev.videoautomation.billing.plans.Plan;

/**
 * Computes a client's entitlement from its subscription: {@code active} for an active subscription, a past-due one
 * within its grace period, and a canceled one before its period ends; every bucket's limit from the plan then,
 * none otherwise.
 */
@ApplicationScoped
public class Entitlements {
  private final Clock clock;

  Entitlements() {
    this(Clock.systemUTC());
  }

  Entitlements(Clock clock) {
    this.clock = clock;
  }

  @Transactional
  public Entitlement of(String clientId) {
    Subscription subscription = Subscription.findById(clientId);
    return of(clientId, subscription);
  }

  public Entitlement of(String clientId, Subscription subscription) {
    if (subscription == null) {
      return new Entitlement(clientId, false, null, Entitlement.NONE, Map.of(), null, null);
    }
    var now = clock.instant();
    var status = subscription.status;
    Instant validUntil = null;
    var active = switch (status) {
      case Subscription.ACTIVE, Subscription.CANCELED -> {
        validUntil = subscription.periodEnd;
        yield now.isBefore(subscription.periodEnd);
      }
      case Subscription.PAST_DUE -> {
        validUntil = subscription.graceEnd;
        yield subscription.graceEnd != null && now.isBefore(subscription.graceEnd);
      }
      default -> false;
    };
    if (!active && !Subscription.EXPIRED.equals(status) && !Subscription.PAST_DUE.equals(status)) {
      status = Subscription.EXPIRED;
    }
    Map<String, Integer> limits = Map.of();
    if (active) {
      Plan plan = Plan.findById(subscription.plan);
      limits = plan == null ? Map.of() : new LinkedHashMap<>(plan.dailyLimits);
    }
    return new Entitlement(clientId, active, subscription.plan, status, limits,
        subscription.periodEnd.toEpochMilli(), active && validUntil != null ? validUntil.toEpochMilli() : null);
  }
}

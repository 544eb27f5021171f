package dev.videoautomation.billing.stripe;

import java.time.Clock;
import java.time.Instant;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.transaction.Transactional;

import com.fasterxml.jackson.databind.JsonNode;

import io.quarkus.logging.Log;

import dev.videoautomation.billing.checkout.Checkouts;
import dev.videoautomation.billing.config.BillingConfig;
import dev.videoautomation.billing.credits.CreditLedger;
import dev.videoautomation.billing.credits.LedgerEntry;
import dev.videoautomation.billing.credits.LedgerRepository;
import dev.videoautomation.billing.plans.PlanRepository;
import dev.videoautomation.billing.subscriptions.EntitlementEvents;
import dev.videoautomation.billing.subscriptions.Subscription;
import dev.videoautomation.billing.subscriptions.SubscriptionRepository;

/**
 * Applies Stripe's events, each once (its id is recorded in the same transaction), and out-of-order safe: an event
 * older than the newest one applied to a subscription changes nothing, and a first invoice that arrives before the
 * checkout's completion completes the checkout itself.
 */
@ApplicationScoped
public class StripeWebhooks {
  private final EntityManager entityManager;
  private final Checkouts checkouts;
  private final SubscriptionRepository subscriptions;
  private final PlanRepository plans;
  private final CreditLedger credits;
  private final LedgerRepository ledger;
  private final EntitlementEvents events;
  private final BillingConfig.Stripe config;
  private final Clock clock = Clock.systemUTC();

  StripeWebhooks(EntityManager entityManager, Checkouts checkouts, SubscriptionRepository subscriptions,
      PlanRepository plans, CreditLedger credits, LedgerRepository ledger, EntitlementEvents events,
      BillingConfig config) {
    this.entityManager = entityManager;
    this.checkouts = checkouts;
    this.subscriptions = subscriptions;
    this.plans = plans;
    this.credits = credits;
    this.ledger = ledger;
    this.events = events;
    this.config = config.stripe();
  }

  /** Applies the event; false when it was processed before. */
  @Transactional
  public boolean apply(JsonNode event) {
    var id = event.path("id").asText();
    var type = event.path("type").asText();
    var createdAt = Instant.ofEpochSecond(event.path("created").asLong());
    var fresh = entityManager.createNativeQuery("""
        INSERT INTO stripe_events (id, type, created_at) VALUES (?1, ?2, ?3) ON CONFLICT (id) DO NOTHING
        RETURNING id""").setParameter(1, id).setParameter(2, type).setParameter(3, java.sql.Timestamp.from(createdAt))
        .getResultList();
    if (fresh.isEmpty()) {
      return false;
    }
    var object = event.path("data").path("object");
    switch (type) {
      case "checkout.session.completed" -> checkoutCompleted(object);
      case "invoice.paid" -> invoicePaid(object, createdAt);
      case "invoice.payment_failed" -> paymentFailed(object, createdAt);
      case "customer.subscription.deleted" -> subscriptionDeleted(object, createdAt);
      default -> Log.debugf("Stripe event %s of type %s needs nothing", id, type);
    }
    return true;
  }

  private void checkoutCompleted(JsonNode session) {
    var sessionId = text(session, "client_reference_id");
    if (sessionId == null) {
      sessionId = text(session.path("metadata"), "session_id");
    }
    if (sessionId == null || checkouts.completeFromProvider(sessionId, text(session, "subscription")).isEmpty()) {
      Log.warnf("A completed Stripe checkout names no session of ours");
    }
  }

  private void invoicePaid(JsonNode invoice, Instant createdAt) {
    var providerId = subscriptionId(invoice);
    var subscription = providerId == null ? null : subscriptions.find("providerSubscriptionId", providerId)
        .firstResult();
    if (subscription == null) {
      // The first invoice can arrive before checkout.session.completed: it proves the payment, so it completes.
      var sessionId = sessionIdOf(invoice);
      if (sessionId == null || checkouts.completeFromProvider(sessionId, providerId).isEmpty()) {
        Log.warnf("A paid Stripe invoice names no subscription or session of ours");
        return;
      }
      subscription = subscriptions.find("providerSubscriptionId", providerId).firstResult();
      if (subscription == null) {
        return;
      }
    }
    subscriptions.lockClient(subscription.clientId);
    if (isStale(subscription, createdAt)) {
      return;
    }
    var periodEnd = invoice.path("lines").path("data").path(0).path("period").path("end").asLong(0);
    if (periodEnd > 0 && Instant.ofEpochSecond(periodEnd).isAfter(subscription.periodEnd)) {
      subscription.periodEnd = Instant.ofEpochSecond(periodEnd);
    }
    subscription.status = Subscription.ACTIVE;
    subscription.graceEnd = null;
    touch(subscription, createdAt);
    var invoiceId = text(invoice, "id");
    // The first invoice's credits came with the checkout; every renewal grants the month's credits once.
    if (!"subscription_create".equals(text(invoice, "billing_reason")) && invoiceId != null
        && ledger.find(invoiceId, LedgerEntry.GRANT).isEmpty()) {
      var plan = plans.byName(subscription.plan).orElseThrow();
      credits.grant(subscription.clientId, invoiceId, plan.monthlyCredits, "monthly credits of plan " + plan.plan
          + " (renewal)", "stripe");
    }
  }

  private void paymentFailed(JsonNode invoice, Instant createdAt) {
    var subscription = known(subscriptionId(invoice));
    if (subscription == null || isStale(subscription, createdAt)) {
      return;
    }
    subscription.status = Subscription.PAST_DUE;
    subscription.graceEnd = clock.instant().plus(config.grace());
    touch(subscription, createdAt);
  }

  private void subscriptionDeleted(JsonNode stripeSubscription, Instant createdAt) {
    var subscription = known(text(stripeSubscription, "id"));
    if (subscription == null || isStale(subscription, createdAt)) {
      return;
    }
    subscription.status = Subscription.EXPIRED;
    if (subscription.periodEnd.isAfter(clock.instant())) {
      subscription.periodEnd = clock.instant();
    }
    touch(subscription, createdAt);
  }

  private Subscription known(String providerId) {
    var subscription = providerId == null ? null : subscriptions.find("providerSubscriptionId", providerId)
        .firstResult();
    if (subscription != null) {
      subscriptions.lockClient(subscription.clientId);
    }
    return subscription;
  }

  private static boolean isStale(Subscription subscription, Instant createdAt) {
    return subscription.providerEventAt != null && createdAt.isBefore(subscription.providerEventAt);
  }

  private void touch(Subscription subscription, Instant createdAt) {
    subscription.providerEventAt = createdAt;
    subscription.updatedAt = clock.instant();
    events.changed(subscription.clientId);
  }

  private static String subscriptionId(JsonNode invoice) {
    var direct = text(invoice, "subscription");
    return direct != null ? direct : text(invoice.path("parent").path("subscription_details"), "subscription");
  }

  private static String sessionIdOf(JsonNode invoice) {
    var id = text(invoice.path("subscription_details").path("metadata"), "session_id");
    return id != null ? id : text(invoice.path("parent").path("subscription_details").path("metadata"),
        "session_id");
  }

  private static String text(JsonNode node, String field) {
    var value = node.path(field);
    return value.isTextual() && !value.asText().isBlank() ? value.asText() : null;
  }
}

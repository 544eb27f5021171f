package dev.videoautomation.billing.checkout;

import java.util.List;
import java.util.Optional;

import jakarta.enterprise.context.ApplicationScoped;

import dev.videoautomation.billing.credits.Credits;
import dev.videoautomation.billing.subscriptions.Entitlements;

/**
 * Where a checkout stands ({@code GET /v1/credits/status}): the session, and once it completed the client's
 * subscription, credit balance and, on the first answer after a keyless checkout, its new key. Each step keeps its
 * own transaction, so the key is marked delivered before the answer leaves.
 */
@ApplicationScoped
public class CheckoutStatuses {
  private final Checkouts checkouts;
  private final Entitlements entitlements;
  private final Credits credits;

  CheckoutStatuses(Checkouts checkouts, Entitlements entitlements, Credits credits) {
    this.checkouts = checkouts;
    this.entitlements = entitlements;
    this.credits = credits;
  }

  /** The status of the session; empty when there is no such session. */
  public Optional<CheckoutDtos.Status> of(String sessionId) {
    return checkouts.current(sessionId).map(this::status);
  }

  private CheckoutDtos.Status status(Checkouts.View session) {
    if (!session.complete()) {
      return new CheckoutDtos.Status(session.id(), session.status(), session.clientId(), null, null, null, null,
          null);
    }
    var entitlement = entitlements.of(session.clientId());
    var subscription = new CheckoutDtos.SubscriptionState(entitlement.plan(), entitlement.status(),
        entitlement.active(), entitlement.periodEnd());
    var balance = new CheckoutDtos.CreditBalance(credits.balance(session.clientId()));
    return checkouts.takeCredential(session.id())
        .map(credential -> new CheckoutDtos.Status(session.id(), session.status(), session.clientId(), subscription,
            balance, credential, "api_key", List.of("api.read", "api.write")))
        .orElseGet(() -> new CheckoutDtos.Status(session.id(), session.status(), session.clientId(), subscription,
            balance, null, null, null));
  }
}

package dev.videoautomation.billing.checkout;

import java.time.Instant;

/**
 * Where a checkout is paid. Each provider starts the payment for a session and says where the buyer goes; the
 * provider tells billing of the payment its own way (the local page's form, Stripe's signed webhooks), and both end
 * in {@link Checkouts} completing the session.
 */
public interface PaymentProvider {

  /** Where to pay, and until when (null: keep the session's own expiry). */
  record Payment(String checkoutUrl, String providerSessionId, Instant expiresAt) {
  }

  /** The name stored with the session and chosen by {@code BILLING_CHECKOUT_PROVIDER}. */
  String name();

  /** Fails with setup advice when the provider cannot take payments on this server. */
  void requireConfigured();

  Payment start(CheckoutSession session, String email, String returnUrl);
}

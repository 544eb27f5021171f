package dev.videoautomation.billing.stripe;

import java.time.Instant;

import jakarta.enterprise.context.ApplicationScoped;

import dev.videoautomation.billing.checkout.CheckoutSession;
import dev.videoautomation.billing.checkout.PaymentProvider;
import dev.videoautomation.billing.provider.StripeApi;

/** Stripe Checkout in subscription mode; the payment is reported by {@link StripeWebhooks}. */
@ApplicationScoped
public class StripePaymentProvider implements PaymentProvider {
  public static final String NAME = "stripe";

  private final StripeApi stripe;

  StripePaymentProvider(StripeApi stripe) {
    this.stripe = stripe;
  }

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public void requireConfigured() {
    stripe.requireConfigured();
  }

  @Override
  public Payment start(CheckoutSession session, String email, String returnUrl) {
    var hosted = stripe.createCheckout(session.id, email, returnUrl, returnUrl);
    return new Payment(hosted.url(), hosted.id(), hosted.expiresAt() > 0 ? Instant.ofEpochSecond(hosted.expiresAt())
        : null);
  }
}

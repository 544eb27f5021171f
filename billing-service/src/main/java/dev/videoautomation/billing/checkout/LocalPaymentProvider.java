package dev.videoautomation.billing.checkout;

import jakarta.enterprise.context.ApplicationScoped;

/** The embedded default: billing's own checkout page, which takes no card (self-hosting and demos). */
@ApplicationScoped
public class LocalPaymentProvider implements PaymentProvider {
  public static final String NAME = "local";

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public void requireConfigured() {
    // Nothing to set up.
  }

  @Override
  public Payment start(CheckoutSession session, String email, String returnUrl) {
    return new Payment(returnUrl, null, null);
  }
}

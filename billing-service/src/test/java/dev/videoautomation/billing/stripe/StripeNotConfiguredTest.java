package dev.videoautomation.billing.stripe;

import static dev.videoautomation.billing.BillingCalls.asService;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

import java.util.Map;

import org.junit.jupiter.api.Test;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;

import dev.videoautomation.platform.testing.PostgresResource;

/** Stripe chosen but not set up: 503 provider_not_configured naming the settings, never a pretend checkout. */
@QuarkusTest
@WithTestResource(PostgresResource.class)
@TestProfile(StripeNotConfiguredTest.StripeWithoutKeys.class)
class StripeNotConfiguredTest {

  public static class StripeWithoutKeys implements QuarkusTestProfile {
    @Override
    public Map<String, String> getConfigOverrides() {
      return Map.of("billing.checkout.provider", "stripe");
    }
  }

  @Test
  void shouldSayWhatToSetUp() {
    asService("gateway-service").when().post("/v1/subscribe").then().statusCode(503)
        .body("error", equalTo("provider_not_configured"))
        .body("setup", containsString("BILLING_STRIPE_SECRET_KEY"));
    asService("gateway-service").header("Stripe-Signature", "t=1,v1=00").body("{}")
        .when().post("/v1/billing/webhooks/stripe").then().statusCode(503)
        .body("error", equalTo("provider_not_configured"))
        .body("setup", containsString("BILLING_STRIPE_WEBHOOK_SECRET"));
  }
}

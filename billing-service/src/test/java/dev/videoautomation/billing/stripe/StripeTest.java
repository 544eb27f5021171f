package dev.videoautomation.billing.stripe;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.containing;
import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static dev.videoautomation.billing.BillingCalls.asService;
import static dev.videoautomation.billing.BillingCalls.entitlement;
import static dev.videoautomation.billing.BillingCalls.newClientId;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import com.github.tomakehurst.wiremock.WireMockServer;

import io.quarkus.test.common.ResourceArg;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.restassured.response.ValidatableResponse;

import dev.videoautomation.platform.keys.ApiKeys;
import dev.videoautomation.platform.testing.InjectWireMock;
import dev.videoautomation.platform.testing.PostgresResource;
import dev.videoautomation.platform.testing.TestTokens;
import dev.videoautomation.platform.testing.WireMockResource;

/** Stripe checkout and signed webhooks, with Stripe and auth-service simulated over real HTTP. */
@QuarkusTest
@WithTestResource(PostgresResource.class)
@WithTestResource(value = WireMockResource.class, initArgs = @ResourceArg(name = "properties",
    value = "billing.stripe.api-base,quarkus.rest-client.auth-client.url"))
@TestProfile(StripeTest.WithStripe.class)
class StripeTest {
  static final String WEBHOOK_SECRET = "whsec_test_simulated_endpoint_secret";

  public static class WithStripe implements QuarkusTestProfile {
    @Override
    public Map<String, String> getConfigOverrides() {
      return Map.of("billing.checkout.provider", "stripe", "billing.stripe.secret-key", "sk_test_simulated",
          "billing.stripe.price-id", "price_pro_monthly", "billing.stripe.webhook-secret", WEBHOOK_SECRET);
    }
  }

  @InjectWireMock
  WireMockServer stripe;

  @BeforeEach
  void reset() {
    stripe.resetAll();
    stripe.stubFor(post(urlEqualTo("/v1/checkout/sessions")).willReturn(aResponse().withStatus(200)
        .withHeader("Content-Type", "application/json").withBody("{\"id\":\"cs_test_stripe1\",\"object\":"
            + "\"checkout.session\",\"url\":\"https://checkout.stripe.test/c/pay/cs_test_stripe1\",\"expires_at\":"
            + (Instant.now().getEpochSecond() + 86_400) + "}")));
  }

  private static String subscribeAs(String clientId) {
    return given().header("Authorization", "Bearer " + TestTokens.forClient(clientId, Set.of("api.read", "api.write"),
        null)).when().post("/v1/subscribe").then().statusCode(201)
        .body("checkoutUrl", org.hamcrest.Matchers.equalTo("https://checkout.stripe.test/c/pay/cs_test_stripe1"))
        .extract().path("sessionId");
  }

  private static ValidatableResponse deliver(String payload, long signedAt, String secret) {
    var signature = "t=" + signedAt + ",v1=" + WebhookSignatures.sign(signedAt + "." + payload, secret);
    return asService("gateway-service").header("Stripe-Signature", signature).contentType("application/json")
        .body(payload).when().post("/v1/billing/webhooks/stripe").then().log().ifValidationFails();
  }

  private static ValidatableResponse deliver(String payload) {
    return deliver(payload, Instant.now().getEpochSecond(), WEBHOOK_SECRET);
  }

  private static String event(String id, String type, long created, String object) {
    return "{\"id\":\"" + id + "\",\"object\":\"event\",\"type\":\"" + type + "\",\"created\":" + created
        + ",\"data\":{\"object\":" + object + "}}";
  }

  private static String completed(String sessionId, String subscriptionId) {
    return "{\"id\":\"cs_test_stripe1\",\"object\":\"checkout.session\",\"client_reference_id\":\"" + sessionId
        + "\",\"subscription\":\"" + subscriptionId + "\",\"metadata\":{\"session_id\":\"" + sessionId + "\"}}";
  }

  private static String invoice(String id, String subscriptionId, String sessionId, String reason, long periodEnd) {
    return "{\"id\":\"" + id + "\",\"object\":\"invoice\",\"subscription\":\"" + subscriptionId
        + "\",\"billing_reason\":\"" + reason + "\",\"subscription_details\":{\"metadata\":{\"session_id\":\""
        + sessionId + "\"}},\"lines\":{\"data\":[{\"period\":{\"end\":" + periodEnd + "}}]}}";
  }

  private static int balance(String clientId) {
    return asService("records-service").when().get("/internal/credits/balance/" + clientId).then().statusCode(200)
        .extract().path("balance");
  }

  @Test
  void shouldCreateAStripeCheckoutInSubscriptionMode() {
    var sessionId = subscribeAs(newClientId());

    stripe.verify(postRequestedFor(urlEqualTo("/v1/checkout/sessions"))
        .withHeader("Authorization", equalTo("Bearer sk_test_simulated"))
        .withHeader("Idempotency-Key", equalTo(sessionId))
        // Pinned, so the account's default API version never changes what is sent or read.
        .withHeader("Stripe-Version", equalTo("2026-09-30.endive"))
        .withRequestBody(containing("mode=subscription"))
        .withRequestBody(containing("line_items%5B0%5D%5Bprice%5D=price_pro_monthly"))
        .withRequestBody(containing("client_reference_id=" + sessionId)));
  }

  @Test
  void shouldRefuseABadSignatureAndChangeNothing() {
    var clientId = newClientId();
    var sessionId = subscribeAs(clientId);
    var payload = event("evt_bad_" + UUID.randomUUID(), "checkout.session.completed", Instant.now().getEpochSecond(),
        completed(sessionId, "sub_bad"));

    deliver(payload, Instant.now().getEpochSecond(), "whsec_wrong").statusCode(400)
        .body("field", org.hamcrest.Matchers.equalTo("Stripe-Signature"));
    deliver(payload, Instant.now().getEpochSecond() - 301, WEBHOOK_SECRET).statusCode(400);
    asService("gateway-service").contentType("application/json").body(payload)
        .when().post("/v1/billing/webhooks/stripe").then().statusCode(400);
    entitlement(clientId).body("active", org.hamcrest.Matchers.equalTo(false));
  }

  @Test
  void shouldApplyAnEventOnceAndRenewWithTheMonthsCredits() {
    var clientId = newClientId();
    var sessionId = subscribeAs(clientId);
    var now = Instant.now().getEpochSecond();
    var completedEvent = event("evt_" + UUID.randomUUID(), "checkout.session.completed", now,
        completed(sessionId, "sub_" + clientId));

    deliver(completedEvent).statusCode(200).body("duplicate", org.hamcrest.Matchers.equalTo(false));
    deliver(completedEvent).statusCode(200).body("duplicate", org.hamcrest.Matchers.equalTo(true));
    entitlement(clientId).body("active", org.hamcrest.Matchers.equalTo(true));
    assertThat(balance(clientId)).isEqualTo(500);

    var renewal = event("evt_" + UUID.randomUUID(), "invoice.paid", now + 10, invoice("in_" + UUID.randomUUID(),
        "sub_" + clientId, sessionId, "subscription_cycle", now + 60L * 86_400));
    deliver(renewal).statusCode(200);
    deliver(renewal).statusCode(200).body("duplicate", org.hamcrest.Matchers.equalTo(true));
    assertThat(balance(clientId)).isEqualTo(1000);
    entitlement(clientId).body("periodEnd", org.hamcrest.Matchers.equalTo((now + 60L * 86_400) * 1000));
  }

  @Test
  void shouldIgnoreEventsOlderThanTheNewestApplied() {
    var clientId = newClientId();
    var sessionId = subscribeAs(clientId);
    var now = Instant.now().getEpochSecond();
    deliver(event("evt_" + UUID.randomUUID(), "checkout.session.completed", now - 100,
        completed(sessionId, "sub_" + clientId))).statusCode(200);
    deliver(event("evt_" + UUID.randomUUID(), "invoice.paid", now - 90, invoice("in_first" + clientId,
        "sub_" + clientId, sessionId, "subscription_create", now + 30L * 86_400))).statusCode(200);

    deliver(event("evt_" + UUID.randomUUID(), "customer.subscription.deleted", now,
        "{\"id\":\"sub_" + clientId + "\",\"object\":\"subscription\"}")).statusCode(200);
    entitlement(clientId).body("active", org.hamcrest.Matchers.equalTo(false))
        .body("status", org.hamcrest.Matchers.equalTo("expired"));

    // A late, older renewal must not bring the deleted subscription back.
    deliver(event("evt_" + UUID.randomUUID(), "invoice.paid", now - 50, invoice("in_late" + clientId,
        "sub_" + clientId, sessionId, "subscription_cycle", now + 60L * 86_400))).statusCode(200);
    entitlement(clientId).body("active", org.hamcrest.Matchers.equalTo(false));
    assertThat(balance(clientId)).isEqualTo(500);
  }

  @Test
  void shouldGoPastDueWithGraceWhenAPaymentFails() {
    var clientId = newClientId();
    var sessionId = subscribeAs(clientId);
    var now = Instant.now().getEpochSecond();
    deliver(event("evt_" + UUID.randomUUID(), "checkout.session.completed", now - 10,
        completed(sessionId, "sub_" + clientId))).statusCode(200);

    deliver(event("evt_" + UUID.randomUUID(), "invoice.payment_failed", now, invoice("in_f" + clientId,
        "sub_" + clientId, sessionId, "subscription_cycle", now))).statusCode(200);
    entitlement(clientId).body("status", org.hamcrest.Matchers.equalTo("past_due"))
        .body("active", org.hamcrest.Matchers.equalTo(true));
  }

  @Test
  void shouldCompleteAKeylessCheckoutFromAFirstInvoiceThatArrivesFirst() {
    var sessionId = asService("gateway-service").when().post("/v1/subscribe").then().statusCode(201).extract()
        .<String>path("sessionId");
    var clientId = newClientId();
    var key = ApiKeys.newKey(ApiKeys.Kind.LIVE);
    stripe.stubFor(post(urlEqualTo("/internal/clients")).willReturn(aResponse().withStatus(201)
        .withHeader("Content-Type", "application/json").withBody("{\"clientId\":\"" + clientId + "\",\"keyId\":\"key_x\","
            + "\"credential\":\"" + key + "\",\"created\":true}")));
    var now = Instant.now().getEpochSecond();

    deliver(event("evt_" + UUID.randomUUID(), "invoice.paid", now, invoice("in_k" + clientId, "sub_" + clientId,
        sessionId, "subscription_create", now + 30L * 86_400))).statusCode(200);
    deliver(event("evt_" + UUID.randomUUID(), "checkout.session.completed", now + 1,
        completed(sessionId, "sub_" + clientId))).statusCode(200);

    asService("gateway-service").queryParam("sessionId", sessionId).when().get("/v1/credits/status").then()
        .statusCode(200).body("status", org.hamcrest.Matchers.equalTo("complete"))
        .body("credential", org.hamcrest.Matchers.equalTo(key));
    assertThat(balance(clientId)).isEqualTo(500);
    stripe.verify(1, postRequestedFor(urlEqualTo("/internal/clients")));
  }

  @Test
  void shouldAnswerTheSuitesErrorsWhenStripeRefusesTheCheckout() {
    var clientId = newClientId();
    var caller = given().header("Authorization", "Bearer " + TestTokens.forClient(clientId,
        Set.of("api.read", "api.write"), null));
    // Stripe's 402 is a declined request, never this server's account running dry.
    stripe.stubFor(post(urlEqualTo("/v1/checkout/sessions")).willReturn(aResponse().withStatus(402)
        .withHeader("Content-Type", "application/json").withBody("{\"error\":{\"type\":\"card_error\","
            + "\"code\":\"card_declined\",\"message\":\"Your card has insufficient funds.\"}}")));
    caller.when().post("/v1/subscribe").then().statusCode(502)
        .body("error", org.hamcrest.Matchers.equalTo("upstream_error"))
        .body("upstreamStatus", org.hamcrest.Matchers.equalTo(402));

    // A restricted key without the permission is refused credentials like a wrong key.
    stripe.stubFor(post(urlEqualTo("/v1/checkout/sessions")).willReturn(aResponse().withStatus(403)
        .withHeader("Content-Type", "application/json")
        .withBody("{\"error\":{\"type\":\"invalid_request_error\",\"message\":\"The provided key does not have the required permissions.\"}}")));
    caller.when().post("/v1/subscribe").then().statusCode(502)
        .body("error", org.hamcrest.Matchers.equalTo("provider_auth_failed"))
        .body("setup", org.hamcrest.Matchers.containsString("BILLING_STRIPE_SECRET_KEY"));
  }
}

package dev.videoautomation.billing.checkout;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.matchingJsonPath;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static dev.videoautomation.billing.BillingCalls.asService;
import static dev.videoautomation.billing.BillingCalls.connect;
import static dev.videoautomation.billing.BillingCalls.entitlement;
import static dev.videoautomation.billing.BillingCalls.newClientId;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;
import static org.hamcrest.Matchers.startsWith;

import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import com.github.tomakehurst.wiremock.WireMockServer;

import io.quarkus.test.common.ResourceArg;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;

import dev.videoautomation.platform.keys.ApiKeys;
import dev.videoautomation.platform.testing.InjectWireMock;
import dev.videoautomation.platform.testing.PostgresResource;
import dev.videoautomation.platform.testing.TestTokens;
import dev.videoautomation.platform.testing.WireMockResource;

/** Subscribing through the local checkout, with and without a key; auth-service simulated over real HTTP. */
@QuarkusTest
@WithTestResource(PostgresResource.class)
@WithTestResource(value = WireMockResource.class, initArgs = @ResourceArg(name = "properties",
    value = "quarkus.rest-client.auth-client.url"))
class CheckoutTest {
  /** Buyers open the checkout link on phones; without it the page is laid out at desktop width and shrunk. */
  private static final String MOBILE_VIEWPORT = "<meta name=\"viewport\" content=\"width=device-width, "
      + "initial-scale=1\">";
  @InjectWireMock
  WireMockServer auth;

  @BeforeEach
  void reset() {
    auth.resetAll();
  }

  private static io.restassured.response.ValidatableResponse status(String sessionId) {
    return asService("gateway-service").queryParam("sessionId", sessionId).when().get("/v1/credits/status").then();
  }

  @Test
  void shouldHandTheKeyOfAKeylessCheckoutOutOnce() {
    var clientId = newClientId();
    var key = ApiKeys.newKey(ApiKeys.Kind.LIVE);
    var started = asService("gateway-service").contentType(ContentType.JSON).body(Map.of("email", "buyer@example.com"))
        .when().post("/v1/subscribe").then().statusCode(201)
        .body("sessionId", startsWith("cs_"))
        .extract().jsonPath();
    var sessionId = started.getString("sessionId");
    assertThat(started.getString("checkoutUrl")).isEqualTo("http://localhost:8080/checkout/" + sessionId);
    assertThat(started.getLong("expiresAt")).isGreaterThan(System.currentTimeMillis());
    auth.stubFor(post(urlEqualTo("/internal/clients")).withRequestBody(matchingJsonPath("$.operationId",
        com.github.tomakehurst.wiremock.client.WireMock.equalTo(sessionId))).willReturn(aResponse().withStatus(201)
        .withHeader("Content-Type", "application/json").withBody("{\"clientId\":\"" + clientId + "\",\"keyId\":"
            + "\"key_1\",\"credential\":\"" + key + "\",\"scopes\":[\"api.read\",\"api.write\"],\"created\":true,"
            + "\"emailBound\":true,\"createdAt\":1}")));

    status(sessionId).statusCode(200).body("status", equalTo("pending")).body("credential", nullValue())
        .body("subscription", nullValue());
    asService("gateway-service").when().get("/checkout/" + sessionId).then().statusCode(200)
        .contentType(startsWith("text/html")).body(containsString("Pay $99"), containsString(MOBILE_VIEWPORT));
    asService("gateway-service").when().post("/checkout/" + sessionId).then().statusCode(200)
        .body(containsString("Paid"), containsString(MOBILE_VIEWPORT))
        .body(org.hamcrest.Matchers.not(containsString(key)))
        // The email recovers the key only once its owner sends auth the code mailed to it.
        .body(containsString("mailed a 6-digit code to buyer@example.com"))
        .body(containsString("POST /v1/api_keys/verify_email"));
    asService("gateway-service").when().post("/checkout/" + sessionId).then().statusCode(200)
        .body(containsString("POST /v1/api_keys/verify_email"));

    status(sessionId).statusCode(200)
        .body("status", equalTo("complete"))
        .body("clientId", equalTo(clientId))
        .body("subscription.plan", equalTo("pro"))
        .body("subscription.active", equalTo(true))
        .body("credits.balance", equalTo(500))
        .body("credential", equalTo(key));
    status(sessionId).statusCode(200).body("status", equalTo("complete")).body("credential", nullValue())
        .body("credits.balance", equalTo(500));
    entitlement(clientId).body("active", equalTo(true)).body("limits.watch", equalTo(50));
    auth.verify(1, postRequestedFor(urlEqualTo("/internal/clients"))
        .withRequestBody(matchingJsonPath("$.email", com.github.tomakehurst.wiremock.client.WireMock.equalTo(
            "buyer@example.com"))));
  }

  @Test
  void shouldSubscribeTheClientWhoseKeyCalls() {
    var clientId = newClientId();
    var sessionId = given().header("Authorization", "Bearer " + TestTokens.forClient(clientId,
        Set.of("api.read", "api.write"), null)).when().post("/v1/subscribe")
        .then().statusCode(201).extract().<String>path("sessionId");
    entitlement(clientId).body("active", equalTo(false));

    asService("gateway-service").when().post("/checkout/" + sessionId).then().statusCode(200)
        .body(org.hamcrest.Matchers.not(containsString("verify_email")));

    status(sessionId).statusCode(200).body("status", equalTo("complete")).body("clientId", equalTo(clientId))
        .body("credential", nullValue());
    entitlement(clientId).body("active", equalTo(true));
    auth.verify(0, postRequestedFor(urlEqualTo("/internal/clients")));
  }

  @Test
  void shouldLeaveTheSessionPendingWhenAuthCannotMintTheClient() {
    var sessionId = asService("gateway-service").when().post("/v1/subscribe").then().statusCode(201).extract()
        .<String>path("sessionId");
    auth.stubFor(post(urlEqualTo("/internal/clients")).willReturn(aResponse().withStatus(500)));

    asService("gateway-service").when().post("/checkout/" + sessionId).then().statusCode(503)
        .body(containsString("Try again"));
    status(sessionId).statusCode(200).body("status", equalTo("pending"));
  }

  @Test
  void shouldNameAMissingOrMalformedSession() {
    asService("gateway-service").when().get("/v1/credits/status").then().statusCode(400)
        .body("field", equalTo("sessionId"));
    status("nope").statusCode(400).body("field", equalTo("sessionId"));
    status("cs_0000000000000000000000").statusCode(404).body("error", equalTo("not_found"));
    asService("gateway-service").when().get("/checkout/cs_0000000000000000000000").then().statusCode(404);
    asService("gateway-service").contentType(ContentType.JSON).body(Map.of("plan", "gold"))
        .when().post("/v1/subscribe").then().statusCode(400).body("field", equalTo("plan"));
    asService("gateway-service").contentType(ContentType.JSON).body(Map.of("colour", "red"))
        .when().post("/v1/subscribe").then().statusCode(400).body("field", equalTo("colour"));
    asService("gateway-service").contentType(ContentType.JSON).body(Map.of("email", "not-an-email"))
        .when().post("/v1/subscribe").then().statusCode(400).body("field", equalTo("email"));
  }

  private static io.restassured.response.ValidatableResponse pageInJson(String sessionId) {
    return asService("gateway-service").accept(ContentType.JSON).when().get("/checkout/" + sessionId).then()
        .contentType(startsWith("application/json"));
  }

  @Test
  void shouldAnswerAClientAskingForJsonWithTheSessionsStatusAlone() throws Exception {
    var clientId = newClientId();
    var key = ApiKeys.newKey(ApiKeys.Kind.LIVE);
    var sessionId = asService("gateway-service").contentType(ContentType.JSON)
        .body(Map.of("email", "json-buyer@example.com")).when().post("/v1/subscribe").then().statusCode(201)
        .extract().<String>path("sessionId");
    auth.stubFor(post(urlEqualTo("/internal/clients")).willReturn(aResponse().withStatus(201)
        .withHeader("Content-Type", "application/json").withBody("{\"clientId\":\"" + clientId + "\",\"keyId\":"
            + "\"key_1\",\"credential\":\"" + key + "\",\"scopes\":[\"api.read\",\"api.write\"],\"created\":true,"
            + "\"emailBound\":true,\"createdAt\":1}")));

    pageInJson(sessionId).statusCode(200).header("Cache-Control", "no-store").body("status", equalTo("pending"))
        .body("size()", equalTo(1));
    // A browser and */* still get the page.
    asService("gateway-service").accept("text/html,application/xhtml+xml,*/*;q=0.8").when()
        .get("/checkout/" + sessionId).then().statusCode(200).contentType(startsWith("text/html"));
    asService("gateway-service").accept("*/*").when().get("/checkout/" + sessionId).then().statusCode(200)
        .contentType(startsWith("text/html"));

    // The button is the person's: asked for JSON it pays nothing and says where an agent looks.
    asService("gateway-service").accept(ContentType.JSON).when().post("/checkout/" + sessionId).then()
        .statusCode(406).contentType(startsWith("application/json")).body("error", equalTo("not_acceptable"))
        .body("message", containsString("GET /v1/credits/status"));
    pageInJson(sessionId).statusCode(200).body("status", equalTo("pending"));
    auth.verify(0, postRequestedFor(urlEqualTo("/internal/clients")));

    asService("gateway-service").when().post("/checkout/" + sessionId).then().statusCode(200);
    pageInJson(sessionId).statusCode(200).body("status", equalTo("complete")).body("size()", equalTo(1))
        .body(org.hamcrest.Matchers.not(containsString(key)),
            org.hamcrest.Matchers.not(containsString("json-buyer")));
    // The key is still there for the one answer that hands it over.
    status(sessionId).statusCode(200).body("credential", equalTo(key));

    var lapsed = asService("gateway-service").when().post("/v1/subscribe").then().statusCode(201).extract()
        .<String>path("sessionId");
    try (var db = connect(); var update = db.prepareStatement(
        "UPDATE billing.checkout_sessions SET expires_at = now() - interval '1 minute' WHERE id = ?")) {
      update.setString(1, lapsed);
      assertThat(update.executeUpdate()).isEqualTo(1);
    }
    pageInJson(lapsed).statusCode(200).body("status", equalTo("expired"));

    pageInJson("cs_0000000000000000000000").statusCode(404).body("error", equalTo("not_found"));
    pageInJson("nope").statusCode(404).body("error", equalTo("not_found"));
  }

  @Test
  void shouldRefuseASubscribeBodyWithAKeyGivenTwice() {
    asService("gateway-service").contentType(ContentType.JSON).body("{\"plan\":\"pro\",\"plan\":\"gold\"}")
        .when().post("/v1/subscribe").then().statusCode(400).body("error", equalTo("invalid_request"))
        .body("field", equalTo("plan"))
        .body("message", equalTo("Field 'plan' appears more than once in its object; send each field once."));
  }
}

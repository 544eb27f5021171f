package dev.videoautomation.records.accounts;

import static com.github.tomakehurst.wiremock.client.WireMock.equalToJson;
import static com.github.tomakehurst.wiremock.client.WireMock.matchingJsonPath;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static dev.videoautomation.records.Simulated.as;
import static dev.videoautomation.records.Simulated.json;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;
import static org.hamcrest.Matchers.startsWith;

import java.util.List;
import java.util.Set;

import jakarta.inject.Inject;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.client.WireMock;

import io.quarkus.test.common.ResourceArg;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.smallrye.faulttolerance.api.CircuitBreakerMaintenance;

import dev.videoautomation.platform.ids.IdPrefix;
import dev.videoautomation.platform.ids.Ids;
import dev.videoautomation.platform.testing.InjectWireMock;
import dev.videoautomation.platform.testing.PostgresResource;
import dev.videoautomation.platform.testing.TestTokens;
import dev.videoautomation.platform.testing.WireMockResource;
import dev.videoautomation.records.Simulated;

/** Account creation (charge first), verification through the simulated scrape lookup, and refunds once. */
@QuarkusTest
@WithTestResource(PostgresResource.class)
@WithTestResource(value = WireMockResource.class, initArgs = @ResourceArg(name = "properties",
    value = Simulated.PROPERTIES))
class AccountsTest {
  static final String FOUND = """
      {"exists": true, "platform": "shortvideo", "handle": "some.creator", "displayName": "Some Creator",
       "followers": 10432, "profileUrl": "https://www.tiktok.com/@some.creator", "avatarUrl": "https://x/a.jpg",
       "aFutureField": 1}""";

  @InjectWireMock
  WireMockServer wireMock;

  /** Metrics answer on the management port only. */
  @io.quarkus.test.common.http.TestHTTPResource(value = "metrics", management = true)
  java.net.URL managementMetrics;

  @Inject
  AccountVerifier verifier;

  @Inject
  CircuitBreakerMaintenance breakers;

  @Inject
  dev.videoautomation.records.common.WorkQueueGauge queueGauge;

  String client;

  @BeforeEach
  void reset() {
    wireMock.resetAll();
    Simulated.billingCharges(wireMock, 10);
    client = Simulated.newClient();
  }

  @AfterEach
  void resetBreakers() {
    breakers.resetAll();
  }

  private String create(String name) {
    return as(client).body("{\"platform\": \"shortvideo\", \"name\": \"" + name + "\", \"tags\": "
            + "[{\"key\": \"team\", \"value\": \"red\"}]}")
        .when().post("/v1/accounts").then().statusCode(202)
        .body("id", startsWith("acc_"))
        .body("status", equalTo("creating"))
        .body("creditsCharged", equalTo(10))
        .body("verified", equalTo(false))
        .body("tags[0].key", equalTo("team"))
        .extract().path("id");
  }

  private void drainVerifier() {
    while (verifier.runOnce() > 0) {
      // each run takes what is due
    }
  }

  @Test
  void shouldPublishAccountsWaitingForVerificationAsQueueDepth() {
    Simulated.lookup(wireMock, "queue.depth", 200, FOUND);
    create("queue.depth");
    queueGauge.count();

    io.restassured.RestAssured.given().when().get(managementMetrics).then().statusCode(200)
        .body(org.hamcrest.Matchers.matchesPattern("(?s).*vas_task_queue_depth\\{kind=\"account_verification\","
            + "service=\"records-service\",status=\"waiting\"} [1-9].*"));
    drainVerifier(); // leaves no waiting account behind for the other tests' worker passes
  }

  @Test
  void shouldChargeBeforeStoringAndActivateAFoundHandle() {
    Simulated.lookup(wireMock, "some.creator", 200, FOUND);
    var id = create("some.creator");

    wireMock.verify(1, postRequestedFor(urlPathEqualTo("/internal/credits/charge")).withRequestBody(equalToJson(
        "{\"clientId\": \"" + client + "\", \"operationId\": \"" + id + "\", \"operation\": \"account.create\", "
            + "\"quantity\": 1}")));
    as(client).when().get("/v1/accounts/" + id).then().statusCode(200).body("status", equalTo("creating"));

    verifier.runOnce();

    wireMock.verify(1, postRequestedFor(urlPathEqualTo("/internal/lookup/account"))
        .withRequestBody(equalToJson("{\"platform\": \"shortvideo\", \"handle\": \"some.creator\"}")));
    as(client).when().get("/v1/accounts/" + id).then().statusCode(200)
        .body("status", equalTo("active"))
        .body("verified", equalTo(true))
        .body("displayName", equalTo("Some Creator"))
        .body("followers", equalTo(10432))
        .body("profileUrl", equalTo("https://www.tiktok.com/@some.creator"))
        .body("failureReason", nullValue());
    wireMock.verify(0, postRequestedFor(urlPathEqualTo("/internal/credits/refund")));
  }

  @Test
  void shouldFailAndRefundOnceWhenTheHandleDoesNotExist() {
    Simulated.lookup(wireMock, "nobody.here", 200, "{\"exists\": false, \"platform\": \"shortvideo\", "
        + "\"handle\": \"nobody.here\"}");
    var id = create("nobody.here");

    drainVerifier();
    verifier.runOnce();

    as(client).when().get("/v1/accounts/" + id).then().statusCode(200)
        .body("status", equalTo("failed"))
        .body("failureReason", equalTo("account_not_found"))
        .body("verified", equalTo(false));
    wireMock.verify(1, postRequestedFor(urlPathEqualTo("/internal/credits/refund")).withRequestBody(equalToJson(
        "{\"clientId\": \"" + client + "\", \"operationId\": \"" + id + "\", \"reason\": \"account_not_found\"}")));
  }

  @Test
  void shouldRetryAfterA5xxAndThenActivate() {
    wireMock.stubFor(post(urlPathEqualTo("/internal/lookup/account")).inScenario("flaky")
        .whenScenarioStateIs(com.github.tomakehurst.wiremock.stubbing.Scenario.STARTED)
        .willReturn(json(500, "{\"error\": \"internal_error\", \"message\": \"boom\"}"))
        .willSetStateTo("recovered"));
    wireMock.stubFor(post(urlPathEqualTo("/internal/lookup/account")).inScenario("flaky")
        .whenScenarioStateIs("recovered").willReturn(json(200, FOUND)));
    var id = create("some.creator");

    verifier.runOnce();
    as(client).when().get("/v1/accounts/" + id).then().body("status", equalTo("creating"));

    drainVerifier(); // the test profile's backoff is zero, so the retry is due at once
    as(client).when().get("/v1/accounts/" + id).then().statusCode(200)
        .body("status", equalTo("active")).body("verified", equalTo(true));
    wireMock.verify(2, postRequestedFor(urlPathEqualTo("/internal/lookup/account")));
    wireMock.verify(0, postRequestedFor(urlPathEqualTo("/internal/credits/refund")));
  }

  @Test
  void shouldFailAndRefundOnceAfterTheLastAttempt() {
    Simulated.lookup(wireMock, "flaky.one", 504, "{\"error\": \"upstream_timeout\", \"message\": \"slow\"}");
    var id = create("flaky.one");

    drainVerifier();
    verifier.runOnce();

    as(client).when().get("/v1/accounts/" + id).then().statusCode(200)
        .body("status", equalTo("failed"))
        .body("failureReason", equalTo("verification_unavailable"));
    wireMock.verify(1, postRequestedFor(urlPathEqualTo("/internal/credits/refund")).withRequestBody(
        matchingJsonPath("$.reason", com.github.tomakehurst.wiremock.client.WireMock.equalTo("verification_unavailable"))));
  }

  @Test
  void shouldActivateUnverifiedWhenNoProviderIsConfigured() {
    Simulated.lookup(wireMock, "someone", 503, "{\"error\": \"provider_not_configured\", \"message\": \"no key\", "
        + "\"setup\": \"Set SCRAPE_PROVIDER_API_KEY.\"}");
    var id = create("someone");

    verifier.runOnce();

    as(client).when().get("/v1/accounts/" + id).then().statusCode(200)
        .body("status", equalTo("active"))
        .body("verified", equalTo(false))
        .body("displayName", nullValue());
    wireMock.verify(1, postRequestedFor(urlPathEqualTo("/internal/lookup/account")));
    wireMock.verify(0, postRequestedFor(urlPathEqualTo("/internal/credits/refund")));
  }

  @Test
  void shouldPassInsufficientCreditsThroughAndStoreNothing() {
    wireMock.stubFor(post(urlPathEqualTo("/internal/credits/charge")).atPriority(1).willReturn(json(402,
        "{\"error\": \"insufficient_credits\", \"message\": \"Balance 3, cost 10.\", \"balance\": 3, \"cost\": 10}")));

    as(client).body("{\"platform\": \"photo\", \"name\": \"me\"}").when().post("/v1/accounts").then()
        .statusCode(402)
        .body("error", equalTo("insufficient_credits"))
        .body("balance", equalTo(3))
        .body("cost", equalTo(10));
    as(client).when().get("/v1/accounts").then().statusCode(200).body("data.size()", equalTo(0));
  }

  /**
   * Issue 32: the agent's key (the token's keyId) and its Max-Credits cap reach billing with the charge; a cap below
   * the cost is billing's 402 budget_exceeded, passed through with nothing stored; a malformed cap is 400 before any
   * charge; and the created account's answer says what is left, from the charge's remaining.
   */
  @Test
  void shouldPassTheKeyAndTheCapToTheChargeAndAnswerWhatRemains() {
    var key = Ids.newId(IdPrefix.KEY);
    var token = TestTokens.forClientKey(client, key, Set.of("api.read", "api.write"), "pro");
    wireMock.stubFor(post(urlPathEqualTo("/internal/credits/charge")).atPriority(1)
        .withRequestBody(matchingJsonPath("$.maxCredits", WireMock.equalTo("9"))).willReturn(json(402,
            "{\"error\": \"budget_exceeded\", \"message\": \"This costs 10 credits, more than the Max-Credits cap "
                + "of 9; nothing was charged.\", \"cost\": 10, \"max\": 9}")));
    var body = "{\"platform\": \"photo\", \"name\": \"capped\"}";

    given().auth().oauth2(token).contentType("application/json").header("Max-Credits", "9").body(body)
        .when().post("/v1/accounts").then().statusCode(402)
        .body("error", equalTo("budget_exceeded")).body("cost", equalTo(10)).body("max", equalTo(9))
        .header("Credits-Remaining", nullValue());
    wireMock.verify(1, postRequestedFor(urlPathEqualTo("/internal/credits/charge"))
        .withRequestBody(matchingJsonPath("$.keyId", WireMock.equalTo(key)))
        .withRequestBody(matchingJsonPath("$.maxCredits", WireMock.equalTo("9"))));
    as(client).when().get("/v1/accounts").then().statusCode(200).body("data.size()", equalTo(0));

    for (var malformed : List.of("nine", "-1", "1.5", "2147483648", "")) {
      given().auth().oauth2(token).contentType("application/json").header("Max-Credits", malformed).body(body)
          .when().post("/v1/accounts").then().statusCode(400).body("error", equalTo("invalid_request"))
          .body("field", equalTo("Max-Credits"));
    }
    wireMock.verify(1, postRequestedFor(urlPathEqualTo("/internal/credits/charge")));

    given().auth().oauth2(token).contentType("application/json").body(body).when().post("/v1/accounts").then()
        .statusCode(202).header("Credits-Remaining", "490");
    wireMock.verify(1, postRequestedFor(urlPathEqualTo("/internal/credits/charge"))
        .withRequestBody(matchingJsonPath("$.keyId", WireMock.equalTo(key)))
        .withRequestBody(matchingJsonPath("$.maxCredits", WireMock.absent())));
    // a read charges nothing and says nothing of credits, whatever it is sent
    given().auth().oauth2(token).header("Max-Credits", "nine").when().get("/v1/accounts").then().statusCode(200)
        .header("Credits-Remaining", nullValue());
  }

  @Test
  void shouldRefuseABadPlatformAMissingNameAndUnknownFieldsNamingThem() {
    as(client).body("{\"platform\": \"microblog\", \"name\": \"me\"}").when().post("/v1/accounts").then()
        .statusCode(400).body("error", equalTo("invalid_request")).body("field", equalTo("platform"));
    as(client).body("{\"platform\": \"photo\"}").when().post("/v1/accounts").then()
        .statusCode(400).body("field", equalTo("name"));
    as(client).body("{\"platform\": \"photo\", \"name\": \"me\", \"colour\": \"red\"}").when().post("/v1/accounts")
        .then().statusCode(400).body("error", equalTo("invalid_request")).body("field", equalTo("colour"));
    wireMock.verify(0, postRequestedFor(urlPathEqualTo("/internal/credits/charge")));
  }

  @Test
  void shouldUpdateTagsPartiallyAndRefuseRenaming() {
    Simulated.lookup(wireMock, "some.creator", 200, FOUND);
    var id = create("some.creator");

    as(client).body("{\"metadata\": {\"owner\": \"ops\"}}").when().put("/v1/accounts/" + id).then().statusCode(200)
        .body("metadata.owner", equalTo("ops"))
        .body("tags[0].value", equalTo("red"));
    as(client).body("{\"id\": \"" + id + "\", \"tags\": [{\"key\": \"team\", \"value\": \"blue\"}]}")
        .when().put("/v1/accounts").then().statusCode(200)
        .body("tags[0].value", equalTo("blue"))
        .body("metadata.owner", equalTo("ops"));
    as(client).body("{\"name\": \"other\"}").when().put("/v1/accounts/" + id).then().statusCode(400)
        .body("field", equalTo("name"));
  }

  @Test
  void shouldFilterByStatusAndPlatform() {
    Simulated.lookup(wireMock, "some.creator", 200, FOUND);
    var active = create("some.creator");
    verifier.runOnce();
    var creating = create("later.one");

    var body = as(client).queryParam("status", "active").when().get("/v1/accounts").then().statusCode(200)
        .extract().jsonPath();
    assertThat(body.getList("data.id", String.class)).containsExactly(active);
    var byPlatform = as(client).queryParam("platform", "shortvideo").when().get("/v1/accounts").then()
        .statusCode(200).extract().jsonPath();
    assertThat(byPlatform.getList("data.id", String.class)).containsExactly(creating, active);
    as(client).queryParam("status", "weird").when().get("/v1/accounts").then().statusCode(400)
        .body("field", equalTo("status"));
  }
}

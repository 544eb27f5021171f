package dev.videoautomation.gateway.admission;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.getRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.allOf;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.startsWith;

import java.sql.SQLException;
import java.time.Duration;
import java.util.List;

import javax.sql.DataSource;

import jakarta.inject.Inject;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import com.github.tomakehurst.wiremock.WireMockServer;

import io.quarkus.test.common.ResourceArg;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;

import dev.videoautomation.gateway.OwnerStubs;
import dev.videoautomation.platform.keys.ApiKeys;
import dev.videoautomation.platform.testing.InjectWireMock;
import dev.videoautomation.platform.testing.PostgresResource;
import dev.videoautomation.platform.testing.WireMockResource;

/** Keys, scopes and the subscription gate, with auth and billing simulated over real HTTP. */
@QuarkusTest
@WithTestResource(PostgresResource.class)
@WithTestResource(value = WireMockResource.class, initArgs = @ResourceArg(name = "properties",
    value = "gateway.owners.auth,gateway.owners.billing,gateway.owners.scrape,gateway.owners.media,"
        + "gateway.owners.clone"))
class AdmissionTest {
  @InjectWireMock
  WireMockServer owner;

  @Inject
  DataSource database;

  OwnerStubs stubs;

  @BeforeEach
  void reset() {
    owner.resetAll();
    stubs = new OwnerStubs(owner);
    owner.stubFor(get(urlPathEqualTo("/v1/videos")).willReturn(aResponse().withStatus(200)
        .withHeader("Content-Type", "application/json").withBody("{\"data\":[],\"nextCursor\":null}")));
    owner.stubFor(post(urlEqualTo("/v1/watch")).willReturn(aResponse().withStatus(200)
        .withHeader("Content-Type", "application/json").withBody("{\"summary\":\"ok\"}")));
  }

  @Test
  void shouldRefuseACallWithoutAKey() {
    given().when().get("/v1/videos")
        .then().statusCode(401)
        .header("Service-Version", "2026-11-21")
        .body("error", equalTo("unauthorized"))
        .body("message", containsString("Authorization: Bearer"));
    owner.verify(0, getRequestedFor(urlPathEqualTo("/v1/videos")));
  }

  @Test
  void shouldRefuseAMistypedKeyWithoutAskingAuth() {
    var key = ApiKeys.newKey(ApiKeys.Kind.LIVE);
    var typo = key.substring(0, 20) + (key.charAt(20) == 'a' ? 'b' : 'a') + key.substring(21);

    given().auth().oauth2(typo).when().get("/v1/videos")
        .then().statusCode(401).body("error", equalTo("unauthorized"))
        .body("message", containsString("mistyped"));
    owner.verify(0, postRequestedFor(urlEqualTo("/internal/verify")));
  }

  @Test
  void shouldAcceptTheKeyInEitherHeader() {
    var holder = stubs.subscribed();

    given().auth().oauth2(holder.key()).when().get("/v1/videos").then().statusCode(200).body("data.size()",
        equalTo(0));
    given().header("X-Api-Key", holder.key()).when().get("/v1/videos").then().statusCode(200);
  }

  @Test
  void shouldAcceptTheSameKeyInBothHeadersOrInOneHeaderTwice() {
    var holder = stubs.subscribed();

    given().header("Authorization", "Bearer " + holder.key()).header("X-Api-Key", holder.key())
        .when().get("/v1/videos").then().statusCode(200);
    given().header("X-Api-Key", holder.key()).header("X-Api-Key", holder.key())
        .when().get("/v1/videos").then().statusCode(200);
  }

  @Test
  void shouldRefuseTwoDifferentKeysInOneRequestNamingBothHeaders() {
    var first = stubs.subscribed();
    var second = stubs.subscribed();

    for (var request : List.of(
        given().header("Authorization", "Bearer " + first.key()).header("X-Api-Key", second.key()),
        given().header("X-Api-Key", second.key()).header("Authorization", "bearer " + first.key()))) {
      request.when().get("/v1/videos").then().statusCode(400)
          .header("Service-Version", "2026-11-21")
          .header("X-Request-Id", startsWith("req_"))
          .body("error", equalTo("invalid_request"))
          .body("field", equalTo("Authorization"))
          .body("fields", contains("Authorization", "X-Api-Key"))
          .body("message", allOf(containsString("Authorization"), containsString("X-Api-Key")));
    }
    owner.verify(0, getRequestedFor(urlPathEqualTo("/v1/videos")));
    owner.verify(0, postRequestedFor(urlEqualTo("/internal/verify")));
  }

  @Test
  void shouldRefuseACredentialHeaderSentTwiceWithDifferentValues() {
    var first = stubs.subscribed();
    var second = stubs.subscribed();

    given().header("Authorization", "Bearer " + first.key()).header("Authorization", "Bearer " + second.key())
        .when().get("/v1/videos").then().statusCode(400)
        .body("error", equalTo("invalid_request"))
        .body("field", equalTo("Authorization"))
        .body("message", containsString("more than once"));
    given().header("X-Api-Key", first.key()).header("X-Api-Key", second.key())
        .when().get("/v1/videos").then().statusCode(400)
        .body("error", equalTo("invalid_request"))
        .body("field", equalTo("X-Api-Key"));
    owner.verify(0, getRequestedFor(urlPathEqualTo("/v1/videos")));
  }

  @Test
  void shouldRefuseAnotherAuthorizationSchemeBesideAnXApiKey() {
    var holder = stubs.subscribed();

    given().header("Authorization", "Basic dXNlcjpwYXNz").header("X-Api-Key", holder.key())
        .when().get("/v1/videos").then().statusCode(400)
        .body("error", equalTo("invalid_request"))
        .body("fields", contains("Authorization", "X-Api-Key"))
        .body("message", containsString("not Bearer"));
    owner.verify(0, getRequestedFor(urlPathEqualTo("/v1/videos")));
  }

  @Test
  void shouldExplainWhyAKeyIsRefused() {
    var replaced = stubs.key("replaced", List.of(), ApiKeys.Kind.ANONYMOUS);
    var unknown = stubs.key("unknown", List.of(), ApiKeys.Kind.LIVE);

    given().auth().oauth2(replaced.key()).when().get("/v1/videos")
        .then().statusCode(401).body("error", equalTo("unauthorized")).body("message", containsString("replaced"));
    given().auth().oauth2(unknown.key()).when().get("/v1/videos")
        .then().statusCode(401).body("message", containsString("not known"));
    owner.verify(0, getRequestedFor(urlPathEqualTo("/v1/videos")));
  }

  @Test
  void shouldLetAnAnonymousKeyReadButNotWrite() {
    var anonymous = stubs.anonymous();

    given().auth().oauth2(anonymous.key()).when().get("/v1/videos").then().statusCode(200);
    given().auth().oauth2(anonymous.key()).contentType("application/json").body("{}").when().post("/v1/watch")
        .then().statusCode(403)
        .body("error", equalTo("insufficient_scope"))
        .body("requiredScope", equalTo("api.write"))
        .body("message", containsString("claim"));
    owner.verify(0, postRequestedFor(urlEqualTo("/v1/watch")));
  }

  @Test
  void shouldRequireASubscriptionForWritesAndNameWhereToGetOne() {
    var unsubscribed = stubs.unsubscribed();

    given().auth().oauth2(unsubscribed.key()).when().get("/v1/videos").then().statusCode(200);
    given().auth().oauth2(unsubscribed.key()).contentType("application/json").body("{}").when().post("/v1/watch")
        .then().statusCode(403)
        .body("error", equalTo("subscription_required"))
        .body("setup", containsString("/v1/subscribe"));
    owner.verify(0, postRequestedFor(urlEqualTo("/v1/watch")));
  }

  @Test
  void shouldAskAuthOnceForARepeatedKey() {
    var holder = stubs.subscribed();

    for (int i = 0; i < 5; i++) {
      given().auth().oauth2(holder.key()).when().get("/v1/videos").then().statusCode(200);
    }
    owner.verify(1, postRequestedFor(urlEqualTo("/internal/verify")));
    owner.verify(1, getRequestedFor(urlEqualTo("/internal/entitlements/" + holder.clientId())));
  }

  @Test
  void shouldRefuseAKeyWithinASecondOfItsReplacement() throws Exception {
    var holder = stubs.subscribed();
    given().auth().oauth2(holder.key()).when().get("/v1/videos").then().statusCode(200);

    stubs.answerVerify(holder, "replaced", List.of());
    notify("key_events", "{\"v\":1,\"event\":\"key.replaced\",\"keyId\":\"" + holder.keyId() + "\",\"clientId\":\""
        + holder.clientId() + "\",\"at\":1}");

    awaitStatus(holder.key(), 401, Duration.ofSeconds(1));
  }

  @Test
  void shouldRefuseEveryKeyOfAClientWhoseKeysWereRevoked() throws Exception {
    var holder = stubs.subscribed();
    given().auth().oauth2(holder.key()).when().get("/v1/videos").then().statusCode(200);

    stubs.answerVerify(holder, "revoked", List.of());
    notify("key_events", "{\"v\":1,\"event\":\"client.keys_revoked\",\"keyId\":null,\"clientId\":\""
        + holder.clientId() + "\",\"at\":1}");

    awaitStatus(holder.key(), 401, Duration.ofSeconds(1));
  }

  @Test
  void shouldCloseThePaidRoutesWithinASecondOfASubscriptionEnding() throws Exception {
    var holder = stubs.subscribed();
    given().auth().oauth2(holder.key()).contentType("application/json").body("{}").when().post("/v1/watch")
        .then().statusCode(200);

    stubs.entitlement(holder.clientId(), false, java.util.Map.of());
    notify("entitlement_events", "{\"v\":1,\"event\":\"entitlement.changed\",\"clientId\":\"" + holder.clientId()
        + "\",\"at\":1}");

    var deadline = System.nanoTime() + Duration.ofSeconds(1).toNanos();
    int status;
    do {
      status = given().auth().oauth2(holder.key()).contentType("application/json").body("{}").when()
          .post("/v1/watch").statusCode();
    } while (status != 403 && System.nanoTime() < deadline);
    assertThat(status).isEqualTo(403);
  }

  @Test
  void shouldAnswer503WhenAuthCannotBeAsked() {
    var key = ApiKeys.newKey(ApiKeys.Kind.LIVE);
    owner.stubFor(post(urlEqualTo("/internal/verify")).willReturn(aResponse().withStatus(200).withFixedDelay(1_500)));

    given().auth().oauth2(key).when().get("/v1/videos")
        .then().statusCode(503)
        .body("error", equalTo("service_unavailable"))
        .body("message", containsString("auth-service"));
  }

  @Test
  void shouldAnswerRegistrationErrorsAsProblemDetails() {
    given().auth().oauth2("not-a-key").contentType("application/json").body("{}")
        .when().post("/v1/api_keys/rotate")
        .then().statusCode(401).contentType(startsWith("application/json"));
    given().when().put("/v1/auth/agent")
        .then().statusCode(405).contentType(startsWith("application/problem+json"))
        .body("status", equalTo(405));
  }

  private void awaitStatus(String key, int expected, Duration within) {
    var deadline = System.nanoTime() + within.toNanos();
    int status;
    do {
      status = given().auth().oauth2(key).when().get("/v1/videos").statusCode();
    } while (status != expected && System.nanoTime() < deadline);
    assertThat(status).isEqualTo(expected);
  }

  private void notify(String channel, String payload) throws SQLException {
    try (var connection = database.getConnection();
        var statement = connection.prepareStatement("SELECT pg_notify(?, ?)")) {
      statement.setString(1, channel);
      statement.setString(2, payload);
      statement.execute();
    }
  }
}

package dev.videoautomation.gateway.admission;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.any;
import static com.github.tomakehurst.wiremock.client.WireMock.anyRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathMatching;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.allOf;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.nullValue;

import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import javax.sql.DataSource;

import jakarta.inject.Inject;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import com.github.tomakehurst.wiremock.WireMockServer;

import io.quarkus.test.common.ResourceArg;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;

import dev.videoautomation.gateway.OwnerStubs;
import dev.videoautomation.platform.testing.InjectWireMock;
import dev.videoautomation.platform.testing.PostgresResource;
import dev.videoautomation.platform.testing.WireMockResource;

/**
 * Sub-keys at the gateway (issue 32, docs/internal-api.md §3.19.1), with auth's verify answering their caps: the
 * buckets they may draw from, their expiry, the routes only a primary key may call, and caps changed within a second.
 */
@QuarkusTest
@WithTestResource(PostgresResource.class)
@WithTestResource(value = WireMockResource.class, initArgs = @ResourceArg(name = "properties",
    value = "gateway.owners.auth,gateway.owners.billing,gateway.owners.scrape,gateway.owners.media,"
        + "gateway.owners.clone"))
class SubKeysTest {
  @InjectWireMock
  WireMockServer owner;

  @Inject
  DataSource database;

  OwnerStubs stubs;

  @BeforeEach
  void reset() {
    owner.resetAll();
    stubs = new OwnerStubs(owner);
    for (var path : List.of("/v1/watch", "/v1/extract")) {
      owner.stubFor(post(urlEqualTo(path)).willReturn(aResponse().withStatus(200)
          .withHeader("Content-Type", "application/json").withBody("{\"summary\":\"ok\"}")));
    }
    owner.stubFor(get(urlPathEqualTo("/v1/videos")).willReturn(aResponse().withStatus(200)
        .withHeader("Content-Type", "application/json").withBody("{\"data\":[],\"nextCursor\":null}")));
    owner.stubFor(any(urlPathMatching("/v1/api_keys.*")).willReturn(aResponse().withStatus(200)
        .withHeader("Content-Type", "application/json").withBody("{\"data\":[]}")));
    owner.stubFor(post(urlEqualTo("/v1/subscribe")).willReturn(aResponse().withStatus(200)
        .withHeader("Content-Type", "application/json").withBody("{\"checkoutUrl\":\"http://127.0.0.1/x\"}")));
  }

  @Test
  void shouldRefuseAMeteredCallOutsideTheSubKeysBucketsNamingTheBucket() {
    var parent = stubs.subscribed();
    var subKey = stubs.subKey(parent, "active", List.of("watch"), Map.of(), null);

    given().auth().oauth2(subKey.key()).contentType("application/json").body("{}").when().post("/v1/extract")
        .then().statusCode(403)
        .header("Service-Version", "2026-11-21")
        .body("error", equalTo("insufficient_scope"))
        .body("message", allOf(containsString("'extract'"), containsString("[watch]")))
        .body("bucket", equalTo("extract"))
        .body("allowedBuckets", contains("watch"))
        .body("subKey", equalTo(true));
    owner.verify(0, postRequestedFor(urlEqualTo("/v1/extract")));

    given().auth().oauth2(subKey.key()).contentType("application/json").body("{}").when().post("/v1/watch")
        .then().statusCode(200);
    // Unmetered reads need only the scope, whatever the buckets.
    given().auth().oauth2(subKey.key()).when().get("/v1/videos").then().statusCode(200);
  }

  @Test
  void shouldLetASubKeyWithoutABucketListDrawFromEveryBucket() {
    var parent = stubs.subscribed();
    var subKey = stubs.subKey(parent, "active", null, Map.of(), null);

    given().auth().oauth2(subKey.key()).contentType("application/json").body("{}").when().post("/v1/extract")
        .then().statusCode(200);
  }

  @Test
  void shouldRefuseAnExpiredSubKeyNamingWhenItExpired() {
    var parent = stubs.subscribed();
    var expiry = Instant.parse("2026-11-20T10:15:30Z").toEpochMilli();
    var expired = stubs.subKey(parent, "expired", List.of("watch"), Map.of(), expiry);

    given().auth().oauth2(expired.key()).when().get("/v1/videos")
        .then().statusCode(401)
        .header("WWW-Authenticate", containsString("resource_metadata"))
        .body("error", equalTo("unauthorized"))
        .body("message", allOf(containsString("sub-key expired at 2026-11-20T10:15:30Z"),
            containsString("expiresAt")));
    owner.verify(0, anyRequestedFor(urlPathEqualTo("/v1/videos")));
  }

  @Test
  void shouldRefuseASubKeyPastItsExpiryEvenWhenAuthStillSaysActive() {
    var parent = stubs.subscribed();
    var expiry = System.currentTimeMillis() - 1_000;
    var stale = stubs.subKey(parent, "active", null, Map.of(), expiry);

    given().auth().oauth2(stale.key()).when().get("/v1/videos")
        .then().statusCode(401)
        .body("error", equalTo("unauthorized"))
        .body("message", containsString("sub-key expired at " + Instant.ofEpochMilli(expiry)));
  }

  @Test
  void shouldLetOnlyAClaimedSubscribedPrimaryKeyManageKeys() {
    var primary = stubs.subscribed();
    var subKey = stubs.subKey(primary, "active", null, Map.of(), null);
    var anonymous = stubs.anonymous();
    var unsubscribed = stubs.unsubscribed();

    given().auth().oauth2(primary.key()).when().get("/v1/api_keys").then().statusCode(200);
    given().auth().oauth2(primary.key()).when().delete("/v1/api_keys/key_1").then().statusCode(200);
    given().auth().oauth2(subKey.key()).when().get("/v1/api_keys")
        .then().statusCode(403)
        .body("error", equalTo("insufficient_scope"))
        .body("subKey", equalTo(true))
        .body("requiredScope", nullValue())
        .body("message", allOf(containsString("GET /v1/api_keys"), containsString("primary key")));
    // The design's GET rule would let an anonymous or unsubscribed key read the client's keys: not here.
    given().auth().oauth2(anonymous.key()).when().get("/v1/api_keys")
        .then().statusCode(403)
        .body("error", equalTo("insufficient_scope"))
        .body("requiredScope", equalTo("api.write"));
    given().auth().oauth2(unsubscribed.key()).when().get("/v1/api_keys/key_1")
        .then().statusCode(403)
        .body("error", equalTo("subscription_required"));
    owner.verify(2, anyRequestedFor(urlPathMatching("/v1/api_keys.*")));
  }

  @ParameterizedTest(name = "{0} {1}")
  @CsvSource({"POST, /v1/api_keys", "GET, /v1/api_keys", "GET, /v1/api_keys/key_1", "PUT, /v1/api_keys/key_1",
      "DELETE, /v1/api_keys/key_1", "POST, /v1/api_keys/rotate", "POST, /v1/api_keys/recover",
      "POST, /v1/api_keys/verify_email", "POST, /v1/subscribe", "GET, /v1/webhooks", "POST, /v1/webhooks",
      "DELETE, /v1/webhooks/whk_1", "POST, /v1/webhooks/whk_1/rotate_secret",
      "GET, /v1/webhooks/whk_1/deliveries", "POST, /v1/webhooks/deliveries/dlv_1/redeliver"})
  void shouldRefuseASubKeyWhatOnlyItsClientsPrimaryKeyMayDo(String method, String path) {
    var parent = stubs.subscribed();
    var subKey = stubs.subKey(parent, "active", null, Map.of(), null);

    given().auth().oauth2(subKey.key()).contentType("application/json").body("{}").when().request(method, path)
        .then().statusCode(403)
        .header("X-Request-Id", not(nullValue()))
        .body("error", equalTo("insufficient_scope"))
        .body("subKey", equalTo(true))
        .body("message", containsString("A sub-key cannot call " + method));
    owner.verify(0, anyRequestedFor(urlPathMatching("/v1/(api_keys|subscribe|webhooks).*")));
  }

  @Test
  void shouldStillForwardRecoveryAndSubscribingWithAPrimaryKeyOrNone() {
    var primary = stubs.subscribed();
    owner.stubFor(post(urlEqualTo("/v1/api_keys/recover")).willReturn(aResponse().withStatus(200)
        .withHeader("Content-Type", "application/json").withBody("{\"sent\":true}")));

    given().contentType("application/json").body("{}").when().post("/v1/api_keys/recover").then().statusCode(200);
    given().auth().oauth2(primary.key()).contentType("application/json").body("{}")
        .when().post("/v1/api_keys/recover").then().statusCode(200);
    given().auth().oauth2(primary.key()).contentType("application/json").body("{}")
        .when().post("/v1/subscribe").then().statusCode(200);
  }

  @Test
  void shouldApplyChangedCapsWithinASecondOfKeyCapsChanged() throws Exception {
    var parent = stubs.subscribed();
    var subKey = stubs.subKey(parent, "active", List.of("watch"), Map.of(), null);
    given().auth().oauth2(subKey.key()).contentType("application/json").body("{}").when().post("/v1/extract")
        .then().statusCode(403);

    stubs.answerSubKey(subKey, parent, "active", List.of("watch", "extract"), Map.of(), null);
    notify("{\"v\":1,\"event\":\"key.caps_changed\",\"keyId\":\"" + subKey.keyId() + "\",\"clientId\":\""
        + subKey.clientId() + "\",\"at\":1}");

    var deadline = System.nanoTime() + Duration.ofSeconds(1).toNanos();
    int status;
    do {
      status = given().auth().oauth2(subKey.key()).contentType("application/json").body("{}")
          .when().post("/v1/extract").statusCode();
    } while (status != 200 && System.nanoTime() < deadline);
    assertThat(status).isEqualTo(200);
  }

  private void notify(String payload) throws SQLException {
    try (var connection = database.getConnection();
        var statement = connection.prepareStatement("SELECT pg_notify('key_events', ?)")) {
      statement.setString(1, payload);
      statement.execute();
    }
  }
}

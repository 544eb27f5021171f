package dev.videoautomation.auth.keys;

import static dev.videoautomation.auth.AuthFixtures.asGateway;
import static dev.videoautomation.auth.AuthFixtures.verify;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;
import static org.hamcrest.Matchers.startsWith;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.Executors;

import org.junit.jupiter.api.Test;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import io.restassured.specification.RequestSpecification;

import dev.videoautomation.auth.AuthFixtures;
import dev.videoautomation.platform.keys.ApiKeys;
import dev.videoautomation.platform.testing.PostgresResource;
import dev.videoautomation.platform.testing.SmtpResource;
import dev.videoautomation.platform.testing.TestSmtpServer;
import dev.videoautomation.platform.testing.TestTokens;

/** Rotation with and without grace, verification for the gateway, and minting clients for billing. */
@QuarkusTest
@WithTestResource(PostgresResource.class)
@WithTestResource(SmtpResource.class)
class KeysTest {
  TestSmtpServer smtp;

  private static RequestSpecification as(AuthFixtures.Claimed claimed) {
    return as(claimed.clientId(), claimed.keyId(), Set.of("api.read", "api.write"));
  }

  private static RequestSpecification as(String clientId, String keyId, Set<String> scopes) {
    return given().header("Authorization", "Bearer " + TestTokens.forClientKey(clientId, keyId, scopes, null));
  }

  private static RequestSpecification asBilling() {
    return given().header("Authorization", "Bearer " + TestTokens.forService("billing-service"))
        .contentType(ContentType.JSON);
  }

  @Test
  void shouldRotateAtOnceWithoutGrace() throws Exception {
    var claimed = AuthFixtures.claimed(smtp);
    try (var events = new AuthFixtures.KeyEventListener()) {
      var answer = as(claimed).contentType(ContentType.JSON).body("{}").when().post("/v1/api_keys/rotate")
          .then().statusCode(200)
          .body("credential_type", equalTo("api_key"))
          .body("credential_expires", nullValue())
          .body("scopes", equalTo(List.of("api.read", "api.write")))
          .body("previous_credential_expires", nullValue())
          .extract().jsonPath();
      assertThat(answer.getMap("$")).containsOnlyKeys("credential", "credential_type", "credential_expires",
          "scopes", "previous_credential_expires");
      var rotated = answer.getString("credential");
      assertThat(rotated).startsWith("svc_live_").isNotEqualTo(claimed.key());

      var event = events.await(payload -> payload.contains(claimed.keyId()));
      assertThat(event).contains("\"event\":\"key.replaced\"").doesNotContain(rotated, claimed.key());
      assertThat(verify(claimed.key()).getString("status")).isEqualTo("replaced");
      assertThat(verify(rotated).getString("status")).isEqualTo("active");
      assertThat(verify(rotated).getString("clientId")).isEqualTo(claimed.clientId());
    }
    // The replaced key cannot rotate again.
    as(claimed).contentType(ContentType.JSON).body("{}").when().post("/v1/api_keys/rotate").then().statusCode(401)
        .body("error", equalTo("unauthorized"));
  }

  @Test
  void shouldKeepTheOldKeyThroughTheGrace() throws Exception {
    var claimed = AuthFixtures.claimed(smtp);
    try (var events = new AuthFixtures.KeyEventListener()) {
      var answer = as(claimed).contentType(ContentType.JSON).body(Map.of("graceSeconds", 600))
          .when().post("/v1/api_keys/rotate").then().statusCode(200).extract().jsonPath();

      assertThat(events.await(payload -> payload.contains(claimed.keyId())))
          .contains("\"event\":\"key.expiry_changed\"");
      var old = verify(claimed.key());
      assertThat(old.getString("status")).isEqualTo("active");
      assertThat(old.getList("scopes")).containsExactly("api.read", "api.write");
      assertThat(old.getLong("expiresAt")).isEqualTo(answer.getLong("previous_credential_expires"))
          .isBetween(System.currentTimeMillis() + 590_000, System.currentTimeMillis() + 601_000);
      assertThat(verify(answer.getString("credential")).getString("status")).isEqualTo("active");
      assertThat(verify(answer.getString("credential")).getString("expiresAt")).isNull();
    }
  }

  @Test
  void shouldCallAKeyExpiredOnceItsGraceIsOver() {
    var claimed = AuthFixtures.claimed(smtp);
    as(claimed).contentType(ContentType.JSON).body(Map.of("graceSeconds", 1))
        .when().post("/v1/api_keys/rotate").then().statusCode(200);
    AuthFixtures.sleep(1_100);
    var old = verify(claimed.key());
    assertThat(old.getString("status")).isEqualTo("expired");
    assertThat(old.getList("scopes")).isEmpty();
    as(claimed).contentType(ContentType.JSON).body("{}").when().post("/v1/api_keys/rotate").then().statusCode(401);
  }

  @Test
  void shouldRefuseToRotateAKeyInsideItsGrace() throws Exception {
    var claimed = AuthFixtures.claimed(smtp);
    var second = as(claimed).contentType(ContentType.JSON).body(Map.of("graceSeconds", 3))
        .when().post("/v1/api_keys/rotate").then().statusCode(200).extract().<String>path("credential");

    // The key in its grace cannot mint a key of its own that would outlive it.
    var refused = as(claimed).contentType(ContentType.JSON).body("{}").when().post("/v1/api_keys/rotate")
        .then().statusCode(403).contentType(startsWith("application/json"))
        .body("error", equalTo("key_rotating"))
        .body("message", containsString("newest key"))
        .extract().jsonPath();
    assertThat(refused.getMap("$")).doesNotContainKey("credential");
    as(claimed).contentType(ContentType.JSON).body(Map.of("graceSeconds", 60)).when().post("/v1/api_keys/rotate")
        .then().statusCode(403).body("error", equalTo("key_rotating"));
    assertThat(activeKeysOf(claimed.clientId())).isEqualTo(2);

    AuthFixtures.sleep(3_100);
    assertThat(verify(claimed.key()).getString("status")).isEqualTo("expired");
    assertThat(verify(second).getString("status")).isEqualTo("active");
  }

  @Test
  void shouldEndTheKeysInGraceWhenTheNewestKeyRotatesWithoutGrace() throws Exception {
    var claimed = AuthFixtures.claimed(smtp);
    var second = as(claimed).contentType(ContentType.JSON).body(Map.of("graceSeconds", 3600))
        .when().post("/v1/api_keys/rotate").then().statusCode(200).extract().<String>path("credential");
    var secondKeyId = verify(second).getString("keyId");
    try (var events = new AuthFixtures.KeyEventListener()) {
      var third = as(claimed.clientId(), secondKeyId, Set.of("api.read", "api.write")).contentType(ContentType.JSON)
          .body("{}").when().post("/v1/api_keys/rotate").then().statusCode(200)
          .body("previous_credential_expires", nullValue()).extract().<String>path("credential");

      // The leaked first key dies with the second: rotating the newest key ends every older one.
      assertThat(events.await(payload -> payload.contains(claimed.keyId())))
          .contains("\"event\":\"key.replaced\"");
      assertThat(verify(claimed.key()).getString("status")).isEqualTo("replaced");
      assertThat(verify(second).getString("status")).isEqualTo("replaced");
      assertThat(verify(third).getString("status")).isEqualTo("active");
    }
    assertThat(activeKeysOf(claimed.clientId())).isEqualTo(1);
  }

  @Test
  void shouldEndTheKeysInGraceNoLaterThanTheNewGrace() throws Exception {
    var claimed = AuthFixtures.claimed(smtp);
    var second = as(claimed).contentType(ContentType.JSON).body(Map.of("graceSeconds", 3600))
        .when().post("/v1/api_keys/rotate").then().statusCode(200).extract().<String>path("credential");
    var secondKeyId = verify(second).getString("keyId");
    var answer = as(claimed.clientId(), secondKeyId, Set.of("api.read", "api.write")).contentType(ContentType.JSON)
        .body(Map.of("graceSeconds", 60)).when().post("/v1/api_keys/rotate").then().statusCode(200)
        .extract().jsonPath();
    var graceEnd = answer.getLong("previous_credential_expires");
    assertThat(graceEnd).isBetween(System.currentTimeMillis() + 50_000, System.currentTimeMillis() + 61_000);
    assertThat(verify(second).getLong("expiresAt")).isEqualTo(graceEnd);
    assertThat(verify(claimed.key()).getLong("expiresAt")).isEqualTo(graceEnd);
    assertThat(verify(claimed.key()).getString("status")).isEqualTo("active");
  }

  private static long activeKeysOf(String clientId) throws Exception {
    try (var db = AuthFixtures.database(); var query = db.prepareStatement(
        "SELECT count(*) FROM auth.api_keys WHERE client_id = ? AND status = 'active'")) {
      query.setString(1, clientId);
      var rows = query.executeQuery();
      rows.next();
      return rows.getLong(1);
    }
  }

  @Test
  void shouldRotateWithoutABodyAndKeepAnAnonymousKeyAnonymous() {
    var registration = AuthFixtures.registerAnonymously();
    var before = verify(registration.getString("credential"));
    var rotated = as(before.getString("clientId"), before.getString("keyId"), Set.of("api.read"))
        .when().post("/v1/api_keys/rotate").then().statusCode(200)
        .body("scopes", equalTo(List.of("api.read")))
        .extract().<String>path("credential");
    assertThat(rotated).startsWith("svc_anon_");
    assertThat(verify(registration.getString("credential")).getString("status")).isEqualTo("replaced");
    assertThat(verify(rotated).getList("scopes")).containsExactly("api.read");
  }

  @Test
  void shouldEndEveryAnonymousKeyWhenTheRegistrationIsClaimed() {
    var registration = AuthFixtures.registerAnonymously();
    var first = verify(registration.getString("credential"));
    var rotated = as(first.getString("clientId"), first.getString("keyId"), Set.of("api.read"))
        .contentType(ContentType.JSON).body(Map.of("graceSeconds", 3600)).when().post("/v1/api_keys/rotate")
        .then().statusCode(200).extract().<String>path("credential");
    var email = AuthFixtures.email("claimer");
    asGateway().contentType(ContentType.JSON)
        .body(Map.of("claim_token", registration.getString("claim_token"), "email", email))
        .when().post("/v1/auth/agent/claim").then().statusCode(200);
    var live = asGateway().contentType(ContentType.JSON)
        .body(Map.of("claim_token", registration.getString("claim_token"), "code", AuthFixtures.code(smtp, email, 0)))
        .when().post("/v1/auth/agent/claim/complete").then().statusCode(200).extract().<String>path("credential");

    assertThat(verify(registration.getString("credential")).getString("status")).isEqualTo("replaced");
    assertThat(verify(rotated).getString("status")).as("the anonymous key a rotation issued").isEqualTo("replaced");
    assertThat(verify(live).getString("status")).isEqualTo("active");
  }

  @Test
  void shouldRotateAKeyOnceUnderConcurrency() throws Exception {
    var claimed = AuthFixtures.claimed(smtp);
    var calls = new ArrayList<Callable<Integer>>();
    for (int i = 0; i < 6; i++) {
      calls.add(() -> as(claimed).contentType(ContentType.JSON).body("{}").when().post("/v1/api_keys/rotate")
          .statusCode());
    }
    try (var pool = Executors.newFixedThreadPool(6)) {
      var statuses = new ArrayList<Integer>();
      for (var result : pool.invokeAll(calls)) {
        statuses.add(result.get());
      }
      assertThat(statuses).containsOnly(200, 401);
      assertThat(statuses.stream().filter(s -> s == 200).count()).isEqualTo(1);
    }
  }

  @Test
  void shouldBoundTheGraceAndNeedTheCallersKey() {
    var claimed = AuthFixtures.claimed(smtp);
    as(claimed).contentType(ContentType.JSON).body(Map.of("graceSeconds", 86_401))
        .when().post("/v1/api_keys/rotate").then().statusCode(400)
        .contentType(startsWith("application/json")).body("field", equalTo("graceSeconds"));
    as(claimed).contentType(ContentType.JSON).body(Map.of("graceSeconds", -1))
        .when().post("/v1/api_keys/rotate").then().statusCode(400).body("field", equalTo("graceSeconds"));
    as(claimed).contentType(ContentType.JSON).body(Map.of("grace", 5))
        .when().post("/v1/api_keys/rotate").then().statusCode(400).body("field", equalTo("grace"));
    // Text is not a number: "10" is refused, not read as a 10-second grace.
    as(claimed).contentType(ContentType.JSON).body("{\"graceSeconds\":\"10\"}")
        .when().post("/v1/api_keys/rotate").then().statusCode(400).body("error", equalTo("invalid_request"))
        .body("field", equalTo("graceSeconds"));
    // The schema says integer: a fraction is refused, not cut to 10 s (nor is 10.0, a number with a fraction).
    for (var fraction : List.of("10.5", "10.0", "1e1")) {
      as(claimed).contentType(ContentType.JSON).body("{\"graceSeconds\":" + fraction + "}")
          .when().post("/v1/api_keys/rotate").then().statusCode(400).body("error", equalTo("invalid_request"))
          .body("field", equalTo("graceSeconds"))
          .body("message", equalTo("Field 'graceSeconds' must be an integer (no fraction or exponent)."));
    }
    // A key given twice is refused, not read as the last one.
    as(claimed).contentType(ContentType.JSON).body("{\"graceSeconds\":0,\"graceSeconds\":3600}")
        .when().post("/v1/api_keys/rotate").then().statusCode(400).body("field", equalTo("graceSeconds"));
    given().header("Authorization", "Bearer " + TestTokens.forService("gateway-service"))
        .contentType(ContentType.JSON).body("{}").when().post("/v1/api_keys/rotate")
        .then().statusCode(401).body("error", equalTo("unauthorized"));
    given().header("Authorization", "Bearer " + TestTokens.forClient(claimed.clientId(), Set.of("api.read"), null))
        .contentType(ContentType.JSON).body("{}").when().post("/v1/api_keys/rotate").then().statusCode(401);
    as("cli_other", claimed.keyId(), Set.of("api.read")).contentType(ContentType.JSON).body("{}")
        .when().post("/v1/api_keys/rotate").then().statusCode(401);
    assertThat(verify(claimed.key()).getString("status")).isEqualTo("active");
  }

  @Test
  void shouldAnswerVerifyOnlyForTheGateway() {
    var body = Map.of("keyHash", "0".repeat(64));
    for (var other : List.of(TestTokens.forService("records-service"), TestTokens.forService("billing-service"),
        TestTokens.forClient("cli_x", Set.of("api.read", "api.write"), "pro"))) {
      given().header("Authorization", "Bearer " + other).contentType(ContentType.JSON).body(body)
          .when().post("/internal/verify").then().statusCode(403)
          .contentType(startsWith("application/json")).body("error", equalTo("insufficient_scope"));
    }
    asGateway().contentType(ContentType.JSON).body(body).when().post("/internal/verify").then().statusCode(200)
        .body("status", equalTo("unknown")).body("clientId", nullValue()).body("keyId", nullValue())
        .body("scopes", equalTo(List.of())).body("expiresAt", nullValue());
    asGateway().contentType(ContentType.JSON).body(Map.of("keyHash", "XYZ")).when().post("/internal/verify")
        .then().statusCode(400).contentType(startsWith("application/json")).body("field", equalTo("keyHash"));
    asGateway().contentType(ContentType.JSON).body(Map.of("keyHash", "A".repeat(64))).when().post("/internal/verify")
        .then().statusCode(400).body("field", equalTo("keyHash"));
  }

  @Test
  void shouldMarkAKeyAsUsedWhenItPassesVerify() throws Exception {
    var key = AuthFixtures.registerAnonymously().getString("credential");
    try (var db = AuthFixtures.database(); var query = db.prepareStatement(
        "SELECT first_verified_at, last_used_at, status FROM auth.api_keys WHERE key_hash = ?")) {
      query.setString(1, ApiKeys.hash(key));
      var before = query.executeQuery();
      assertThat(before.next()).isTrue();
      assertThat(before.getTimestamp(1)).isNull();
      verify(key);
      var after = query.executeQuery();
      assertThat(after.next()).isTrue();
      assertThat(after.getTimestamp(1)).isNotNull();
      assertThat(after.getTimestamp(2)).isNotNull();
      assertThat(after.getString(3)).isEqualTo("active");
    }
  }

  @Test
  void shouldMintOneClientPerOperationAndReissueOnlyUndeliveredKeys() throws Exception {
    var operationId = "cs_" + UUID.randomUUID().toString().replace("-", "");
    var email = AuthFixtures.email("buyer");

    var first = asBilling().body(Map.of("operationId", operationId, "email", email))
        .when().post("/internal/clients").then().statusCode(201)
        .body("created", equalTo(true)).body("emailBound", equalTo(true))
        .body("scopes", equalTo(List.of("api.read", "api.write"))).extract().jsonPath();
    assertThat(first.getString("clientId")).startsWith("cli_");
    assertThat(first.getString("keyId")).startsWith("key_");
    assertThat(first.getString("credential")).startsWith("svc_live_");
    assertThat(first.getLong("createdAt")).isBetween(System.currentTimeMillis() - 60_000, System.currentTimeMillis());

    var replay = asBilling().body(Map.of("operationId", operationId, "email", email))
        .when().post("/internal/clients").then().statusCode(200)
        .body("created", equalTo(false)).body("credential", nullValue()).body("emailBound", equalTo(true))
        .extract().jsonPath();
    assertThat(replay.getString("clientId")).isEqualTo(first.getString("clientId"));
    assertThat(replay.getString("keyId")).isEqualTo(first.getString("keyId"));
    assertThat(replay.getLong("createdAt")).isEqualTo(first.getLong("createdAt"));

    try (var events = new AuthFixtures.KeyEventListener()) {
      var reissued = asBilling().body(Map.of("operationId", operationId, "reissueCredential", true))
          .when().post("/internal/clients").then().statusCode(200).body("created", equalTo(false))
          .extract().jsonPath();
      assertThat(reissued.getString("clientId")).isEqualTo(first.getString("clientId"));
      assertThat(reissued.getString("keyId")).isNotEqualTo(first.getString("keyId"));
      assertThat(reissued.getString("credential")).startsWith("svc_live_")
          .isNotEqualTo(first.getString("credential"));
      assertThat(events.await(payload -> payload.contains(first.getString("keyId"))))
          .contains("\"event\":\"key.revoked\"");
      assertThat(verify(first.getString("credential")).getString("status")).isEqualTo("revoked");
      assertThat(verify(first.getString("credential")).getString("keyId")).isEqualTo(first.getString("keyId"));
      // The reissued key passes verify: it was delivered and is in use, so it can never be reissued.
      assertThat(verify(reissued.getString("credential")).getString("status")).isEqualTo("active");
    }
    asBilling().body(Map.of("operationId", operationId, "reissueCredential", true)).when().post("/internal/clients")
        .then().statusCode(409).contentType(startsWith("application/json")).body("error", equalTo("conflict"));

    // Another checkout with the same email: a new client, bound unverified too (the first to enter its code keeps
    // the address: RecoveryAddressTest).
    asBilling().body(Map.of("operationId", operationId + "b", "email", email.toUpperCase()))
        .when().post("/internal/clients").then().statusCode(201).body("emailBound", equalTo(true));
  }

  @Test
  void shouldMintOnceWhenTheSameOperationArrivesConcurrently() throws Exception {
    var operationId = "cs_" + UUID.randomUUID().toString().replace("-", "");
    var calls = new ArrayList<Callable<JsonPath>>();
    for (int i = 0; i < 6; i++) {
      calls.add(() -> asBilling().body(Map.of("operationId", operationId)).when().post("/internal/clients")
          .then().statusCode(org.hamcrest.Matchers.oneOf(200, 201)).extract().jsonPath());
    }
    try (var pool = Executors.newFixedThreadPool(6)) {
      var answers = new ArrayList<JsonPath>();
      for (var result : pool.invokeAll(calls)) {
        answers.add(result.get());
      }
      assertThat(answers.stream().filter(a -> a.getBoolean("created")).count()).isEqualTo(1);
      assertThat(answers.stream().map(a -> a.getString("clientId")).distinct().count()).isEqualTo(1);
      assertThat(answers.stream().filter(a -> a.getString("credential") != null).count()).isEqualTo(1);
    }
  }

  @Test
  void shouldMintOnlyForBillingAndNameABadField() {
    for (var other : List.of(TestTokens.forService("gateway-service"),
        TestTokens.forClient("cli_x", Set.of("api.read", "api.write"), "pro"))) {
      given().header("Authorization", "Bearer " + other).contentType(ContentType.JSON)
          .body(Map.of("operationId", "cs_x")).when().post("/internal/clients").then().statusCode(403)
          .body("error", equalTo("insufficient_scope"));
    }
    asBilling().body(Map.of("email", "a@b.example")).when().post("/internal/clients").then().statusCode(400)
        .body("field", equalTo("operationId"));
    asBilling().body(Map.of("operationId", "cs_" + "x".repeat(62))).when().post("/internal/clients").then()
        .statusCode(400).body("field", equalTo("operationId"));
  }
}

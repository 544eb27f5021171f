package dev.videoautomation.billing.subscriptions;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.aMapWithSize;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.greaterThan;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.nullValue;

import java.sql.DriverManager;
import java.util.Arrays;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.junit.jupiter.api.Test;
import org.postgresql.PGConnection;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.restassured.http.ContentType;
import io.restassured.specification.RequestSpecification;

import dev.videoautomation.platform.ids.IdPrefix;
import dev.videoautomation.platform.ids.Ids;
import dev.videoautomation.platform.limits.LimitBucket;
import dev.videoautomation.platform.testing.PostgresResource;
import dev.videoautomation.platform.testing.TestTokens;

/** Entitlements, the admin API that changes them, the events that announce it, and the price list. */
@QuarkusTest
@WithTestResource(PostgresResource.class)
@TestProfile(EntitlementsTest.WithOperatorToken.class)
class EntitlementsTest {
  static final String OPERATOR = "operator-secret-for-tests";

  public static class WithOperatorToken implements QuarkusTestProfile {
    @Override
    public Map<String, String> getConfigOverrides() {
      return Map.of("billing.admin.operator-token", OPERATOR);
    }
  }

  @ConfigProperty(name = "quarkus.datasource.jdbc.url")
  String jdbcUrl;
  @ConfigProperty(name = "quarkus.datasource.username")
  String username;
  @ConfigProperty(name = "quarkus.datasource.password")
  java.util.Optional<String> password;

  private static RequestSpecification asService(String name) {
    return given().header("Authorization", "Bearer " + TestTokens.forService(name));
  }

  private static RequestSpecification asOperator() {
    return asService("operator").header("X-Operator-Token", OPERATOR).contentType(ContentType.JSON);
  }

  private static String operationId() {
    return "opr_" + UUID.randomUUID().toString().replace("-", "");
  }

  private static void grant(String clientId) {
    asOperator().body(Map.of("clientId", clientId, "operationId", operationId(), "plan", "pro"))
        .when().post("/internal/admin/subscriptions").then().statusCode(200);
  }

  @Test
  void shouldAnswerNoneForAClientBillingHasNeverSeen() {
    var clientId = Ids.newId(IdPrefix.CLI);
    asService("gateway-service").when().get("/internal/entitlements/" + clientId)
        .then().statusCode(200)
        .body("clientId", equalTo(clientId))
        .body("active", equalTo(false))
        .body("status", equalTo("none"))
        .body("plan", nullValue())
        .body("limits", aMapWithSize(0));
  }

  @Test
  void shouldOpenEveryBucketOfThePlanOnceAnOperatorGrantsIt() {
    var clientId = Ids.newId(IdPrefix.CLI);
    asOperator().body(Map.of("clientId", clientId, "operationId", operationId(), "plan", "pro"))
        .when().post("/internal/admin/subscriptions")
        .then().statusCode(200)
        .body("active", equalTo(true))
        .body("status", equalTo("active"));

    var limits = asService("gateway-service").when().get("/internal/entitlements/" + clientId)
        .then().statusCode(200)
        .body("active", equalTo(true))
        .body("plan", equalTo("pro"))
        .body("limits.watch", equalTo(50))
        .body("limits.scrape", equalTo(500))
        .body("limits.clone", equalTo(20))
        .body("periodEnd", greaterThan(System.currentTimeMillis()))
        .body("validUntil", notNullValue())
        .extract().jsonPath().getMap("limits");
    assertThat(limits.keySet()).containsExactlyInAnyOrder(Arrays.stream(LimitBucket.values())
        .map(LimitBucket::bucketName).toArray(String[]::new));
    for (var bucket : LimitBucket.values()) {
      assertThat(limits.get(bucket.bucketName())).isEqualTo(bucket.defaultDailyLimit());
    }
  }

  @Test
  void shouldEndASubscriptionNowOrAtThePeriodEnd() {
    var now = Ids.newId(IdPrefix.CLI);
    var later = Ids.newId(IdPrefix.CLI);
    grant(now);
    grant(later);

    asOperator().body(Map.of("operationId", operationId(), "at", "now", "reason", "test"))
        .when().post("/internal/admin/subscriptions/" + now + "/end")
        .then().statusCode(200).body("active", equalTo(false)).body("status", equalTo("expired"))
        .body("limits", aMapWithSize(0));
    asOperator().body(Map.of("operationId", operationId(), "at", "period_end", "reason", "test"))
        .when().post("/internal/admin/subscriptions/" + later + "/end")
        .then().statusCode(200).body("active", equalTo(true)).body("status", equalTo("canceled"));
    asService("gateway-service").when().get("/internal/entitlements/" + later)
        .then().body("status", equalTo("canceled")).body("limits.watch", equalTo(50));
    asOperator().body(Map.of("operationId", operationId(), "at", "now", "reason", "test"))
        .when().post("/internal/admin/subscriptions/" + Ids.newId(IdPrefix.CLI) + "/end")
        .then().statusCode(404).body("error", equalTo("not_found"));
  }

  @Test
  void shouldLetAClientReadOnlyItsOwnEntitlement() {
    var clientId = Ids.newId(IdPrefix.CLI);
    given().header("Authorization", "Bearer " + TestTokens.forClient(clientId, Set.of("api.read"), null))
        .when().get("/internal/entitlements/" + clientId).then().statusCode(200);
    given().header("Authorization", "Bearer " + TestTokens.forClient(Ids.newId(IdPrefix.CLI), Set.of("api.read"),
        null)).when().get("/internal/entitlements/" + clientId)
        .then().statusCode(403).body("error", equalTo("insufficient_scope"));
    asService("gateway-service").when().get("/internal/entitlements/not-a-client")
        .then().statusCode(400).body("field", equalTo("clientId"));
  }

  @Test
  void shouldGuardTheAdminApiWithBothLocks() {
    var body = Map.of("clientId", Ids.newId(IdPrefix.CLI), "operationId", operationId(), "plan", "pro");
    asService("operator").contentType(ContentType.JSON).body(body).when().post("/internal/admin/subscriptions")
        .then().statusCode(401).body("error", equalTo("unauthorized"));
    asService("operator").header("X-Operator-Token", "wrong").contentType(ContentType.JSON).body(body)
        .when().post("/internal/admin/subscriptions").then().statusCode(401);
    given().header("Authorization", "Bearer " + TestTokens.forClient("cli_x", Set.of("api.write"), null))
        .header("X-Operator-Token", OPERATOR).contentType(ContentType.JSON).body(body)
        .when().post("/internal/admin/subscriptions").then().statusCode(403);
    given().header("X-Operator-Token", OPERATOR).contentType(ContentType.JSON).body(body)
        .when().post("/internal/admin/subscriptions").then().statusCode(401);
  }

  @Test
  void shouldApplyAnOperationOnceAndRefuseItsIdForAnotherCommand() {
    var clientId = Ids.newId(IdPrefix.CLI);
    var id = operationId();
    var body = Map.of("clientId", clientId, "operationId", id, "plan", "pro");
    var first = asOperator().body(body).when().post("/internal/admin/subscriptions")
        .then().statusCode(200).extract().path("periodEnd");
    var replay = asOperator().body(body).when().post("/internal/admin/subscriptions")
        .then().statusCode(200).extract().path("periodEnd");
    assertThat(replay).isEqualTo(first);

    asOperator().body(Map.of("clientId", Ids.newId(IdPrefix.CLI), "operationId", id, "plan", "pro"))
        .when().post("/internal/admin/subscriptions")
        .then().statusCode(422).body("error", equalTo("idempotency_key_mismatch"));
    asOperator().body(Map.of("clientId", clientId, "operationId", operationId(), "plan", "gold"))
        .when().post("/internal/admin/subscriptions")
        .then().statusCode(400).body("field", equalTo("plan"));
  }

  @Test
  void shouldAnnounceEveryChangeAfterItCommits() throws Exception {
    try (var listener = DriverManager.getConnection(jdbcUrl, username, password.orElse(""))) {
      listener.createStatement().execute("LISTEN entitlement_events");
      var clientId = Ids.newId(IdPrefix.CLI);

      grant(clientId);

      var notifications = listener.unwrap(PGConnection.class).getNotifications(2_000);
      assertThat(notifications).isNotNull().hasSize(1);
      assertThat(notifications[0].getParameter())
          .startsWith("{\"v\":1,\"event\":\"entitlement.changed\",\"clientId\":\"" + clientId + "\",\"at\":");
    }
  }

  @Test
  void shouldServeThePriceListWithAnEtag() {
    var etag = asService("gateway-service").when().get("/internal/prices")
        .then().statusCode(200)
        .header("Cache-Control", containsString("max-age=300"))
        .body("currency", equalTo("usd"))
        .body("plans[0].plan", equalTo("pro"))
        .body("plans[0].priceCents", equalTo(9900))
        .body("plans[0].interval", equalTo("month"))
        .body("plans[0].limits.scrape", equalTo(500))
        .body("operations.find { it.operation == 'image.generate' }.variants.'2K'", equalTo(6))
        .body("operations.find { it.operation == 'clone.render' }.credits", equalTo(60))
        .extract().header("ETag");
    assertThat(etag).isNotBlank();

    asService("gateway-service").header("If-None-Match", etag).when().get("/internal/prices")
        .then().statusCode(304);
  }
}

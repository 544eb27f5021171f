package dev.videoautomation.billing.admin;

import static dev.videoautomation.billing.BillingCalls.asOperator;
import static dev.videoautomation.billing.BillingCalls.asService;
import static dev.videoautomation.billing.BillingCalls.connect;
import static dev.videoautomation.billing.BillingCalls.end;
import static dev.videoautomation.billing.BillingCalls.entitlement;
import static dev.videoautomation.billing.BillingCalls.grant;
import static dev.videoautomation.billing.BillingCalls.newClientId;
import static dev.videoautomation.billing.BillingCalls.operationId;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.http.ContentType;

import dev.videoautomation.billing.OperatorProfile;
import dev.videoautomation.platform.testing.PostgresResource;
import dev.videoautomation.platform.testing.TestTokens;

/** The operators' admin API (docs/internal-api.md §3.5): two locks, commands applied once, actor and credits kept. */
@QuarkusTest
@WithTestResource(PostgresResource.class)
@TestProfile(OperatorProfile.class)
class AdminResourceTest {
  static final String GRANTS = "/internal/admin/subscriptions";

  private static Map<String, Object> grantBody(String clientId, String operationId) {
    return new HashMap<>(Map.of("clientId", clientId, "operationId", operationId, "plan", "pro"));
  }

  @Test
  void shouldAnswerAGrantWithTheEntitlement() {
    var clientId = newClientId();
    var periodEnd = Instant.now().plus(Duration.ofDays(3)).toEpochMilli();
    var body = grantBody(clientId, operationId());
    body.put("periodEnd", periodEnd);
    asOperator().body(body).when().post(GRANTS).then().statusCode(200)
        .body("clientId", equalTo(clientId))
        .body("active", equalTo(true))
        .body("plan", equalTo("pro"))
        .body("status", equalTo("active"))
        .body("limits.'compliance.video'", equalTo(20))
        .body("periodEnd", equalTo(periodEnd))
        .body("validUntil", equalTo(periodEnd));
  }

  @Test
  void shouldReactivateAnEndedSubscription() {
    var clientId = newClientId();
    grant(clientId);
    end(clientId, "now").statusCode(200).body("status", equalTo("expired"));
    grant(clientId).body("status", equalTo("active")).body("active", equalTo(true));
    entitlement(clientId).body("active", equalTo(true));
  }

  @Test
  void shouldRefuseAnUnknownPlanAPastPeriodEndAndAMalformedClientId() {
    var unknownPlan = grantBody(newClientId(), operationId());
    unknownPlan.put("plan", "gold");
    asOperator().body(unknownPlan).when().post(GRANTS).then().statusCode(400)
        .body("field", equalTo("plan")).body("message", containsString("pro"));
    var past = grantBody(newClientId(), operationId());
    past.put("periodEnd", Instant.now().minusSeconds(60).toEpochMilli());
    asOperator().body(past).when().post(GRANTS).then().statusCode(400).body("field", equalTo("periodEnd"));
    // An integer field: a fraction is refused, not cut to the millisecond below.
    var fraction = grantBody(newClientId(), operationId());
    fraction.put("periodEnd", Instant.now().plus(Duration.ofDays(3)).toEpochMilli() + 0.5);
    asOperator().body(fraction).when().post(GRANTS).then().statusCode(400).body("error", equalTo("invalid_request"))
        .body("field", equalTo("periodEnd"))
        .body("message", equalTo("Field 'periodEnd' must be an integer (no fraction or exponent)."));
    asOperator().body(grantBody("key_abc", operationId())).when().post(GRANTS).then().statusCode(400)
        .body("field", equalTo("clientId"));
    asOperator().body(grantBody(newClientId(), "cs_abc")).when().post(GRANTS).then().statusCode(400)
        .body("field", equalTo("operationId"));
    asOperator().body(Map.of("operationId", operationId(), "at", "tomorrow", "reason", "x"))
        .when().post(GRANTS + "/" + newClientId() + "/end").then().statusCode(400).body("field", equalTo("at"));
  }

  @Test
  void shouldAnswer404WhenEndingASubscriptionTheClientDoesNotHave() {
    end(newClientId(), "now").statusCode(404).body("error", equalTo("not_found"));
  }

  @Test
  void shouldRequireAServiceTokenAndTheOperatorSecret() {
    var body = grantBody(newClientId(), operationId());
    asService("operator").contentType(ContentType.JSON).body(body).when().post(GRANTS)
        .then().statusCode(401).body("error", equalTo("unauthorized"))
        .body("message", containsString("X-Operator-Token"));
    asService("operator").header("X-Operator-Token", "wrong").contentType(ContentType.JSON).body(body)
        .when().post(GRANTS).then().statusCode(401).body("error", equalTo("unauthorized"));
    asService("operator").header("X-Operator-Token", OperatorProfile.OPERATOR_TOKEN + "x")
        .contentType(ContentType.JSON).body(body).when().post(GRANTS).then().statusCode(401);
    given().header("Authorization", "Bearer " + TestTokens.forClient(newClientId(), Set.of("api.write"), "pro"))
        .header("X-Operator-Token", OperatorProfile.OPERATOR_TOKEN).contentType(ContentType.JSON).body(body)
        .when().post(GRANTS).then().statusCode(403).body("error", equalTo("insufficient_scope"));
    given().header("X-Operator-Token", OperatorProfile.OPERATOR_TOKEN).contentType(ContentType.JSON).body(body)
        .when().post(GRANTS).then().statusCode(401);
    asService("operator").contentType(ContentType.JSON).body(Map.of("operationId", operationId(), "at", "now",
        "reason", "x")).when().post(GRANTS + "/" + newClientId() + "/end").then().statusCode(401);
    entitlement((String) body.get("clientId")).body("status", equalTo("none"));
  }

  @Test
  void shouldJudgeTheCallerBeforeTheBody() {
    asService("operator").contentType(ContentType.JSON).body(Map.of("nonsense", true)).when().post(GRANTS)
        .then().statusCode(401);
  }

  @Test
  void shouldApplyAGrantOnceAndReplayItsFirstAnswer() throws SQLException {
    var clientId = newClientId();
    var id = operationId();
    var body = grantBody(clientId, id);
    var first = asOperator().body(body).when().post(GRANTS).then().statusCode(200).extract().asString();
    end(clientId, "now").statusCode(200);

    var replay = asOperator().body(body).when().post(GRANTS).then().statusCode(200).extract().asString();
    assertThat(replay).isEqualTo(first);
    entitlement(clientId).body("status", equalTo("expired"));
    var withDefaultSpelledOut = grantBody(clientId, id);
    withDefaultSpelledOut.put("grantCredits", true);
    asOperator().body(withDefaultSpelledOut).when().post(GRANTS).then().statusCode(200);

    assertThat(ledgerOf(clientId)).containsExactly(List.of("grant", id, 500, 500, "service:operator"));
  }

  @Test
  void shouldRefuseAnOperationIdReusedForAnotherBodyOrCommand() {
    var clientId = newClientId();
    var id = operationId();
    asOperator().body(grantBody(clientId, id)).when().post(GRANTS).then().statusCode(200);

    asOperator().body(grantBody(newClientId(), id)).when().post(GRANTS)
        .then().statusCode(422).body("error", equalTo("idempotency_key_mismatch"));
    var noCredits = grantBody(clientId, id);
    noCredits.put("grantCredits", false);
    asOperator().body(noCredits).when().post(GRANTS).then().statusCode(422);
    asOperator().body(Map.of("operationId", id, "at", "now", "reason", "x"))
        .when().post(GRANTS + "/" + clientId + "/end")
        .then().statusCode(422).body("error", equalTo("idempotency_key_mismatch"));
    entitlement(clientId).body("status", equalTo("active"));
  }

  @Test
  void shouldApplyAnEndOnce() {
    var clientId = newClientId();
    grant(clientId);
    var id = operationId();
    var body = Map.of("operationId", id, "at", "period_end", "reason", "customer asked");
    var first = asOperator().body(body).when().post(GRANTS + "/" + clientId + "/end")
        .then().statusCode(200).body("status", equalTo("canceled")).extract().asString();
    assertThat(asOperator().body(body).when().post(GRANTS + "/" + clientId + "/end")
        .then().statusCode(200).extract().asString()).isEqualTo(first);
    asOperator().body(Map.of("operationId", id, "at", "now", "reason", "customer asked"))
        .when().post(GRANTS + "/" + clientId + "/end").then().statusCode(422);
  }

  @Test
  void shouldRecordTheActorAndReasonOfEveryCommand() throws SQLException {
    var clientId = newClientId();
    grant(clientId);
    var endId = operationId();
    asService("ops-alice").header("X-Operator-Token", OperatorProfile.OPERATOR_TOKEN).contentType(ContentType.JSON)
        .body(Map.of("operationId", endId, "at", "now", "reason", "chargeback"))
        .when().post(GRANTS + "/" + clientId + "/end").then().statusCode(200);

    try (var db = connect(); var query = db.prepareStatement("SELECT command, actor, reason, response::jsonb->>'status' "
        + "FROM billing.admin_operations WHERE client_id = ? ORDER BY created_at")) {
      query.setString(1, clientId);
      var rows = new ArrayList<List<String>>();
      try (var result = query.executeQuery()) {
        while (result.next()) {
          rows.add(java.util.Arrays.asList(result.getString(1), result.getString(2), result.getString(3),
              result.getString(4)));
        }
      }
      assertThat(rows).containsExactly(
          java.util.Arrays.asList("subscription.grant", "service:operator", null, "active"),
          List.of("subscription.end", "service:ops-alice", "chargeback", "expired"));
    }
  }

  @Test
  void shouldGrantThePlansMonthlyCreditsUnlessToldNotTo() throws SQLException {
    var clientId = newClientId();
    var first = operationId();
    asOperator().body(grantBody(clientId, first)).when().post(GRANTS).then().statusCode(200);
    var second = operationId();
    asOperator().body(grantBody(clientId, second)).when().post(GRANTS).then().statusCode(200);
    var without = grantBody(clientId, operationId());
    without.put("grantCredits", false);
    asOperator().body(without).when().post(GRANTS).then().statusCode(200);

    assertThat(ledgerOf(clientId)).containsExactly(
        List.of("grant", first, 500, 500, "service:operator"),
        List.of("grant", second, 500, 1000, "service:operator"));
    try (var db = connect(); var query = db.prepareStatement(
        "SELECT balance FROM billing.credit_balances WHERE client_id = ?")) {
      query.setString(1, clientId);
      try (var result = query.executeQuery()) {
        assertThat(result.next()).isTrue();
        assertThat(result.getInt(1)).isEqualTo(1000);
      }
    }
  }

  private static List<List<Object>> ledgerOf(String clientId) throws SQLException {
    try (var db = connect(); var query = db.prepareStatement("SELECT kind, operation_id, credits, balance_after, "
        + "actor FROM billing.credit_ledger WHERE client_id = ? ORDER BY id")) {
      query.setString(1, clientId);
      var rows = new ArrayList<List<Object>>();
      try (var result = query.executeQuery()) {
        while (result.next()) {
          rows.add(List.of(result.getString(1), result.getString(2), result.getInt(3), result.getInt(4),
              result.getString(5)));
        }
      }
      return rows;
    }
  }
}

package dev.videoautomation.billing.budgets;

import static dev.videoautomation.billing.BillingCalls.asClient;
import static dev.videoautomation.billing.BillingCalls.asService;
import static dev.videoautomation.billing.BillingCalls.connect;
import static dev.videoautomation.billing.BillingCalls.grant;
import static dev.videoautomation.billing.BillingCalls.newClientId;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasKey;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.nullValue;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;

import org.junit.jupiter.api.Test;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.http.ContentType;
import io.restassured.response.ValidatableResponse;

import dev.videoautomation.billing.OperatorProfile;
import dev.videoautomation.platform.ids.IdPrefix;
import dev.videoautomation.platform.ids.Ids;
import dev.videoautomation.platform.testing.PostgresResource;
import dev.videoautomation.platform.testing.TestTokens;

/**
 * Per-key budgets, the per-call cap and the quote (docs/internal-api.md §3.19.2): auth sets a key's budget, the one
 * charging statement refuses past it or past {@code maxCredits} and records nothing, a refund gives the key's spend
 * back, and under 200 concurrent charges a budget admits exactly what it covers. {@code account.create} costs 10 and
 * a granted plan brings 500 credits.
 */
@QuarkusTest
@WithTestResource(PostgresResource.class)
@TestProfile(OperatorProfile.class)
class BudgetsTest {
  private static final String ACCOUNT = "account.create";

  private static String keyId() {
    return Ids.newId(IdPrefix.KEY);
  }

  private static String taskId() {
    return "acc_" + UUID.randomUUID().toString().replace("-", "");
  }

  private static ValidatableResponse putBudget(String keyId, String clientId, Integer creditBudget) {
    var body = new HashMap<String, Object>();
    body.put("clientId", clientId);
    body.put("creditBudget", creditBudget);
    return asService("auth-service").contentType(ContentType.JSON).body(body).when()
        .put("/internal/budgets/" + keyId).then();
  }

  private static Map<String, Object> chargeBody(String clientId, String operationId, String keyId, Integer max) {
    var body = new HashMap<String, Object>(Map.of("clientId", clientId, "operation", ACCOUNT));
    if (operationId != null) {
      body.put("operationId", operationId);
    }
    if (keyId != null) {
      body.put("keyId", keyId);
    }
    if (max != null) {
      body.put("maxCredits", max);
    }
    return body;
  }

  private static ValidatableResponse charge(String clientId, String operationId, String keyId, Integer max) {
    return asService("records-service").contentType(ContentType.JSON).body(chargeBody(clientId, operationId, keyId,
        max)).when().post("/internal/credits/charge").then();
  }

  private static ValidatableResponse quote(String clientId, String keyId, Integer max) {
    return asService("clone-service").contentType(ContentType.JSON).body(chargeBody(clientId, null, keyId, max))
        .when().post("/internal/credits/quote").then();
  }

  private static ValidatableResponse refund(String clientId, String operationId) {
    return asService("records-service").contentType(ContentType.JSON)
        .body(Map.of("clientId", clientId, "operationId", operationId, "reason", "task_failed"))
        .when().post("/internal/credits/refund").then();
  }

  private static int balance(String clientId) {
    return asService("records-service").when().get("/internal/credits/balance/" + clientId)
        .then().statusCode(200).extract().path("balance");
  }

  private static ValidatableResponse budgets(String clientId) {
    return asService("auth-service").queryParam("clientId", clientId).when().get("/internal/budgets").then();
  }

  private static int chargesOf(String clientId) throws SQLException {
    try (var connection = connect(); var statement = connection.prepareStatement(
        "SELECT count(*) FROM billing.credit_ledger WHERE client_id = ? AND kind = 'charge'")) {
      statement.setString(1, clientId);
      try (var rows = statement.executeQuery()) {
        rows.next();
        return rows.getInt(1);
      }
    }
  }

  @Test
  void shouldLetAuthSetChangeAndRemoveAKeysBudgetAndListTheClientsKeys() {
    var client = newClientId();
    var key = keyId();
    putBudget(key, client, 100).statusCode(200).body("keyId", equalTo(key)).body("clientId", equalTo(client))
        .body("creditBudget", equalTo(100)).body("creditsSpent", equalTo(0));
    putBudget(key, client, 100).statusCode(200).body("creditBudget", equalTo(100)); // idempotent
    grant(client);
    charge(client, taskId(), key, null).statusCode(200);

    putBudget(key, client, 30).statusCode(200).body("creditBudget", equalTo(30)).body("creditsSpent", equalTo(10));
    var other = keyId();
    putBudget(other, client, 5).statusCode(200);
    budgets(client).statusCode(200).body("data.size()", equalTo(2))
        .body("data.find { it.keyId == '" + key + "' }.creditBudget", equalTo(30))
        .body("data.find { it.keyId == '" + key + "' }.creditsSpent", equalTo(10))
        .body("data.find { it.keyId == '" + other + "' }.creditBudget", equalTo(5))
        .body("data.find { it.keyId == '" + other + "' }", not(hasKey("clientId")));

    putBudget(key, client, null).statusCode(200).body("creditBudget", nullValue()).body("creditsSpent", equalTo(10));
    budgets(newClientId()).statusCode(200).body("data.size()", equalTo(0));
  }

  @Test
  void shouldServeBudgetsToAuthOnlyAndNameWhatIsWrong() {
    var client = newClientId();
    var key = keyId();
    asService("clone-service").contentType(ContentType.JSON).body(Map.of("clientId", client, "creditBudget", 1))
        .when().put("/internal/budgets/" + key).then().statusCode(403).body("error", equalTo("insufficient_scope"))
        .body("message", containsString("service:auth-service"));
    asClient(client).contentType(ContentType.JSON).body(Map.of("clientId", client, "creditBudget", 1))
        .when().put("/internal/budgets/" + key).then().statusCode(403).body("error", equalTo("insufficient_scope"));
    asService("gateway-service").queryParam("clientId", client).when().get("/internal/budgets").then()
        .statusCode(403).body("error", equalTo("insufficient_scope"));

    putBudget("cli_notakey", client, 1).statusCode(400).body("field", equalTo("keyId"));
    putBudget(key, "nobody", 1).statusCode(400).body("field", equalTo("clientId"));
    putBudget(key, client, -1).statusCode(400).body("field", equalTo("creditBudget"));
    asService("auth-service").contentType(ContentType.JSON).body(Map.of("clientId", client, "budget", 1))
        .when().put("/internal/budgets/" + key).then().statusCode(400).body("field", equalTo("budget"));
    budgets("nobody").statusCode(400).body("field", equalTo("clientId"));

    putBudget(key, client, 10).statusCode(200);
    putBudget(key, newClientId(), 50).statusCode(409).body("error", equalTo("conflict"));
    budgets(client).body("data[0].creditBudget", equalTo(10));
  }

  @Test
  void shouldRefuseACallDearerThanItsCapAndRecordNothing() throws SQLException {
    var client = newClientId();
    grant(client);
    var task = taskId();
    charge(client, task, null, 9).statusCode(402).body("error", equalTo("budget_exceeded"))
        .body("cost", equalTo(10)).body("max", equalTo(9)).body("message", containsString("Max-Credits"))
        .body("$", not(hasKey("creditBudget")));
    assertThat(balance(client)).isEqualTo(500);
    assertThat(chargesOf(client)).isZero();

    // nothing was recorded, so the same operation is judged afresh
    charge(client, task, null, 10).statusCode(200).body("status", equalTo("charged")).body("creditsCharged",
        equalTo(10)).body("balance", equalTo(490)).body("remaining", equalTo(490)).body("replayed", equalTo(false));
    charge(client, taskId(), null, 0).statusCode(402).body("max", equalTo(0));
    charge(client, taskId(), null, -1).statusCode(400).body("field", equalTo("maxCredits"));
  }

  @Test
  void shouldRefuseACallPastTheKeysBudgetWithWhatIsLeftAndRecordNothing() throws SQLException {
    var client = newClientId();
    grant(client);
    var key = keyId();
    putBudget(key, client, 25).statusCode(200);

    charge(client, taskId(), key, null).statusCode(200).body("balance", equalTo(490)).body("remaining", equalTo(15));
    charge(client, taskId(), key, null).statusCode(200).body("balance", equalTo(480)).body("remaining", equalTo(5));
    var refused = taskId();
    charge(client, refused, key, null).statusCode(402).body("error", equalTo("budget_exceeded"))
        .body("cost", equalTo(10)).body("creditBudget", equalTo(25)).body("creditsSpent", equalTo(20))
        .body("$", not(hasKey("max")));
    assertThat(balance(client)).isEqualTo(480);
    assertThat(chargesOf(client)).isEqualTo(2);
    budgets(client).body("data[0].creditsSpent", equalTo(20));

    // the client's other keys, and calls without a key, still draw on the balance alone
    charge(client, taskId(), keyId(), null).statusCode(200).body("balance", equalTo(470)).body("remaining",
        equalTo(470));
    charge(client, taskId(), null, null).statusCode(200).body("remaining", equalTo(460));

    // a larger budget lets the refused operation through, judged afresh
    putBudget(key, client, 40).statusCode(200);
    charge(client, refused, key, null).statusCode(200).body("replayed", equalTo(false)).body("remaining",
        equalTo(10));
    charge(client, refused, key, null).statusCode(200).body("replayed", equalTo(true)).body("remaining",
        equalTo(10));
  }

  @Test
  void shouldLeaveTheKeysSpendUntouchedWhenTheBalanceIsShort() {
    var client = newClientId(); // never granted: a balance of 0
    var key = keyId();
    putBudget(key, client, 100).statusCode(200);
    charge(client, taskId(), key, null).statusCode(402).body("error", equalTo("insufficient_credits"))
        .body("balance", equalTo(0)).body("cost", equalTo(10));
    budgets(client).body("data[0].creditsSpent", equalTo(0));
  }

  @Test
  void shouldGiveTheChargingKeysSpendBackOnARefund() {
    var client = newClientId();
    grant(client);
    var key = keyId();
    putBudget(key, client, 20).statusCode(200);
    var task = taskId();
    charge(client, task, key, null).statusCode(200).body("remaining", equalTo(10));
    charge(client, taskId(), key, null).statusCode(200).body("remaining", equalTo(0));
    charge(client, taskId(), key, null).statusCode(402).body("error", equalTo("budget_exceeded"));

    // refunded by a worker, which knows no key: the ledger remembers it
    refund(client, task).statusCode(200).body("creditsRefunded", equalTo(10)).body("balance", equalTo(490));
    budgets(client).body("data[0].creditsSpent", equalTo(10));
    refund(client, task).statusCode(200).body("replayed", equalTo(true));
    budgets(client).body("data[0].creditsSpent", equalTo(10));
    charge(client, taskId(), key, null).statusCode(200).body("remaining", equalTo(0));
  }

  @Test
  void shouldChargeTheKeyAClientTokenNamesAndNoOther() {
    var client = newClientId();
    grant(client);
    var key = keyId();
    putBudget(key, client, 10).statusCode(200);
    var token = TestTokens.forClientKey(client, key, Set.of("api.write"), "pro");

    given().header("Authorization", "Bearer " + token).contentType(ContentType.JSON)
        .body(chargeBody(client, taskId(), null, null)).when().post("/internal/credits/charge").then()
        .statusCode(200).body("remaining", equalTo(0));
    given().header("Authorization", "Bearer " + token).contentType(ContentType.JSON)
        .body(chargeBody(client, taskId(), null, null)).when().post("/internal/credits/charge").then()
        .statusCode(402).body("error", equalTo("budget_exceeded")).body("creditsSpent", equalTo(10));
    given().header("Authorization", "Bearer " + token).contentType(ContentType.JSON)
        .body(chargeBody(client, taskId(), keyId(), null)).when().post("/internal/credits/charge").then()
        .statusCode(403).body("error", equalTo("insufficient_scope"));
    charge(client, taskId(), "key_", null).statusCode(400).body("field", equalTo("keyId"));

    var othersKey = keyId();
    putBudget(othersKey, newClientId(), 100).statusCode(200);
    charge(client, taskId(), othersKey, null).statusCode(400).body("field", equalTo("keyId"));
    assertThat(balance(client)).isEqualTo(490);
  }

  @Test
  void shouldQuoteTheChargesJudgementAndWriteNothing() throws SQLException {
    var client = newClientId();
    grant(client);
    var key = keyId();
    putBudget(key, client, 15).statusCode(200);

    quote(client, key, null).statusCode(200).body("credits", equalTo(10)).body("balance", equalTo(500))
        .body("remaining", equalTo(15)).body("wouldCharge", equalTo(true)).body("refusal", nullValue());
    quote(client, key, 9).statusCode(200).body("wouldCharge", equalTo(false))
        .body("refusal.error", equalTo("budget_exceeded")).body("refusal.cost", equalTo(10))
        .body("refusal.max", equalTo(9)).body("refusal.message", containsString("Max-Credits"));
    charge(client, taskId(), key, null).statusCode(200);
    quote(client, key, null).statusCode(200).body("wouldCharge", equalTo(false)).body("remaining", equalTo(5))
        .body("refusal.error", equalTo("budget_exceeded")).body("refusal.creditBudget", equalTo(15))
        .body("refusal.creditsSpent", equalTo(10));
    var poor = newClientId();
    quote(poor, null, null).statusCode(200).body("wouldCharge", equalTo(false)).body("balance", equalTo(0))
        .body("refusal.error", equalTo("insufficient_credits")).body("refusal.balance", equalTo(0))
        .body("refusal.cost", equalTo(10));
    asService("clone-service").contentType(ContentType.JSON).body(Map.of("clientId", client, "operation",
        "image.generate", "attributes", Map.of("resolution", "4K"))).when().post("/internal/credits/quote").then()
        .statusCode(200).body("credits", equalTo(10)).body("remaining", equalTo(490));
    asService("clone-service").contentType(ContentType.JSON).body(Map.of("clientId", client, "operation",
        "teleport")).when().post("/internal/credits/quote").then().statusCode(400).body("field", equalTo("operation"));
    asClient(newClientId()).contentType(ContentType.JSON).body(chargeBody(client, null, null, null)).when()
        .post("/internal/credits/quote").then().statusCode(403);

    assertThat(balance(client)).isEqualTo(490);
    assertThat(chargesOf(client)).isEqualTo(1);
    budgets(client).body("data[0].creditsSpent", equalTo(10));
  }

  /** Charges and refunds on one key at once take the key's row and the balance in one order, so none deadlocks. */
  @Test
  void shouldChargeAndRefundOneKeyConcurrentlyWithoutAFailure() throws Exception {
    var client = newClientId();
    grant(client);
    var key = keyId();
    putBudget(key, client, 1000).statusCode(200);
    var charged = new ArrayList<String>();
    for (int i = 0; i < 20; i++) {
      var task = taskId();
      charge(client, task, key, null).statusCode(200);
      charged.add(task);
    }
    var start = new CountDownLatch(1);
    var calls = new ArrayList<Callable<Integer>>();
    for (var task : charged) {
      calls.add(() -> {
        start.await();
        return refund(client, task).extract().statusCode();
      });
      calls.add(() -> {
        start.await();
        return charge(client, taskId(), key, null).extract().statusCode();
      });
    }
    var statuses = new ArrayList<Integer>();
    try (var pool = Executors.newFixedThreadPool(calls.size())) {
      var futures = calls.stream().map(pool::submit).toList();
      start.countDown();
      for (var future : futures) {
        statuses.add(future.get());
      }
    }
    assertThat(statuses).containsOnly(200);
    budgets(client).body("data[0].creditsSpent", equalTo(200));
    assertThat(balance(client)).isEqualTo(300);
  }

  @Test
  void shouldAdmitExactlyWhatTheKeysBudgetCoversUnderTwoHundredConcurrentCharges() throws Exception {
    var client = newClientId();
    grant(client); // 500 credits; the key's budget covers ten charges of 10, so the budget is what stops them
    var key = keyId();
    putBudget(key, client, 100).statusCode(200);
    var start = new CountDownLatch(1);
    var calls = new ArrayList<Callable<ValidatableResponse>>();
    for (int i = 0; i < 200; i++) {
      calls.add(() -> {
        start.await();
        return charge(client, taskId(), key, null);
      });
    }
    var answers = new ArrayList<ValidatableResponse>();
    try (var pool = Executors.newFixedThreadPool(200)) {
      var futures = new ArrayList<java.util.concurrent.Future<ValidatableResponse>>();
      for (var call : calls) {
        futures.add(pool.submit(call));
      }
      start.countDown();
      for (var future : futures) {
        answers.add(future.get());
      }
    }
    var statuses = answers.stream().map(a -> a.extract().statusCode()).toList();
    assertThat(statuses.stream().filter(s -> s == 200).count()).isEqualTo(10);
    assertThat(statuses.stream().filter(s -> s == 402).count()).isEqualTo(190);
    List<String> refusals = answers.stream().filter(a -> a.extract().statusCode() == 402)
        .map(a -> a.extract().<String>path("error")).distinct().toList();
    assertThat(refusals).containsExactly("budget_exceeded");
    budgets(client).body("data[0].creditsSpent", equalTo(100)).body("data[0].creditBudget", equalTo(100));
    assertThat(balance(client)).isEqualTo(400);
    assertThat(chargesOf(client)).isEqualTo(10);
    try (var connection = connect(); var statement = connection.prepareStatement("SELECT sum(credits), "
        + "count(DISTINCT key_id), min(balance_after) FROM billing.credit_ledger WHERE client_id = ? AND kind = "
        + "'charge'")) {
      statement.setString(1, client);
      try (var rows = statement.executeQuery()) {
        rows.next();
        assertThat(rows.getInt(1)).isEqualTo(-100);
        assertThat(rows.getInt(2)).isEqualTo(1);
        assertThat(rows.getInt(3)).isEqualTo(400);
      }
    }
  }
}

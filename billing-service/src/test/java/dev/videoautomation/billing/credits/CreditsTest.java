package dev.videoautomation.billing.credits;

import static dev.videoautomation.billing.BillingCalls.asClient;
import static dev.videoautomation.billing.BillingCalls.asService;
import static dev.videoautomation.billing.BillingCalls.grant;
import static dev.videoautomation.billing.BillingCalls.newClientId;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;

import java.util.ArrayList;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.Executors;

import org.junit.jupiter.api.Test;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.http.ContentType;
import io.restassured.response.ValidatableResponse;

import dev.videoautomation.billing.OperatorProfile;
import dev.videoautomation.platform.testing.PostgresResource;

/** Charges, refunds and balances: once per operation, never below zero, whatever the concurrency. */
@QuarkusTest
@WithTestResource(PostgresResource.class)
@TestProfile(OperatorProfile.class)
class CreditsTest {

  private static String taskId() {
    return "img_" + UUID.randomUUID().toString().replace("-", "");
  }

  private static ValidatableResponse charge(String clientId, String operationId, String operation, int quantity,
      Map<String, String> attributes) {
    var body = new java.util.HashMap<String, Object>(Map.of("clientId", clientId, "operationId", operationId,
        "operation", operation, "quantity", quantity));
    if (attributes != null) {
      body.put("attributes", attributes);
    }
    return asService("clone-service").contentType(ContentType.JSON).body(body).when().post("/internal/credits/charge")
        .then();
  }

  private static ValidatableResponse refund(String clientId, String operationId) {
    return asService("clone-service").contentType(ContentType.JSON)
        .body(Map.of("clientId", clientId, "operationId", operationId, "reason", "task_failed"))
        .when().post("/internal/credits/refund").then();
  }

  private static int balance(String clientId) {
    return asService("records-service").when().get("/internal/credits/balance/" + clientId)
        .then().statusCode(200).extract().path("balance");
  }

  @Test
  void shouldChargeThePriceOfTheVariantOnce() {
    var client = newClientId();
    grant(client);
    var task = taskId();

    charge(client, task, "image.generate", 2, Map.of("resolution", "2K")).statusCode(200)
        .body("status", equalTo("charged")).body("creditsCharged", equalTo(12)).body("balance", equalTo(488))
        .body("replayed", equalTo(false));
    charge(client, task, "image.generate", 2, Map.of("resolution", "2K")).statusCode(200)
        .body("creditsCharged", equalTo(12)).body("balance", equalTo(488)).body("replayed", equalTo(true));
    charge(client, task, "image.generate", 3, Map.of("resolution", "2K")).statusCode(422)
        .body("error", equalTo("idempotency_key_mismatch"));
    charge(client, taskId(), "image.generate", 1, null).statusCode(200).body("creditsCharged", equalTo(4));
    assertThat(balance(client)).isEqualTo(484);
  }

  @Test
  void shouldNameWhatIsWrongWithACharge() {
    var client = newClientId();
    charge(client, taskId(), "teleport", 1, null).statusCode(400).body("field", equalTo("operation"));
    charge(client, taskId(), "image.generate", 1, Map.of("resolution", "8K")).statusCode(400)
        .body("field", equalTo("attributes.resolution"));
    charge(client, taskId(), "image.generate", 0, null).statusCode(400).body("field", equalTo("quantity"));
  }

  @Test
  void shouldRefuseWithTheBalanceAndTheCostAndRecordNothing() {
    var client = newClientId();
    var task = taskId();
    charge(client, task, "clone.render", 1, null).statusCode(402)
        .body("error", equalTo("insufficient_credits")).body("balance", equalTo(0)).body("cost", equalTo(60));

    grant(client);
    charge(client, task, "clone.render", 1, null).statusCode(200).body("replayed", equalTo(false))
        .body("balance", equalTo(440));
  }

  @Test
  void shouldAdmitExactlyWhatTheBalanceCoversUnderConcurrency() throws Exception {
    var client = newClientId();
    grant(client); // 500 credits: ten charges of 50
    var calls = new ArrayList<Callable<Integer>>();
    for (int i = 0; i < 50; i++) {
      calls.add(() -> charge(client, taskId(), "account.create", 5, null).extract().statusCode());
    }
    try (var pool = Executors.newFixedThreadPool(16)) {
      var statuses = new ArrayList<Integer>();
      for (var future : pool.invokeAll(calls)) {
        statuses.add(future.get());
      }
      assertThat(statuses.stream().filter(s -> s == 200).count()).isEqualTo(10);
      assertThat(statuses.stream().filter(s -> s == 402).count()).isEqualTo(40);
    }
    assertThat(balance(client)).isZero();
  }

  @Test
  void shouldRefundAFailedTaskOnce() {
    var client = newClientId();
    grant(client);
    var task = taskId();
    charge(client, task, "clone.render", 1, null).statusCode(200);

    refund(client, task).statusCode(200).body("status", equalTo("refunded")).body("creditsRefunded", equalTo(60))
        .body("balance", equalTo(500)).body("replayed", equalTo(false));
    refund(client, task).statusCode(200).body("replayed", equalTo(true)).body("balance", equalTo(500));
    assertThat(balance(client)).isEqualTo(500);
    charge(client, task, "clone.render", 1, null).statusCode(200).body("status", equalTo("refunded"))
        .body("replayed", equalTo(true)).body("balance", equalTo(500));
    refund(newClientId(), task).statusCode(422);
  }

  @Test
  void shouldRefuseALateChargeForATaskAlreadyGivenUp() {
    var client = newClientId();
    grant(client);
    var task = taskId();
    refund(client, task).statusCode(200).body("status", equalTo("not_charged")).body("creditsRefunded", equalTo(0));

    charge(client, task, "clone.render", 1, null).statusCode(409).body("error", equalTo("conflict"));
    assertThat(balance(client)).isEqualTo(500);
  }

  @Test
  void shouldLetAClientTouchOnlyItsOwnCredits() {
    var client = newClientId();
    asClient(newClientId()).when().get("/internal/credits/balance/" + client).then().statusCode(403);
    asClient(client).when().get("/internal/credits/balance/" + client).then().statusCode(200)
        .body("balance", equalTo(0)).body("clientId", equalTo(client));
  }
}

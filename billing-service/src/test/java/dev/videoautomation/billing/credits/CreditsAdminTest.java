package dev.videoautomation.billing.credits;

import static dev.videoautomation.billing.BillingCalls.asOperator;
import static dev.videoautomation.billing.BillingCalls.asService;
import static dev.videoautomation.billing.BillingCalls.grant;
import static dev.videoautomation.billing.BillingCalls.newClientId;
import static dev.videoautomation.billing.BillingCalls.operationId;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;

import java.util.Map;

import org.junit.jupiter.api.Test;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.http.ContentType;

import dev.videoautomation.billing.OperatorProfile;
import dev.videoautomation.platform.testing.PostgresResource;

/** Operators grant credits once per operationId and read a client's ledger, newest first, page by page. */
@QuarkusTest
@WithTestResource(PostgresResource.class)
@TestProfile(OperatorProfile.class)
class CreditsAdminTest {

  @Test
  void shouldGrantCreditsOnce() {
    var client = newClientId();
    var id = operationId();
    var body = Map.of("clientId", client, "operationId", id, "credits", 25, "reason", "goodwill");
    asOperator().body(body).when().post("/internal/admin/credits/grant").then().statusCode(200)
        .body("creditsGranted", equalTo(25)).body("balance", equalTo(25)).body("replayed", equalTo(false));
    asOperator().body(body).when().post("/internal/admin/credits/grant").then().statusCode(200)
        .body("balance", equalTo(25)).body("replayed", equalTo(true));
    asOperator().body(Map.of("clientId", client, "operationId", id, "credits", 30, "reason", "goodwill"))
        .when().post("/internal/admin/credits/grant").then().statusCode(422);
    asOperator().body(Map.of("clientId", client, "operationId", operationId(), "credits", 0, "reason", "x"))
        .when().post("/internal/admin/credits/grant").then().statusCode(400).body("field", equalTo("credits"));
    asService("operator").contentType(ContentType.JSON).body(body).when().post("/internal/admin/credits/grant")
        .then().statusCode(401);
  }

  @Test
  void shouldListTheLedgerNewestFirstInPages() {
    var client = newClientId();
    grant(client);
    for (int i = 0; i < 3; i++) {
      asOperator().body(Map.of("clientId", client, "operationId", operationId(), "credits", 10 + i, "reason", "r" + i))
          .when().post("/internal/admin/credits/grant").then().statusCode(200);
    }
    asService("clone-service").contentType(ContentType.JSON).body(Map.of("clientId", client, "operationId",
        "img_ledger" + System.nanoTime(), "operation", "image.generate")).when().post("/internal/credits/charge")
        .then().statusCode(200);

    var first = asOperator().queryParam("limit", 3).when().get("/internal/admin/ledger/" + client)
        .then().statusCode(200)
        .body("data.size()", equalTo(3))
        .body("data[0].kind", equalTo("charge"))
        .body("data[0].credits", equalTo(-4))
        .body("data[0].operation", equalTo("image.generate"))
        .body("data[0].balanceAfter", equalTo(529))
        .body("data[1].credits", equalTo(12))
        .body("data[1].actor", equalTo("service:operator"))
        .extract().jsonPath();
    var next = first.getString("nextCursor");
    assertThat(next).isNotBlank();

    asOperator().queryParam("limit", 3).queryParam("cursor", next).when().get("/internal/admin/ledger/" + client)
        .then().statusCode(200)
        .body("data.size()", equalTo(2))
        .body("data[0].credits", equalTo(10))
        .body("data[1].credits", equalTo(500))
        .body("nextCursor", nullValue());
    asOperator().queryParam("cursor", "bogus").when().get("/internal/admin/ledger/" + client)
        .then().statusCode(400).body("field", equalTo("cursor"));
  }
}

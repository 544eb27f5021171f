package dev.videoautomation.billing.admin;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;

import dev.videoautomation.platform.testing.PostgresResource;
import dev.videoautomation.platform.testing.TestTokens;

/** Without BILLING_ADMIN_OPERATOR_TOKEN (the default test profile sets none) the admin API says how to set it. */
@QuarkusTest
@WithTestResource(PostgresResource.class)
class AdminSwitchedOffTest {

  @Test
  void shouldAnswer503WithSetupWhenNoOperatorTokenIsConfigured() {
    given().header("Authorization", "Bearer " + TestTokens.forService("operator"))
        .header("X-Operator-Token", "anything").contentType(ContentType.JSON)
        .body(Map.of("clientId", "cli_abc", "operationId", "opr_abc", "plan", "pro"))
        .when().post("/internal/admin/subscriptions")
        .then().statusCode(503)
        .body("error", equalTo("service_unavailable"))
        .body("setup", containsString("BILLING_ADMIN_OPERATOR_TOKEN"));
    given().header("Authorization", "Bearer " + TestTokens.forService("operator")).contentType(ContentType.JSON)
        .body(Map.of("operationId", "opr_abc", "at", "now", "reason", "x"))
        .when().post("/internal/admin/subscriptions/cli_abc/end")
        .then().statusCode(503).body("setup", containsString("BILLING_ADMIN_OPERATOR_TOKEN"));
  }

  @Test
  void shouldStillRefuseAClientSubject() {
    given().header("Authorization", "Bearer " + TestTokens.forClient("cli_abc", Set.of("api.write"), "pro"))
        .contentType(ContentType.JSON)
        .body(Map.of("clientId", "cli_abc", "operationId", "opr_abc", "plan", "pro"))
        .when().post("/internal/admin/subscriptions")
        .then().statusCode(403).body("error", equalTo("insufficient_scope"));
  }
}

package dev.videoautomation.billing.subscriptions;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

import java.util.Map;

import org.junit.jupiter.api.Test;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;

import dev.videoautomation.platform.testing.PostgresResource;
import dev.videoautomation.platform.testing.TestTokens;

/** Without the operator secret configured, the admin API says how to switch it on. */
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
  }
}

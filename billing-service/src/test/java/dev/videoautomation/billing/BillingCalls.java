package dev.videoautomation.billing;

import static io.restassured.RestAssured.given;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

import org.eclipse.microprofile.config.ConfigProvider;

import io.restassured.http.ContentType;
import io.restassured.response.ValidatableResponse;
import io.restassured.specification.RequestSpecification;

import dev.videoautomation.platform.ids.IdPrefix;
import dev.videoautomation.platform.ids.Ids;
import dev.videoautomation.platform.testing.TestTokens;

/** Calls the tests make, as the gateway, a client or an operator would, and a plain JDBC connection to the test DB. */
public final class BillingCalls {
  private BillingCalls() {
  }

  public static RequestSpecification asService(String name) {
    return given().header("Authorization", "Bearer " + TestTokens.forService(name));
  }

  public static RequestSpecification asClient(String clientId) {
    return given().header("Authorization", "Bearer " + TestTokens.forClient(clientId, Set.of("api.read"), null));
  }

  public static RequestSpecification asOperator() {
    return asService("operator").header("X-Operator-Token", OperatorProfile.OPERATOR_TOKEN)
        .contentType(ContentType.JSON);
  }

  public static String newClientId() {
    return Ids.newId(IdPrefix.CLI);
  }

  public static String operationId() {
    return "opr_" + UUID.randomUUID().toString().replace("-", "");
  }

  public static ValidatableResponse entitlement(String clientId) {
    return asService("gateway-service").when().get("/internal/entitlements/" + clientId).then();
  }

  /** An operator grants the pro plan with defaults. */
  public static ValidatableResponse grant(String clientId) {
    return asOperator().body(Map.of("clientId", clientId, "operationId", operationId(), "plan", "pro"))
        .when().post("/internal/admin/subscriptions").then().statusCode(200);
  }

  public static ValidatableResponse end(String clientId, String at) {
    return asOperator().body(Map.of("operationId", operationId(), "at", at, "reason", "test"))
        .when().post("/internal/admin/subscriptions/" + clientId + "/end").then();
  }

  /** A connection outside the application's pool, to the application's test database. */
  public static Connection connect() throws SQLException {
    var config = ConfigProvider.getConfig();
    return DriverManager.getConnection(config.getValue("quarkus.datasource.jdbc.url", String.class),
        config.getValue("quarkus.datasource.username", String.class),
        config.getOptionalValue("quarkus.datasource.password", String.class).orElse(""));
  }
}

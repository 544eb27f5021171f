package dev.videoautomation.auth.registrations;

import static dev.videoautomation.auth.AuthFixtures.code;
import static dev.videoautomation.auth.AuthFixtures.email;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.allOf;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.greaterThan;
import static org.hamcrest.Matchers.lessThanOrEqualTo;
import static org.hamcrest.Matchers.matchesPattern;
import static org.hamcrest.Matchers.startsWith;

import java.util.Map;

import org.junit.jupiter.api.Test;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.restassured.http.ContentType;
import io.restassured.specification.RequestSpecification;

import dev.videoautomation.platform.keys.ApiKeys;
import dev.videoautomation.platform.testing.PostgresResource;
import dev.videoautomation.platform.testing.SmtpResource;
import dev.videoautomation.platform.testing.TestSmtpServer;
import dev.videoautomation.platform.testing.TestTokens;

/** With tight per-address limits (2 an hour, for registrations and for leaked-key reports) and one-second codes. */
@QuarkusTest
@WithTestResource(PostgresResource.class)
@WithTestResource(SmtpResource.class)
@TestProfile(LimitsAndExpiryTest.Tight.class)
class LimitsAndExpiryTest {
  private static final Map<String, String> ANONYMOUS = Map.of("type", "anonymous", "requested_credential_type",
      "api_key");
  TestSmtpServer smtp;

  public static class Tight implements QuarkusTestProfile {
    @Override
    public Map<String, String> getConfigOverrides() {
      return Map.of("auth.registration.per-address-per-hour", "2", "auth.codes.ttl", "PT1S",
          "auth.leaks.per-address-per-hour", "2");
    }
  }

  private static RequestSpecification from(String address) {
    return asGatewayWithout().header("X-Client-Address", address);
  }

  private static RequestSpecification asGatewayWithout() {
    return given().header("Authorization", "Bearer " + TestTokens.forService("gateway-service"))
        .contentType(ContentType.JSON);
  }

  @Test
  void shouldLimitRegistrationsPerAddress() {
    from("203.0.113.7").body(ANONYMOUS).when().post("/v1/auth/agent").then().statusCode(201);
    from("203.0.113.7").body(ANONYMOUS).when().post("/v1/auth/agent").then().statusCode(201);

    from("203.0.113.7").body(ANONYMOUS).when().post("/v1/auth/agent").then().statusCode(429)
        .contentType(startsWith("application/problem+json"))
        .header("Retry-After", matchesPattern("\\d+"))
        .body("type", equalTo("/docs/errors#rate_limited"))
        .body("status", equalTo(429))
        .body("error", equalTo("rate_limited"))
        .body("retryAfter", allOf(greaterThan(0), lessThanOrEqualTo(3600)))
        .body("limit", equalTo(2));
    from("203.0.113.7").body(Map.of("type", "identity_assertion", "assertion_type", "verified_email",
        "assertion", email("limited"))).when().post("/v1/auth/agent").then().statusCode(429);
    // Another address has its own count.
    from("203.0.113.8").body(ANONYMOUS).when().post("/v1/auth/agent").then().statusCode(201);
  }

  @Test
  void shouldCountRecoveryRequestsAndClaimStartsToo() {
    var token = from("203.0.113.30").body(ANONYMOUS).when().post("/v1/auth/agent").then().statusCode(201)
        .extract().<String>path("claim_token");
    from("203.0.113.30").body(Map.of("email", email("recover"))).when().post("/v1/api_keys/recover").then()
        .statusCode(202);
    from("203.0.113.30").body(Map.of("email", email("recover"))).when().post("/v1/api_keys/recover").then()
        .statusCode(429).contentType(startsWith("application/json")).header("Retry-After", matchesPattern("\\d+"))
        .body("error", equalTo("rate_limited")).body("retryAfter", greaterThan(0));
    from("203.0.113.30").body(Map.of("claim_token", token, "email", email("claim")))
        .when().post("/v1/auth/agent/claim").then().statusCode(429).body("error", equalTo("rate_limited"));
    from("203.0.113.31").body(Map.of("claim_token", token, "email", email("claim")))
        .when().post("/v1/auth/agent/claim").then().statusCode(200);
  }

  @Test
  void shouldFallBackToThePeerAddressWithoutTheGatewayHeader() {
    asGatewayWithout().body(ANONYMOUS).when().post("/v1/auth/agent").then().statusCode(201);
    asGatewayWithout().body(ANONYMOUS).when().post("/v1/auth/agent").then().statusCode(201);
    asGatewayWithout().body(ANONYMOUS).when().post("/v1/auth/agent").then().statusCode(429);
  }

  @Test
  void shouldRefuseACodeThatHasExpired() throws InterruptedException {
    var email = email("slow");
    var token = from("203.0.113.20").body(Map.of("type", "identity_assertion", "assertion_type",
        "verified_email", "assertion", email)).when().post("/v1/auth/agent").then().statusCode(201)
        .extract().<String>path("claim_token");
    var code = code(smtp, email, 0);
    Thread.sleep(1_200);

    from("203.0.113.20").body(Map.of("claim_token", token, "code", code))
        .when().post("/v1/auth/agent/claim/complete").then().statusCode(401)
        .contentType(startsWith("application/problem+json"))
        .body("error", equalTo("invalid_code"))
        .body("detail", containsString("expired"))
        .body("detail", containsString("register again"));
  }

  @Test
  void shouldLimitLeakedKeyReportsPerAddressApartFromRegistrations() {
    var report = Map.of("credential", ApiKeys.newKey(ApiKeys.Kind.LIVE));
    from("203.0.113.50").body(report).when().post("/v1/api_keys/revoke_leaked").then().statusCode(200);
    from("203.0.113.50").body(report).when().post("/v1/api_keys/revoke_leaked").then().statusCode(200);

    from("203.0.113.50").body(report).when().post("/v1/api_keys/revoke_leaked").then().statusCode(429)
        .contentType(startsWith("application/json"))
        .header("Retry-After", matchesPattern("\\d+"))
        .body("error", equalTo("rate_limited"))
        .body("retryAfter", allOf(greaterThan(0), lessThanOrEqualTo(3600)))
        .body("limit", equalTo(2));
    // Malformed keys are refused before the count; another address, and registrations, have counts of their own.
    from("203.0.113.50").body(Map.of("credential", "svc_live_nope")).when().post("/v1/api_keys/revoke_leaked")
        .then().statusCode(400);
    from("203.0.113.51").body(report).when().post("/v1/api_keys/revoke_leaked").then().statusCode(200);
    from("203.0.113.50").body(ANONYMOUS).when().post("/v1/auth/agent").then().statusCode(201);
  }
}

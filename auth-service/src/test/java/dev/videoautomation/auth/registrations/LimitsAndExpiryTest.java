package dev.videoautomation.auth.registrations;

import static dev.videoautomation.auth.AuthFixtures.code;
import static dev.videoautomation.auth.AuthFixtures.email;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.greaterThan;
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

import dev.videoautomation.platform.testing.PostgresResource;
import dev.videoautomation.platform.testing.SmtpResource;
import dev.videoautomation.platform.testing.TestSmtpServer;
import dev.videoautomation.platform.testing.TestTokens;

/** With a tight per-address limit and one-second codes. */
@QuarkusTest
@WithTestResource(PostgresResource.class)
@WithTestResource(SmtpResource.class)
@TestProfile(LimitsAndExpiryTest.Tight.class)
class LimitsAndExpiryTest {
  TestSmtpServer smtp;

  public static class Tight implements QuarkusTestProfile {
    @Override
    public Map<String, String> getConfigOverrides() {
      return Map.of("auth.registration.per-address-per-hour", "2", "auth.codes.ttl", "PT1S");
    }
  }

  private static RequestSpecification from(String address) {
    return given().header("Authorization", "Bearer " + TestTokens.forService("gateway-service"))
        .header("X-Client-Address", address).contentType(ContentType.JSON);
  }

  @Test
  void shouldLimitRegistrationsPerAddress() {
    var anonymous = Map.of("type", "anonymous", "requested_credential_type", "api_key");
    from("203.0.113.7").body(anonymous).when().post("/v1/auth/agent").then().statusCode(201);
    from("203.0.113.7").body(anonymous).when().post("/v1/auth/agent").then().statusCode(201);

    from("203.0.113.7").body(anonymous).when().post("/v1/auth/agent").then().statusCode(429)
        .contentType(startsWith("application/problem+json"))
        .header("Retry-After", matchesPattern("\\d+"))
        .body("error", equalTo("rate_limited"))
        .body("retryAfter", greaterThan(0))
        .body("limit", equalTo(2));
    from("203.0.113.8").body(anonymous).when().post("/v1/auth/agent").then().statusCode(201);
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
        .body("error", equalTo("invalid_code"))
        .body("detail", containsString("expired"));
  }
}

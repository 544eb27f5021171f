package dev.videoautomation.auth;

import static io.restassured.RestAssured.given;

import java.time.Duration;
import java.util.Map;
import java.util.UUID;

import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import io.restassured.specification.RequestSpecification;

import dev.videoautomation.platform.keys.ApiKeys;
import dev.videoautomation.platform.testing.TestSmtpServer;
import dev.videoautomation.platform.testing.TestTokens;

/** Calls auth-service as the gateway does: public routes with the gateway's service token. */
public final class AuthFixtures {
  private AuthFixtures() {
  }

  public static RequestSpecification asGateway() {
    return given().header("Authorization", "Bearer " + TestTokens.forService("gateway-service"))
        .header("X-Client-Address", "198.51.100." + (1 + (int) (Math.random() * 250)));
  }

  public static JsonPath registerAnonymously() {
    return asGateway().contentType(ContentType.JSON)
        .body(Map.of("type", "anonymous", "requested_credential_type", "api_key"))
        .when().post("/v1/auth/agent").then().statusCode(201).extract().jsonPath();
  }

  public static String email(String label) {
    return label + "-" + UUID.randomUUID() + "@test.example";
  }

  public static int mails(TestSmtpServer smtp, String to) {
    return (int) smtp.messages().stream().filter(m -> m.to().contains(to)).count();
  }

  /** The code in the {@code index}-th mail to {@code to} (0-based), waiting for it. */
  public static String code(TestSmtpServer smtp, String to, int index) {
    var deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
    while (System.nanoTime() < deadline) {
      var messages = smtp.messages().stream().filter(m -> m.to().contains(to)).toList();
      if (messages.size() > index) {
        return codeIn(messages.get(index).data());
      }
      try {
        Thread.sleep(20);
      } catch (InterruptedException e) {
        throw new IllegalStateException(e);
      }
    }
    throw new AssertionError("no mail to " + to);
  }

  /** The code in a mail's text (headers such as Message-ID may hold digit runs too). */
  public static String codeIn(String mail) {
    var matcher = java.util.regex.Pattern.compile("code is (\\d{6})").matcher(mail);
    if (!matcher.find()) {
      throw new AssertionError("no code in the mail:\n" + mail);
    }
    return matcher.group(1);
  }

  /** What verify says of a key. */
  public static JsonPath verify(String key) {
    return asGateway().contentType(ContentType.JSON).body(Map.of("keyHash", ApiKeys.hash(key)))
        .when().post("/internal/verify").then().statusCode(200).extract().jsonPath();
  }

  /** Anonymous registration claimed with an email: the live key, its client and the email. */
  public record Claimed(String key, String clientId, String keyId, String email) {
  }

  public static Claimed claimed(TestSmtpServer smtp) {
    var registration = registerAnonymously();
    var email = email("owner");
    asGateway().contentType(ContentType.JSON)
        .body(Map.of("claim_token", registration.getString("claim_token"), "email", email))
        .when().post("/v1/auth/agent/claim").then().statusCode(200);
    var key = asGateway().contentType(ContentType.JSON)
        .body(Map.of("claim_token", registration.getString("claim_token"), "code", code(smtp, email, 0)))
        .when().post("/v1/auth/agent/claim/complete").then().statusCode(200).extract().<String>path("credential");
    var verified = verify(key);
    return new Claimed(key, verified.getString("clientId"), verified.getString("keyId"), email);
  }
}

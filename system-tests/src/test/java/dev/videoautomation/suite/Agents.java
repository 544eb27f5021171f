package dev.videoautomation.suite;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.Map;
import java.util.UUID;

import io.restassured.http.ContentType;
import io.restassured.specification.RequestSpecification;

import dev.videoautomation.platform.testing.TestSmtpServer;

/** What an agent does to get going, through the gateway of the running suite, for tests that need a key. */
public final class Agents {
  private Agents() {
  }

  /** A key and the client it belongs to. */
  public record Agent(String key, String clientId, String email) {
  }

  public static RequestSpecification gateway() {
    return given().baseUri(RunningSuite.suite().baseUri(Service.GATEWAY).toString());
  }

  public static RequestSpecification as(Agent agent) {
    return gateway().header("Authorization", "Bearer " + agent.key());
  }

  /** Registers anonymously: a svc_anon_ key with api.read and a claim token. */
  public static Map<String, Object> registerAnonymously() {
    return gateway().contentType(ContentType.JSON)
        .body(Map.of("type", "anonymous", "requested_credential_type", "api_key"))
        .when().post("/v1/auth/agent")
        .then().statusCode(org.hamcrest.Matchers.either(org.hamcrest.Matchers.is(200))
            .or(org.hamcrest.Matchers.is(201)))
        .extract().jsonPath().getMap("$");
  }

  /** Anonymous registration, then a claim by email code: a live key with api.read and api.write. */
  public static Agent claimedAgent() {
    var registration = registerAnonymously();
    var email = "agent-" + UUID.randomUUID() + "@suite.test";
    var claimToken = (String) registration.get("claim_token");
    var before = mailCount(email);
    gateway().contentType(ContentType.JSON).body(Map.of("claim_token", claimToken, "email", email))
        .when().post("/v1/auth/agent/claim").then().statusCode(org.hamcrest.Matchers.lessThan(300));
    var code = awaitCode(email, before);
    var key = gateway().contentType(ContentType.JSON).body(Map.of("claim_token", claimToken, "code", code))
        .when().post("/v1/auth/agent/claim/complete")
        .then().statusCode(200).extract().<String>path("credential");
    var clientId = as(new Agent(key, null, email)).when().get("/v1/usage").then().statusCode(200).extract()
        .<String>path("clientId");
    return new Agent(key, clientId, email);
  }

  /** A claimed agent with the pro plan granted through billing's admin API, as an operator would. */
  public static Agent subscribedAgent() {
    var agent = claimedAgent();
    grantSubscription(agent.clientId());
    return agent;
  }

  public static void grantSubscription(String clientId) {
    var suite = RunningSuite.suite();
    given().baseUri(suite.baseUri(Service.BILLING).toString())
        .header("Authorization", "Bearer " + suite.internalToken("service:operator"))
        .header("X-Operator-Token", RunningSuite.OPERATOR_TOKEN)
        .contentType(ContentType.JSON)
        .body(Map.of("clientId", clientId, "operationId", "opr_" + UUID.randomUUID().toString().replace("-", ""),
            "plan", "pro"))
        .when().post("/internal/admin/subscriptions")
        .then().statusCode(200);
  }

  public static int mailCount(String recipient) {
    return (int) RunningSuite.smtp().messages().stream().filter(m -> m.to().contains(recipient)).count();
  }

  /** The 6-digit code of the first message to {@code recipient} after {@code before} earlier ones. */
  public static String awaitCode(String recipient, int before) {
    var deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
    while (System.nanoTime() < deadline) {
      var messages = RunningSuite.smtp().messages().stream().filter(m -> m.to().contains(recipient)).toList();
      if (messages.size() > before) {
        TestSmtpServer.Message message = messages.get(before);
        // The code sentence, not any 6-digit run: headers such as Message-ID may hold digits too.
        var code = java.util.regex.Pattern.compile("code is (\\d{6})").matcher(message.data());
        assertThat(code.find()).as("a 6-digit code in the mail to " + recipient).isTrue();
        return code.group(1);
      }
      try {
        Thread.sleep(50);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException(e);
      }
    }
    throw new AssertionError("No mail reached " + recipient + " within 10 s");
  }
}

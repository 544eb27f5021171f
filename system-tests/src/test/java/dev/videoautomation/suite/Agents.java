package dev.videoautomation.suite;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;

import io.restassured.http.ContentType;
import io.restassured.specification.RequestSpecification;

import dev.videoautomation.platform.testing.TestSmtpServer;
import dev.videoautomation.suite.contract.ContractFilter;
import dev.videoautomation.suite.contract.ContractHttpClient;

/**
 * What an agent does to get going, through the gateway of the running suite, for tests that need a key.
 *
 * <p>Every REST Assured request of the system tests is judged against the committed OpenAPI snapshot, request and
 * answer ({@link ContractFilter#ALL}, installed for all of them by {@link RunningSuite}). Two ways out, both named:
 * {@link #invalidRequest()} for requests that are invalid on purpose (only their answers are judged), and
 * {@link #outsideTheApi(URI)} for what is not the public API at all (management ports, a service's own port, the
 * operator's admin API).
 */
public final class Agents {
  private static final HttpClient INVALID_REQUESTS = ContractHttpClient.judgingAnswersToInvalidRequests(
      HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(Duration.ofSeconds(5)).build());

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

  /**
   * The one way to send the gateway a request that is invalid on purpose: 404 and 405 probes, missing keys, bodies
   * that lack what they need or have the wrong types, oversized bodies, over-long targets and header blocks. The
   * request is not judged against the document (it is meant not to match it); the answer is, in full: its status,
   * headers and body must be among the operation's declared answers, or, on a path or method the document lacks,
   * an error status with the shared error body.
   */
  public static RequestSpecification invalidRequest() {
    return given().noFilters().filter(ContractFilter.ANSWERS_ONLY)
        .baseUri(RunningSuite.suite().baseUri(Service.GATEWAY).toString());
  }

  /** {@link #invalidRequest()} with the agent's key. */
  public static RequestSpecification invalidRequest(Agent agent) {
    return invalidRequest().header("Authorization", "Bearer " + agent.key());
  }

  /**
   * {@link #invalidRequest()} for what REST Assured cannot send (a chunked body, the reliability suites' fuzzer),
   * to any gateway of the suites: only the answer is judged.
   */
  public static HttpResponse<String> invalidRequest(HttpRequest request) throws IOException, InterruptedException {
    return INVALID_REQUESTS.send(request, HttpResponse.BodyHandlers.ofString());
  }

  /**
   * A request to something that is not the public API (a management port, a service's own port, billing's admin
   * API), which the OpenAPI document does not describe: not judged. Never the gateway's public port.
   */
  public static RequestSpecification outsideTheApi(URI base) {
    assertThat(base.getPort()).as("the gateway's public port is the API: use gateway() or invalidRequest()")
        .isNotEqualTo(RunningSuite.suite().port(Service.GATEWAY));
    return given().noFilters().baseUri(base.toString());
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
    awaitSubscription(agent);
    return agent;
  }

  /**
   * Until the gateway shows the subscription: it may hold the client's earlier entitlement for up to a second after
   * the grant (design §3.2: billing's change event evicts it), so a test reading limits at once could see none.
   */
  public static void awaitSubscription(Agent agent) {
    var deadline = System.nanoTime() + Duration.ofSeconds(3).toNanos();
    while (System.nanoTime() < deadline) {
      int limit = as(agent).when().get("/v1/usage").then().statusCode(200).extract().path("usage.scrape.limit");
      if (limit > 0) {
        return;
      }
      pause();
    }
    throw new AssertionError("The gateway did not show the subscription of " + agent.clientId() + " within 3 s");
  }

  public static void grantSubscription(String clientId) {
    var suite = RunningSuite.suite();
    outsideTheApi(suite.baseUri(Service.BILLING))
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
      pause();
    }
    throw new AssertionError("No mail reached " + recipient + " within 10 s");
  }

  private static void pause() {
    try {
      Thread.sleep(50);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }
}

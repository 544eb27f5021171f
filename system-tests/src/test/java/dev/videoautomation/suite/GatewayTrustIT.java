package dev.videoautomation.suite;

import static dev.videoautomation.suite.Agents.as;
import static dev.videoautomation.suite.Agents.gateway;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.notNullValue;

import java.io.ByteArrayInputStream;
import java.net.http.HttpRequest;
import java.nio.file.Files;
import java.time.Duration;
import java.util.UUID;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import io.restassured.http.ContentType;

/**
 * Through the gateway of the packaged suite, the defects an outside probe found stay closed: an issued key is never
 * stored or shown again, a misspelt clone path spends no unit, and requests too large in body, target or headers
 * get the suite's JSON error every time, while those just within the gateway's limits reach their owner.
 */
@ExtendWith(RunningSuite.class)
class GatewayTrustIT {
  private static final String VERSION = "2026-11-21";
  private static final int MAX_BODY = 1_048_576;

  @Test
  void shouldNeverShowAnIssuedKeyAgainOnARepeatedRotation() throws Exception {
    var agent = Agents.claimedAgent();
    var idempotencyKey = UUID.randomUUID().toString();

    var issued = as(agent).header("Idempotency-Key", idempotencyKey).contentType(ContentType.JSON)
        .body("{\"graceSeconds\":300}").when().post("/v1/api_keys/rotate")
        .then().statusCode(200).extract().<String>path("credential");
    assertThat(issued).startsWith("svc_live_").isNotEqualTo(agent.key());

    for (var key : new String[] {issued, agent.key()}) {
      var repeat = awaitSettled(key, idempotencyKey);
      assertThat(repeat.statusCode()).as(repeat.body().asString()).isEqualTo(409);
      assertThat(repeat.jsonPath().getString("error")).isEqualTo("credential_issued");
      assertThat(repeat.body().asString()).doesNotContain(issued).contains("/v1/api_keys/recover");
    }
    gateway().auth().oauth2(issued).when().get("/v1/usage").then().statusCode(200)
        .body("clientId", equalTo(agent.clientId()));
    assertThat(Files.readString(RunningSuite.suite().logFile(Service.GATEWAY))).doesNotContain(issued);
  }

  @Test
  void shouldSpendNoCloneUnitOnAPathNoOwnerServes() {
    var agent = Agents.subscribedAgent();
    var before = remainingCloneUnits(agent);

    for (var path : new String[] {"/v1/clones/typo", "/v1/clones/VIDEO", "/v1/clones/check/extra"}) {
      Agents.invalidRequest(agent).contentType(ContentType.JSON).body("{}").when().post(path)
          .then().statusCode(404).header("Service-Version", VERSION).body("error", equalTo("not_found"));
    }
    Agents.invalidRequest(agent).contentType(ContentType.JSON).body("{}").when().post("/v1/clones/video/vid_example")
        .then().statusCode(405).body("error", equalTo("method_not_allowed"));

    assertThat(remainingCloneUnits(agent)).isEqualTo(before);
  }

  @Test
  void shouldRefuseAnOversizedBodyWithTheSame413EveryTime() throws Exception {
    var agent = Agents.subscribedAgent();
    var body = "{\"url\":\"" + "x".repeat(10_000_000) + "\"}";

    for (int i = 0; i < 3; i++) {
      Agents.invalidRequest(agent).contentType(ContentType.JSON).body(body).when().post("/v1/references")
          .then().statusCode(413)
          .header("Service-Version", VERSION)
          .contentType(containsString("application/json"))
          .body("error", equalTo("payload_too_large"))
          .body("limit", equalTo(MAX_BODY));
    }
    Agents.invalidRequest().contentType(ContentType.JSON).body(body).when().post("/v1/auth/agent")
        .then().statusCode(413)
        .contentType(containsString("application/problem+json"))
        .body("status", equalTo(413))
        .body("limit", equalTo(MAX_BODY));

    var chunked = Agents.invalidRequest(HttpRequest.newBuilder(
            RunningSuite.suite().baseUri(Service.GATEWAY).resolve("/v1/references"))
        .header("Authorization", "Bearer " + agent.key()).header("Content-Type", "application/json")
        .timeout(Duration.ofSeconds(30))
        .POST(HttpRequest.BodyPublishers.ofInputStream(() -> new ByteArrayInputStream(body.getBytes()))).build());
    assertThat(chunked.statusCode()).as(chunked.body()).isEqualTo(413);
    assertThat(chunked.body()).contains("\"error\":\"payload_too_large\"", "\"limit\":" + MAX_BODY);
    assertThat(Files.readString(RunningSuite.suite().logFile(Service.GATEWAY)))
        .doesNotContain("Request already complete", "IllegalStateException");
  }

  @Test
  void shouldAnswerAnOverlongQueryOrHeaderBlockWithTheSuitesError() {
    var agent = Agents.subscribedAgent();

    Agents.invalidRequest(agent).when().get("/v1/references?cursor=" + "c".repeat(5_000))
        .then().statusCode(414)
        .header("Service-Version", VERSION)
        .header("X-Request-Id", notNullValue())
        .body("error", equalTo("uri_too_long"))
        .body("limit", equalTo(4_000));
    Agents.invalidRequest(agent).header("X-Padding", "p".repeat(70_000)).when().get("/v1/references")
        .then().statusCode(431)
        .header("Service-Version", VERSION)
        .header("X-Request-Id", notNullValue())
        .body("error", equalTo("headers_too_large"))
        .body("limit", equalTo(16_384));
  }

  @Test
  void shouldLetTheOwnerAnswerATargetAndHeadersJustWithinTheGatewaysLimits() {
    var agent = Agents.subscribedAgent();
    var prefix = "/v1/references?cursor=";

    Agents.invalidRequest(agent).when().get(prefix + "c".repeat(4_000 - prefix.length()))
        .then().statusCode(400)
        .header("Service-Version", VERSION)
        .body("error", equalTo("invalid_request"))
        .body("field", equalTo("cursor"));
    as(agent).header("X-Padding", "p".repeat(15_500)).when().get("/v1/references")
        .then().statusCode(200)
        .body("data", notNullValue())
        .body(not(containsString("headers_too_large")));
  }

  private static int remainingCloneUnits(Agents.Agent agent) {
    return as(agent).when().get("/v1/usage").then().statusCode(200).extract().path("usage.clone.remaining");
  }

  /** The repeat of the rotation, once the first one's outcome is recorded (a moment after its answer). */
  private static io.restassured.response.Response awaitSettled(String key, String idempotencyKey)
      throws InterruptedException {
    var deadline = System.nanoTime() + Duration.ofSeconds(3).toNanos();
    io.restassured.response.Response repeat;
    do {
      repeat = gateway().auth().oauth2(key).header("Idempotency-Key", idempotencyKey).contentType(ContentType.JSON)
          .body("{\"graceSeconds\":300}").when().post("/v1/api_keys/rotate");
      if (!"idempotency_key_in_use".equals(repeat.jsonPath().getString("error"))) {
        return repeat;
      }
      Thread.sleep(50);
    } while (System.nanoTime() < deadline);
    return repeat;
  }
}

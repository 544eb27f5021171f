package dev.videoautomation.clone;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.getRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.matchingJsonPath;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.putRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathMatching;
import static dev.videoautomation.clone.Simulated.as;
import static dev.videoautomation.clone.Simulated.json;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;
import static org.hamcrest.Matchers.startsWith;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.Duration;
import java.util.HexFormat;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

import jakarta.inject.Inject;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.client.WireMock;
import com.github.tomakehurst.wiremock.stubbing.Scenario;

import io.agroal.api.AgroalDataSource;
import io.quarkus.test.common.ResourceArg;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.smallrye.faulttolerance.api.CircuitBreakerMaintenance;

import dev.videoautomation.clone.tasks.TaskClaims;
import dev.videoautomation.clone.tasks.TaskResult;
import dev.videoautomation.clone.tasks.TaskStore;
import dev.videoautomation.clone.tasks.TaskWorker;
import dev.videoautomation.platform.errors.ApiError;
import dev.videoautomation.platform.errors.ErrorCode;
import dev.videoautomation.platform.testing.InjectWireMock;
import dev.videoautomation.platform.testing.PostgresResource;
import dev.videoautomation.platform.testing.WireMockResource;

/** Clone renders against a simulated fal queue, media-service and billing, with real ffmpeg muxing. */
@QuarkusTest
@WithTestResource(PostgresResource.class)
@WithTestResource(value = WireMockResource.class, initArgs = @ResourceArg(name = "properties", value =
    "quarkus.rest-client.media-client.url,quarkus.rest-client.billing-client.url,clone.provider.base-url,"
        + "clone.vision.base-url"))
@TestProfile(WithProvider.class)
class CloneVideoTest {
  static final String SOURCE = "med_cloneSource000000000001";

  @InjectWireMock
  WireMockServer wireMock;

  /** Metrics answer on the management port only. */
  @io.quarkus.test.common.http.TestHTTPResource(value = "metrics", management = true)
  java.net.URL managementMetrics;

  @Inject
  TaskWorker worker;

  @Inject
  TaskClaims claims;

  @Inject
  TaskStore store;

  @Inject
  AgroalDataSource dataSource;

  @Inject
  CircuitBreakerMaintenance breakers;

  @Inject
  dev.videoautomation.clone.tasks.TaskQueueGauge queueGauge;

  @BeforeEach
  void world() {
    wireMock.resetAll();
    Simulated.billing(wireMock, 60);
    Simulated.staging(wireMock, "video/mp4");
    Simulated.file(wireMock, "/files/render.mp4", "video/mp4", Simulated.bytes(Simulated.silent(3.8)));
  }

  @AfterEach
  void resetBreakers() {
    breakers.resetAll();
  }

  private String start(String client, String requestId, String webhookUrl) {
    Simulated.stored(wireMock, SOURCE, client, Simulated.continuous(4.0), true);
    Simulated.queue(wireMock, Simulated.MOTION, requestId,
        "{\"video\": {\"url\": \"" + wireMock.baseUrl() + "/files/render.mp4\", \"content_type\": \"video/mp4\"}}");
    var body = "{\"sourceVideoUrl\": \"" + Simulated.cdnUrl(SOURCE) + "\", \"startingFrameUrl\": "
        + "\"https://images.example/frame.png\", \"prompt\": \"dance\""
        + (webhookUrl == null ? "" : ", \"webhookUrl\": \"" + webhookUrl + "\"") + "}";
    return as(client).body(body).when().post("/v1/clones/video").then().statusCode(202)
        .body("status", equalTo("pending")).body("mode", equalTo("clone")).body("creditsCharged", equalTo(60))
        .body("id", startsWith("vid_"))
        .extract().path("id");
  }

  /** Runs worker passes until the task is no longer pending or running. */
  private io.restassured.response.ValidatableResponse drain(String client, String id) throws InterruptedException {
    var deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
    while (System.nanoTime() < deadline) {
      worker.runOnce();
      var status = as(client).when().get("/v1/clones/video/" + id).then().statusCode(200).extract()
          .<String>path("status");
      if (!status.equals("pending") && !status.equals("running")) {
        worker.runOnce(); // deliver webhooks and refunds that fell due with the last step
        return as(client).when().get("/v1/clones/video/" + id).then();
      }
      Thread.sleep(60);
    }
    throw new AssertionError("Task " + id + " did not finish");
  }

  @Test
  void shouldRenderAndGiveTheRenderTheSourcesSoundtrack() throws Exception {
    var client = "cli_cloneVideoOk00000000001";
    var id = start(client, "req-ok", null);

    drain(client, id).statusCode(200).body("status", equalTo("succeeded")).body("progress", equalTo(100))
        .body("resultUrl", startsWith(Simulated.CDN)).body("errorMessage", nullValue())
        .body("videoId", equalTo(id));

    wireMock.verify(1, postRequestedFor(urlPathEqualTo(Simulated.MOTION))
        .withHeader("Authorization", WireMock.equalTo("Key " + WithProvider.API_KEY))
        // the CDN (on localhost here) is not one the provider could reach: the source goes inline, read from storage
        .withRequestBody(matchingJsonPath("$.video_url", WireMock.equalTo("data:video/mp4;base64,"
            + java.util.Base64.getEncoder().encodeToString(Simulated.bytes(Simulated.continuous(4.0))))))
        .withRequestBody(matchingJsonPath("$.image_url", WireMock.equalTo("https://images.example/frame.png"))));
    // fal's status URLs leave out the model's subpath: the stored URL was used, not one rebuilt from the model id
    wireMock.verify(3, getRequestedFor(urlPathEqualTo("/fal-ai/kling-video/requests/req-ok/status")));
    wireMock.verify(0, postRequestedFor(urlPathEqualTo("/internal/credits/refund")));

    var staged = wireMock.findAll(postRequestedFor(urlPathEqualTo("/internal/staging/stream")));
    assertThat(staged).hasSize(1);
    assertThat(staged.getFirst().queryParameter("purpose").firstValue()).isEqualTo("generated");
    assertThat(staged.getFirst().queryParameter("clientId").firstValue()).isEqualTo(client);
    var out = Simulated.DIR.resolve("muxed-" + id + ".mp4");
    Files.write(out, staged.getFirst().getBody());
    assertThat(Simulated.ffprobe(out, "stream=codec_type")).contains("video").contains("audio");
    var duration = Double.parseDouble(Simulated.ffprobe(out, "format=duration"));
    assertThat(duration).isCloseTo(3.8, org.assertj.core.data.Offset.offset(0.1));

    as(client).when().get("/v1/videos").then().statusCode(200)
        .body("data[0].videoId", equalTo(id)).body("data[0].mode", equalTo("clone"))
        .body("data[0].status", equalTo("succeeded")).body("data[0].creditsCharged", equalTo(60))
        .body("data[0].model", equalTo("fal-ai/kling-video/v2.6/standard/motion-control"))
        .body("nextCursor", nullValue());
    Simulated.asService("records-service").when().get("/internal/videos/" + id).then().statusCode(200)
        .body("videoId", equalTo(id)).body("clientId", equalTo(client)).body("status", equalTo("succeeded"))
        .body("contentType", equalTo("video/mp4")).body("mediaId", startsWith("med_"))
        .body("width", equalTo(360)).body("height", equalTo(640));
    as("cli_someoneElse000000000001").when().get("/internal/videos/" + id).then().statusCode(404)
        .body("error", equalTo("not_found"));
    as("cli_someoneElse000000000001").when().get("/v1/clones/video/" + id).then().statusCode(404);
  }

  @Test
  void shouldPublishTheWaitingRendersAsQueueDepth() {
    start("cli_cloneQueueDepth00000001", "req-depth", null);
    queueGauge.count();

    io.restassured.RestAssured.given().when().get(managementMetrics).then().statusCode(200)
        .body(org.hamcrest.Matchers.matchesPattern("(?s).*vas_task_queue_depth\\{kind=\"video\",service=\"clone-service\","
            + "status=\"pending\"} [1-9].*"));
  }

  @Test
  void shouldFailAndRefundOnceWhenTheProviderFails() throws Exception {
    var client = "cli_cloneVideoFail000000001";
    var id = start(client, "req-fail", null);
    wireMock.stubFor(get(urlPathEqualTo("/fal-ai/kling-video/requests/req-fail")).willReturn(json(422,
        "{\"detail\": \"The image has no detectable person.\"}")));

    drain(client, id).body("status", equalTo("failed")).body("resultUrl", nullValue())
        .body("errorMessage", org.hamcrest.Matchers.containsString("no detectable person"));
    for (int i = 0; i < 3; i++) {
      worker.runOnce();
    }
    wireMock.verify(1, postRequestedFor(urlPathEqualTo("/internal/credits/refund"))
        .withRequestBody(matchingJsonPath("$.operationId", WireMock.equalTo(id)))
        .withRequestBody(matchingJsonPath("$.clientId", WireMock.equalTo(client)))
        .withRequestBody(matchingJsonPath("$.reason", WireMock.equalTo("task_failed"))));
    wireMock.verify(0, postRequestedFor(urlPathEqualTo("/internal/staging/stream")));
    // a finished render cannot be canceled: both ways answer 409 not_cancelable, and nothing more is refunded
    as(client).when().delete("/v1/clones/video/" + id).then().statusCode(409)
        .body("error", equalTo("not_cancelable")).body("status", equalTo("failed"));
    as(client).when().post("/internal/jobs/" + id + "/cancel").then().statusCode(409)
        .body("error", equalTo("not_cancelable")).body("status", equalTo("failed"));
    as(client).when().get("/internal/jobs/" + id).then().body("status", equalTo("failed"))
        .body("error.error", equalTo("upstream_error")).body("creditsRefunded", equalTo(60))
        .body("deadlineAt", org.hamcrest.Matchers.notNullValue());
    wireMock.verify(1, postRequestedFor(urlPathEqualTo("/internal/credits/refund")));
  }

  @Test
  void shouldFinishAnAbandonedTaskOnceWhenItsLeaseRunsOut() throws Exception {
    var client = "cli_cloneVideoAbandon000001";
    var id = start(client, "req-abandon", null);
    worker.runOnce(); // submitted by a live worker
    wireMock.verify(1, postRequestedFor(urlPathEqualTo(Simulated.MOTION)));
    Thread.sleep(300);

    // A second instance claims it and dies: its lease runs out with the task half done.
    var dead = "dead-worker-lease";
    assertThat(claims.claim(10, Duration.ofMinutes(5), dead)).contains(id);
    worker.runOnce(); // held: nobody else may take it while the lease lasts
    wireMock.verify(0, getRequestedFor(urlPathEqualTo("/fal-ai/kling-video/requests/req-abandon/status")));
    try (var connection = dataSource.getConnection(); var statement = connection.prepareStatement(
        "UPDATE clone.tasks SET locked_until = now() - interval '1 second' WHERE id = ?")) {
      statement.setString(1, id);
      statement.executeUpdate();
    }

    drain(client, id).body("status", equalTo("succeeded"));
    wireMock.verify(1, postRequestedFor(urlPathEqualTo(Simulated.MOTION)));
    wireMock.verify(1, postRequestedFor(urlPathEqualTo("/internal/staging/stream")));
    // the dead worker, were it to wake up, can change nothing
    assertThat(store.succeed(id, dead, new TaskResult("x", null, null, null, null, null, null, null))).isFalse();
    assertThat(store.fail(id, dead, ApiError.of(ErrorCode.UPSTREAM_ERROR, "late"))).isFalse();
    as(client).when().get("/v1/clones/video/" + id).then().body("status", equalTo("succeeded"));
    wireMock.verify(0, postRequestedFor(urlPathEqualTo("/internal/credits/refund")));
  }

  /**
   * A render created before webhooks moved to records (the V3 migration marked it legacy) is still delivered by
   * clone's own dispatcher with {@code Webhook-Signature}, and its outbox events name no receiver (records would
   * deliver it a second time otherwise).
   */
  @Test
  void shouldSignALegacyRendersWebhookTheOldWayAndRetryUntilItIsTaken() throws Exception {
    var client = "cli_cloneVideoHook000000001";
    wireMock.stubFor(post(urlPathEqualTo("/hooks/clone")).inScenario("hook").whenScenarioStateIs(Scenario.STARTED)
        .willReturn(aResponse().withStatus(503)).willSetStateTo("up"));
    wireMock.stubFor(post(urlPathEqualTo("/hooks/clone")).inScenario("hook").whenScenarioStateIs("up")
        .willReturn(aResponse().withStatus(204)));
    var hook = wireMock.baseUrl() + "/hooks/clone";
    Simulated.stored(wireMock, SOURCE, client, Simulated.continuous(4.0), true);
    Simulated.queue(wireMock, Simulated.MOTION, "req-hook",
        "{\"video\": {\"url\": \"" + wireMock.baseUrl() + "/files/render.mp4\"}}");
    var started = as(client).body("{\"sourceVideoUrl\": \"" + SOURCE + "\", \"characterImageUrl\": "
            + "\"https://images.example/character.png\", \"webhookUrl\": \"" + hook + "\"}")
        .when().post("/v1/clones/video").then().statusCode(202)
        .body("webhookSecret", startsWith("whsec_")).extract();
    String id = started.path("id");
    try (var connection = dataSource.getConnection(); var statement = connection.prepareStatement(
        "UPDATE clone.tasks SET webhook_legacy = true WHERE id = ?")) {
      statement.setString(1, id);
      statement.executeUpdate();
    }
    // the secret such a render was given when it was created: derived from CLONE_WEBHOOK_SIGNING_KEY
    var legacyKey = new SecretKeySpec("test-webhook-signing-key-0123456789abcdef".getBytes(StandardCharsets.UTF_8),
        "HmacSHA256");
    var derive = Mac.getInstance("HmacSHA256");
    derive.init(legacyKey);
    var secret = "whsec_" + java.util.Base64.getUrlEncoder().withoutPadding().encodeToString(
        derive.doFinal(id.getBytes(StandardCharsets.UTF_8)));

    drain(client, id).body("status", equalTo("succeeded"));
    var deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
    while (wireMock.findAll(postRequestedFor(urlPathEqualTo("/hooks/clone"))).size() < 2
        && System.nanoTime() < deadline) {
      Thread.sleep(100);
      worker.runOnce();
    }
    var deliveries = wireMock.findAll(postRequestedFor(urlPathEqualTo("/hooks/clone")));
    assertThat(deliveries).hasSize(2);
    var last = deliveries.get(1);
    var body = last.getBodyAsString();
    // the whole body, field by field and in order: what receivers verify their signatures over
    assertThat(body).matches("\\{\"id\":\"evt_\\w+\",\"type\":\"clone\\.video\\.succeeded\",\"createdAt\":\\d+,"
        + "\"data\":\\{\"createdAt\":\\d+,\"creditsCharged\":60,\"errorMessage\":null,\"id\":\"" + id + "\","
        + "\"mode\":\"clone\",\"model\":\"" + Simulated.MOTION.substring(1) + "\",\"progress\":100,"
        + "\"prompt\":null,\"resultUrl\":\"http://[^\"]+\",\"status\":\"succeeded\",\"updatedAt\":\\d+,"
        + "\"videoId\":\"" + id + "\"}}");
    assertThat(body).contains("\"type\":\"clone.video.succeeded\"").contains("\"videoId\":\"" + id + "\"");
    var header = last.getHeader("Webhook-Signature");
    var timestamp = header.substring(2, header.indexOf(','));
    assertThat(last.getHeader("Webhook-Timestamp")).isEqualTo(timestamp);
    var mac = Mac.getInstance("HmacSHA256");
    mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
    var expected = HexFormat.of().formatHex(mac.doFinal((timestamp + "." + body).getBytes(StandardCharsets.UTF_8)));
    assertThat(header).isEqualTo("t=" + timestamp + ",v1=" + expected);
    assertThat(deliveries.get(0).getHeader("Webhook-Id")).isEqualTo(last.getHeader("Webhook-Id"));

    try (var connection = dataSource.getConnection(); var statement = connection.prepareStatement(
        "SELECT d.status, count(a.id) FROM clone.webhook_deliveries d JOIN clone.webhook_attempts a "
            + "ON a.delivery_id = d.id WHERE d.task_id = ? GROUP BY d.status")) {
      statement.setString(1, id);
      try (var rows = statement.executeQuery()) {
        assertThat(rows.next()).isTrue();
        assertThat(rows.getString(1)).isEqualTo("delivered");
        assertThat(rows.getInt(2)).isEqualTo(2);
      }
    }
    try (var connection = dataSource.getConnection(); var statement = connection.prepareStatement(
        "SELECT count(*), count(webhook_url) FILTER (WHERE seq > 1) FROM clone.outbox WHERE job_id = ?")) {
      statement.setString(1, id);
      try (var rows = statement.executeQuery()) {
        rows.next();
        assertThat(rows.getInt(1)).as("the render's events").isPositive();
        // (its creation event was written before the test made it legacy; a real one has none from before V3)
        assertThat(rows.getInt(2)).as("no event since names the legacy receiver").isZero();
      }
    }
  }

  @Test
  void shouldLeaveANewRendersWebhookToTheOutboxAndQueueNoneOfItsOwn() throws Exception {
    var client = "cli_cloneVideoNewHook00001";
    var hook = wireMock.baseUrl() + "/hooks/new";
    var id = start(client, "req-newhook", hook);
    drain(client, id).body("status", equalTo("succeeded"));
    wireMock.verify(0, postRequestedFor(urlPathEqualTo("/hooks/new")));
    try (var connection = dataSource.getConnection(); var statement = connection.prepareStatement(
        "SELECT (SELECT count(*) FROM clone.webhook_deliveries WHERE task_id = ?), "
            + "(SELECT count(*) FROM clone.outbox WHERE job_id = ? AND type = 'job.succeeded' AND webhook_url = ?)")) {
      statement.setString(1, id);
      statement.setString(2, id);
      statement.setString(3, hook);
      try (var rows = statement.executeQuery()) {
        rows.next();
        assertThat(rows.getInt(1)).isZero();
        assertThat(rows.getInt(2)).isEqualTo(1);
      }
    }
    // the job view of a finished render
    as(client).when().get("/internal/jobs/" + id).then().statusCode(200).body("kind", equalTo("clone.video"))
        .body("status", equalTo("succeeded")).body("result.videoId", equalTo(id))
        .body("result.resultUrl", startsWith(Simulated.CDN)).body("links.resource", equalTo("/v1/clones/video/" + id));
  }

  @Test
  void shouldCancelRefundOnceAndAskTheProviderToDropIt() throws Exception {
    var client = "cli_cloneVideoCancel0000001";
    var id = start(client, "req-cancel", null);
    worker.runOnce();
    as(client).when().delete("/v1/clones/video/" + id).then().statusCode(200).body("status", equalTo("canceled"));
    as(client).when().delete("/v1/clones/video/" + id).then().statusCode(200).body("status", equalTo("canceled"));
    worker.runOnce();
    wireMock.verify(1, postRequestedFor(urlPathEqualTo("/internal/credits/refund"))
        .withRequestBody(matchingJsonPath("$.reason", WireMock.equalTo("task_canceled"))));
    wireMock.verify(1, putRequestedFor(urlPathEqualTo("/fal-ai/kling-video/requests/req-cancel/cancel")));
    wireMock.verify(0, getRequestedFor(urlPathMatching(".*/req-cancel/status")));
  }

  @Test
  void shouldRefuseBadInputNamingTheField() {
    var client = "cli_cloneVideoBad000000001";
    as(client).body("{\"sourceVideoUrl\": \"med_x\", \"startingFrameUrl\": \"https://a.example/f.png\", \"extra\": 1}")
        .when().post("/v1/clones/video").then().statusCode(400).body("error", equalTo("invalid_request"))
        .body("field", equalTo("extra"));
    as(client).body("{\"sourceVideoUrl\": \"" + SOURCE + "\"}").when().post("/v1/clones/video").then()
        .statusCode(400).body("field", equalTo("startingFrameUrl"));
    as(client).body("{\"sourceVideoUrl\": \"" + SOURCE + "\", \"startingFrameUrl\": \"ftp://x/y.png\"}")
        .when().post("/v1/clones/video").then().statusCode(400).body("field", equalTo("startingFrameUrl"));
    as(client).body("{\"sourceVideoUrl\": \"" + SOURCE + "\", \"startingFrameUrl\": \"https://a.example/f.png\", "
        + "\"webhookUrl\": \"http://10.0.0.8/hook\"}").when().post("/v1/clones/video").then().statusCode(400)
        .body("error", equalTo("url_not_allowed")).body("field", equalTo("webhookUrl"));
    as(client).when().get("/v1/clones/video/not-an-id").then().statusCode(400).body("field", equalTo("id"));
    as(client).when().get("/v1/clones/video/vid_0000000000000000000000").then().statusCode(404)
        .body("error", equalTo("not_found"));
  }

  @Test
  void shouldPassInsufficientCreditsThroughAndQueueNothing() {
    var client = "cli_cloneVideoPoor000000001";
    Simulated.stored(wireMock, SOURCE, client, Simulated.continuous(4.0), true);
    wireMock.stubFor(post(urlPathEqualTo("/internal/credits/charge")).willReturn(json(402,
        "{\"error\": \"insufficient_credits\", \"message\": \"Balance 10, cost 60.\", \"balance\": 10, \"cost\": 60}")));
    as(client).body("{\"sourceVideoUrl\": \"" + SOURCE + "\", \"startingFrameUrl\": \"https://a.example/f.png\"}")
        .when().post("/v1/clones/video").then().statusCode(402).body("error", equalTo("insufficient_credits"))
        .body("balance", equalTo(10)).body("cost", equalTo(60));
    as(client).when().get("/v1/videos").then().statusCode(200).body("data.size()", equalTo(0));
  }
}

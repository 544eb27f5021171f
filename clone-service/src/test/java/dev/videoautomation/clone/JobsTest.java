package dev.videoautomation.clone;

import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.matchingJsonPath;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.putRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static dev.videoautomation.clone.Simulated.as;
import static dev.videoautomation.clone.Simulated.json;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.nullValue;
import static org.hamcrest.Matchers.startsWith;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

import jakarta.inject.Inject;

import org.eclipse.microprofile.config.ConfigProvider;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.postgresql.PGConnection;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.client.WireMock;

import io.agroal.api.AgroalDataSource;
import io.quarkus.test.common.ResourceArg;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.smallrye.faulttolerance.api.CircuitBreakerMaintenance;

import dev.videoautomation.clone.tasks.TaskWorker;
import dev.videoautomation.platform.testing.InjectWireMock;
import dev.videoautomation.platform.testing.PostgresResource;
import dev.videoautomation.platform.testing.WireMockResource;
import dev.videoautomation.platform.webhooks.WebhookSecrets;

/**
 * clone's tasks as jobs (docs/internal-api.md §3.13–3.16, docs/jobs.md): the view of each kind, the list, the kept
 * events, cancel and deadlines, with every change written to the outbox and notified on {@code job_events}.
 */
@QuarkusTest
@WithTestResource(PostgresResource.class)
@WithTestResource(value = WireMockResource.class, initArgs = @ResourceArg(name = "properties", value =
    "quarkus.rest-client.media-client.url,quarkus.rest-client.billing-client.url,clone.provider.base-url,"
        + "clone.vision.base-url"))
@TestProfile(WithProvider.class)
class JobsTest {
  static final String IMAGE_MODEL = "/fal-ai/nano-banana-pro";
  static final String SUITE_KEY = "dGVzdC1zdWl0ZS13ZWJob29rLWtleS0wMTIzNDU2Nzg5YWJjZGVm";
  private static final ObjectMapper JSON = new ObjectMapper();

  @InjectWireMock
  WireMockServer wireMock;

  @Inject
  TaskWorker worker;

  @Inject
  AgroalDataSource dataSource;

  @Inject
  CircuitBreakerMaintenance breakers;

  @BeforeEach
  void world() {
    wireMock.resetAll();
    Simulated.billing(wireMock, 6);
    Simulated.staging(wireMock, "image/png");
    Simulated.file(wireMock, "/files/out.png", "image/png", Simulated.bytes(Simulated.png()));
    Simulated.file(wireMock, "/files/track.wav", "audio/wav", new byte[] {1, 2, 3});
    Simulated.queue(wireMock, IMAGE_MODEL, "req-jobs-img",
        "{\"images\": [{\"url\": \"" + wireMock.baseUrl() + "/files/out.png\"}]}");
    Simulated.queue(wireMock, "/fal-ai/lyria2", "req-jobs-music",
        "{\"audio\": {\"url\": \"" + wireMock.baseUrl() + "/files/track.wav\"}}");
  }

  @AfterEach
  void resetBreakers() {
    breakers.resetAll();
  }

  private static String image(String client, String extra) {
    return as(client).body("{\"prompt\": \"a ramen bar\"" + extra + "}").when().post("/v1/images/generate").then()
        .statusCode(202).extract().path("id");
  }

  private static String music(String client, String extra) {
    return as(client).body("{\"prompt\": \"lo-fi piano\"" + extra + "}").when().post("/v1/music").then()
        .statusCode(202).extract().path("id");
  }

  private static io.restassured.response.ValidatableResponse job(String client, String id) {
    return as(client).when().get("/internal/jobs/" + id).then();
  }

  /** Runs worker passes until the job has ended; answers its view. */
  private io.restassured.response.ValidatableResponse drain(String client, String id) throws InterruptedException {
    var deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
    while (System.nanoTime() < deadline) {
      worker.runOnce();
      String status = job(client, id).statusCode(200).extract().path("status");
      if (!status.equals("pending") && !status.equals("running")) {
        worker.runOnce(); // refunds that fell due with the last step
        return job(client, id).statusCode(200);
      }
      Thread.sleep(40);
    }
    throw new AssertionError(id + " did not finish");
  }

  /** Runs worker passes until the job was submitted (other tests' tasks may be claimed first). */
  private void untilRunning(String client, String id) throws InterruptedException {
    for (int i = 0; i < 50; i++) {
      worker.runOnce();
      if ("running".equals(job(client, id).statusCode(200).extract().path("status"))) {
        return;
      }
      Thread.sleep(20);
    }
    throw new AssertionError(id + " was not submitted");
  }

  @Test
  void shouldShowAnImageAndATrackAsJobsFromPendingToSucceeded() throws Exception {
    var client = "cli_jobsView0000000000001";
    var img = image(client, "");
    var created = job(client, img).statusCode(200).body("id", equalTo(img)).body("kind", equalTo("image"))
        .body("status", equalTo("pending")).body("progress", equalTo(0)).body("startedAt", nullValue())
        .body("finishedAt", nullValue()).body("creditsCharged", equalTo(6)).body("creditsRefunded", equalTo(0))
        .body("result", nullValue()).body("error", nullValue())
        .body("links.self", equalTo("/v1/jobs/" + img)).body("links.events", equalTo("/v1/jobs/" + img + "/events"))
        .body("links.resource", equalTo("/v1/images/" + img)).extract();
    long createdAt = created.path("createdAt");
    long deadlineAt = created.path("deadlineAt");
    assertThat(deadlineAt - createdAt).as("the image default, 15 min").isEqualTo(Duration.ofMinutes(15).toMillis());

    drain(client, img).body("status", equalTo("succeeded")).body("progress", equalTo(100))
        .body("result.imageUrls", hasSize(1)).body("result.imageUrls[0]", startsWith(Simulated.CDN))
        .body("error", nullValue()).body("finishedAt", org.hamcrest.Matchers.notNullValue())
        .body("startedAt", org.hamcrest.Matchers.notNullValue());
    // a finished job cannot be canceled: 409 with its status, and nothing is refunded
    as(client).when().post("/internal/jobs/" + img + "/cancel").then().statusCode(409)
        .body("error", equalTo("not_cancelable")).body("status", equalTo("succeeded"));
    wireMock.verify(0, postRequestedFor(urlPathEqualTo("/internal/credits/refund")));

    var trk = music(client, "");
    var track = drain(client, trk).body("kind", equalTo("music")).body("status", equalTo("succeeded"))
        .body("links.resource", equalTo("/v1/music/" + trk)).body("result.trackId", equalTo(trk))
        .body("result.audioUrl", startsWith(Simulated.CDN)).extract().asString();
    assertThat(JSON.readTree(track).path("result").has("imageUrl")).as("null, but there").isTrue();
    assertThat(JSON.readTree(track).path("result").has("durationSeconds")).isTrue();

    as("cli_jobsViewOther00000001").when().get("/internal/jobs/" + img).then().statusCode(404)
        .body("error", equalTo("not_found"));
    as(client).when().get("/internal/jobs/acc_0000000000000000000000").then().statusCode(404);
    as(client).when().get("/internal/jobs/img_0000000000000000000000").then().statusCode(404);
  }

  @Test
  void shouldShowAFailedJobWithItsErrorAndTheRefundOnceBillingConfirmedIt() throws Exception {
    var client = "cli_jobsFailed00000000001";
    wireMock.stubFor(get(urlPathEqualTo("/fal-ai/nano-banana-pro/requests/req-jobs-img")).willReturn(json(422,
        "{\"detail\": \"The prompt was refused.\"}")));
    var img = image(client, "");
    drain(client, img).body("status", equalTo("failed")).body("result", nullValue())
        .body("error.error", equalTo("upstream_error")).body("error.message",
            org.hamcrest.Matchers.containsString("prompt was refused")).body("creditsRefunded", equalTo(6));
    wireMock.verify(1, postRequestedFor(urlPathEqualTo("/internal/credits/refund")));
  }

  @Test
  void shouldListNewestFirstByPositionWithFiltersAndNeverRepeatAcrossPages() throws Exception {
    var client = "cli_jobsList0000000000001";
    var first = music(client, "");
    Thread.sleep(5);
    var second = image(client, "");
    Thread.sleep(5);
    var third = music(client, "");

    var page = as(client).queryParam("limit", 2).when().get("/internal/jobs").then().statusCode(200)
        .body("data.id", org.hamcrest.Matchers.contains(third, second)).body("more", equalTo(true)).extract();
    String before = page.path("data[1].createdAt").toString() + "." + second;
    // a job created meanwhile is newer than the position: the next page is what followed it
    music(client, "");
    as(client).queryParam("limit", 2).queryParam("before", before).when().get("/internal/jobs").then()
        .statusCode(200).body("data.id", org.hamcrest.Matchers.contains(first)).body("more", equalTo(false));

    as(client).queryParam("kind", "music").queryParam("limit", 10).when().get("/internal/jobs").then()
        .statusCode(200).body("data.kind", org.hamcrest.Matchers.everyItem(equalTo("music")))
        .body("data", hasSize(3));
    as(client).queryParam("kind", "image").when().get("/internal/jobs").then().body("data.id",
        org.hamcrest.Matchers.contains(second));
    as(client).queryParam("status", "pending").when().get("/internal/jobs").then().body("data", hasSize(4));
    as(client).queryParam("status", "succeeded").when().get("/internal/jobs").then().body("data", hasSize(0));
    // clone's jobs carry no tags, and accounts and posts are records'
    as(client).queryParam("tag.project", "x").when().get("/internal/jobs").then().statusCode(200)
        .body("data", hasSize(0)).body("more", equalTo(false));
    as(client).queryParam("kind", "post.publish").when().get("/internal/jobs").then().body("data", hasSize(0));
    as("cli_jobsListOther00000001").when().get("/internal/jobs").then().body("data", hasSize(0));

    as(client).queryParam("kind", "video").when().get("/internal/jobs").then().statusCode(400)
        .body("field", equalTo("kind"));
    as(client).queryParam("status", "done").when().get("/internal/jobs").then().statusCode(400)
        .body("field", equalTo("status"));
    as(client).queryParam("limit", 201).when().get("/internal/jobs").then().statusCode(400)
        .body("field", equalTo("limit"));
    as(client).queryParam("before", "yesterday").when().get("/internal/jobs").then().statusCode(400)
        .body("field", equalTo("before"));
  }

  @Test
  void shouldWriteOneOutboxRowAndOneNotificationPerChangeInSequence() throws Exception {
    var client = "cli_jobsEvents00000000001";
    try (var listener = listen()) {
      var img = image(client, ", \"webhookUrl\": \"https://hooks.example/jobs\"");
      drain(client, img).body("status", equalTo("succeeded"));

      var rows = outbox(img);
      var seqs = rows.stream().map(r -> r.seq).toList();
      assertThat(seqs.size()).as("created, submitted, progress..., succeeded").isGreaterThanOrEqualTo(4);
      for (int i = 0; i < seqs.size(); i++) {
        assertThat(seqs.get(i)).isEqualTo(i + 1L);
      }
      assertThat(rows.getFirst().type).isEqualTo("job.progress");
      assertThat(rows.getFirst().status).isEqualTo("pending");
      assertThat(rows.getLast().type).isEqualTo("job.succeeded");
      assertThat(rows.stream().filter(r -> r.type.equals("job.succeeded"))).hasSize(1);
      assertThat(rows).allSatisfy(r -> assertThat(r.webhookUrl).isEqualTo("https://hooks.example/jobs"));
      assertThat(eventSeq(img)).isEqualTo(seqs.size());

      var notices = new ArrayList<JsonNode>();
      for (var payload : notifications(listener)) {
        var notice = JSON.readTree(payload);
        if (notice.path("jobId").asText().equals(img)) {
          notices.add(notice);
        }
      }
      assertThat(notices.stream().map(n -> n.path("seq").asLong()).toList()).isEqualTo(seqs);
      assertThat(notices.stream().map(n -> n.path("status").asText()).toList())
          .isEqualTo(rows.stream().map(r -> r.status).toList());
      assertThat(notices.getFirst().path("clientId").asText()).isEqualTo(client);

      // the kept events, after a position
      var all = as(client).when().get("/internal/jobs/" + img + "/events").then().statusCode(200)
          .body("complete", equalTo(true)).body("data", hasSize(seqs.size())).body("data[0].seq", equalTo(1))
          .body("data[0].job.status", equalTo("pending")).extract();
      assertThat(all.<String>path("data[" + (seqs.size() - 1) + "].type")).isEqualTo("job.succeeded");
      assertThat(all.<String>path("data[" + (seqs.size() - 1) + "].job.status")).isEqualTo("succeeded");
      as(client).queryParam("after", seqs.size() - 1).when().get("/internal/jobs/" + img + "/events").then()
          .body("data.seq", org.hamcrest.Matchers.contains(seqs.size())).body("complete", equalTo(true));
      as(client).queryParam("after", seqs.size()).when().get("/internal/jobs/" + img + "/events").then()
          .body("data", hasSize(0)).body("complete", equalTo(true));
      sql("DELETE FROM clone.outbox WHERE job_id = '" + img + "' AND seq = 2");
      as(client).when().get("/internal/jobs/" + img + "/events").then().statusCode(200)
          .body("complete", equalTo(false));
      as(client).queryParam("after", 2).when().get("/internal/jobs/" + img + "/events").then()
          .body("complete", equalTo(true)).body("data", hasSize(seqs.size() - 2));
      as(client).queryParam("after", -1).when().get("/internal/jobs/" + img + "/events").then().statusCode(400)
          .body("field", equalTo("after"));
      as("cli_jobsEventsOther000001").when().get("/internal/jobs/" + img + "/events").then().statusCode(404);
    }
  }

  @Test
  void shouldCancelOnceWhenTwoCancelsRaceRefundOnceAndAskTheProviderToDropIt() throws Exception {
    var client = "cli_jobsCancel00000000001";
    var trk = music(client, "");
    untilRunning(client, trk); // submitted: the provider has a request to drop
    var cancels = List.of(
        CompletableFuture.supplyAsync(() -> as(client).when().post("/internal/jobs/" + trk + "/cancel").then()
            .extract()),
        CompletableFuture.supplyAsync(() -> as(client).when().post("/internal/jobs/" + trk + "/cancel").then()
            .extract()));
    for (var cancel : cancels) {
      var answer = cancel.get();
      assertThat(answer.statusCode()).isEqualTo(200);
      assertThat(answer.<String>path("status")).isEqualTo("canceled");
      assertThat(answer.<String>path("error.error")).isEqualTo("canceled");
    }
    for (int i = 0; i < 3; i++) {
      worker.runOnce();
    }
    wireMock.verify(1, postRequestedFor(urlPathEqualTo("/internal/credits/refund"))
        .withRequestBody(matchingJsonPath("$.operationId", WireMock.equalTo(trk)))
        .withRequestBody(matchingJsonPath("$.reason", WireMock.equalTo("task_canceled"))));
    wireMock.verify(1, putRequestedFor(urlPathEqualTo("/fal-ai/lyria2/requests/req-jobs-music/cancel")));
    job(client, trk).body("status", equalTo("canceled")).body("creditsRefunded", equalTo(6));
    // canceling a canceled job answers it again
    as(client).when().post("/internal/jobs/" + trk + "/cancel").then().statusCode(200)
        .body("status", equalTo("canceled"));
    assertThat(outbox(trk).stream().filter(r -> r.type.equals("job.canceled")).map(r -> r.seq).toList())
        .as("one event for the transition; the refund billing confirmed is read from the job").hasSize(1);
    as("cli_jobsCancelOther000001").when().post("/internal/jobs/" + trk + "/cancel").then().statusCode(404);
  }

  @Test
  void shouldAskTheProviderToDropARequestSubmittedWhileItsJobWasCanceled() throws Exception {
    var client = "cli_jobsCancelMidSubmit01";
    wireMock.stubFor(WireMock.post(urlPathEqualTo("/fal-ai/lyria2")).atPriority(1).willReturn(json(200,
        "{\"request_id\": \"req-jobs-music\", \"status\": \"IN_QUEUE\", \"response_url\": \""
            + wireMock.baseUrl() + "/fal-ai/lyria2/requests/req-jobs-music\", \"status_url\": \"" + wireMock.baseUrl()
            + "/fal-ai/lyria2/requests/req-jobs-music/status\", \"cancel_url\": \"" + wireMock.baseUrl()
            + "/fal-ai/lyria2/requests/req-jobs-music/cancel\"}").withFixedDelay(3_000)));
    var trk = music(client, "");
    var step = CompletableFuture.runAsync(worker::runOnce);
    for (int i = 0; i < 200 && wireMock.findAll(postRequestedFor(urlPathEqualTo("/fal-ai/lyria2"))).isEmpty(); i++) {
      Thread.sleep(20);
    }
    assertThat(step.isDone()).as("the submit is still on the wire").isFalse();
    as(client).when().post("/internal/jobs/" + trk + "/cancel").then().statusCode(200)
        .body("status", equalTo("canceled"));
    wireMock.verify(0, putRequestedFor(urlPathEqualTo("/fal-ai/lyria2/requests/req-jobs-music/cancel")));

    step.get(20, java.util.concurrent.TimeUnit.SECONDS);
    wireMock.verify(1, putRequestedFor(urlPathEqualTo("/fal-ai/lyria2/requests/req-jobs-music/cancel")));
    job(client, trk).body("status", equalTo("canceled"));
  }

  @Test
  void shouldFailAJobPastItsDeadlineRefundOnceAndAskTheProviderToCancel() throws Exception {
    var client = "cli_jobsDeadline000000001";
    as(client).body("{\"prompt\": \"x\", \"deadlineSeconds\": 59}").when().post("/v1/music").then().statusCode(400)
        .body("field", equalTo("deadlineSeconds"));
    as(client).body("{\"prompt\": \"x\", \"deadlineSeconds\": 901}").when().post("/v1/images/generate").then()
        .statusCode(400).body("field", equalTo("deadlineSeconds"));
    as(client).body("{\"prompt\": \"x\", \"deadlineSeconds\": 90.5}").when().post("/v1/music").then()
        .statusCode(400).body("field", equalTo("deadlineSeconds"));
    wireMock.verify(0, postRequestedFor(urlPathEqualTo("/internal/credits/charge")));

    var trk = music(client, ", \"deadlineSeconds\": 60");
    var view = job(client, trk).extract();
    assertThat(view.<Long>path("deadlineAt") - view.<Long>path("createdAt")).isEqualTo(60_000L);
    untilRunning(client, trk); // submitted
    sql("UPDATE clone.tasks SET deadline_at = now() - interval '1 second' WHERE id = '" + trk + "'");

    worker.runOnce();
    worker.runOnce();
    job(client, trk).statusCode(200).body("status", equalTo("failed"))
        .body("error.error", equalTo("deadline_exceeded")).body("creditsRefunded", equalTo(6));
    as(client).when().get("/v1/music/" + trk).then().body("status", equalTo("failed"))
        .body("errorMessage", org.hamcrest.Matchers.containsString("deadline"));
    wireMock.verify(1, postRequestedFor(urlPathEqualTo("/internal/credits/refund"))
        .withRequestBody(matchingJsonPath("$.operationId", WireMock.equalTo(trk))));
    wireMock.verify(1, putRequestedFor(urlPathEqualTo("/fal-ai/lyria2/requests/req-jobs-music/cancel")));
    assertThat(outbox(trk).stream().filter(r -> r.type.equals("job.failed"))).as("one final event").hasSize(1);
  }

  @Test
  void shouldGiveEachJobWithAWebhookUrlItsSecretOnceAndQueueNothingOfClonesOwn() throws Exception {
    var client = "cli_jobsWebhook0000000001";
    var secrets = new WebhookSecrets(Optional.of(SUITE_KEY));
    var hook = ", \"webhookUrl\": \"https://hooks.example/agent\"";
    var generated = as(client).body("{\"prompt\": \"x\"" + hook + "}").when().post("/v1/images/generate").then()
        .statusCode(202).extract();
    assertThat(generated.<String>path("webhookSecret")).isEqualTo(secrets.jobSecret(generated.path("id")));
    var track = as(client).body("{\"prompt\": \"x\"" + hook + "}").when().post("/v1/music").then()
        .statusCode(202).extract();
    assertThat(track.<String>path("webhookSecret")).isEqualTo(secrets.jobSecret(track.path("id")))
        .matches(dev.videoautomation.clone.openapi.ApiDocs.WEBHOOK_SECRET_PATTERN);
    // without a receiver, no secret
    as(client).body("{\"prompt\": \"x\"}").when().post("/v1/music").then().statusCode(202)
        .body("$", org.hamcrest.Matchers.not(org.hamcrest.Matchers.hasKey("webhookSecret")));
    as(client).body("{\"prompt\": \"x\", \"webhookUrl\": \"http://10.0.0.8/hook\"}").when().post("/v1/music")
        .then().statusCode(400).body("error", equalTo("url_not_allowed")).body("field", equalTo("webhookUrl"));

    String img = generated.path("id");
    drain(client, img).body("status", equalTo("succeeded"));
    assertThat(outbox(img)).allSatisfy(r -> assertThat(r.webhookUrl).isEqualTo("https://hooks.example/agent"));
    assertThat(count("SELECT count(*) FROM clone.webhook_deliveries WHERE task_id = '" + img + "'")).isZero();
  }

  // ---- the database as the test reads it ----

  record Row(long seq, String type, String status, String webhookUrl) {
  }

  private List<Row> outbox(String jobId) throws SQLException {
    var rows = new ArrayList<Row>();
    try (var connection = dataSource.getConnection(); var statement = connection.prepareStatement(
        "SELECT seq, type, payload->>'status', webhook_url FROM clone.outbox WHERE job_id = ? ORDER BY seq")) {
      statement.setString(1, jobId);
      try (var result = statement.executeQuery()) {
        while (result.next()) {
          rows.add(new Row(result.getLong(1), result.getString(2), result.getString(3), result.getString(4)));
        }
      }
    }
    return rows;
  }

  private long eventSeq(String id) throws SQLException {
    return count("SELECT event_seq FROM clone.tasks WHERE id = '" + id + "'");
  }

  private long count(String query) throws SQLException {
    try (var connection = dataSource.getConnection(); var statement = connection.createStatement();
        var result = statement.executeQuery(query)) {
      result.next();
      return result.getLong(1);
    }
  }

  private void sql(String update) throws SQLException {
    try (var connection = dataSource.getConnection(); var statement = connection.createStatement()) {
      statement.executeUpdate(update);
    }
  }

  /** A connection of its own, outside the pool, listening on job_events as the gateway does. */
  private static Connection listen() throws SQLException {
    var config = ConfigProvider.getConfig();
    var connection = DriverManager.getConnection(config.getValue("quarkus.datasource.jdbc.url", String.class),
        config.getOptionalValue("quarkus.datasource.username", String.class).orElse(null),
        config.getOptionalValue("quarkus.datasource.password", String.class).orElse(null));
    try (var statement = connection.createStatement()) {
      statement.execute("LISTEN job_events");
    }
    return connection;
  }

  private static List<String> notifications(Connection listener) throws SQLException {
    var payloads = new ArrayList<String>();
    while (true) {
      var received = listener.unwrap(PGConnection.class).getNotifications(500);
      if (received == null || received.length == 0) {
        return payloads;
      }
      for (var notification : received) {
        payloads.add(notification.getParameter());
      }
    }
  }
}

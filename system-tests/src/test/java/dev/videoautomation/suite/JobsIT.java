package dev.videoautomation.suite;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.containing;
import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.putRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static dev.videoautomation.suite.Agents.as;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.startsWith;

import java.net.URI;
import java.nio.file.Files;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import com.fasterxml.jackson.databind.JsonNode;

import io.restassured.http.ContentType;

import dev.videoautomation.suite.Agents.Agent;

/**
 * Every kind of asynchronous work as one job, through the gateway as an agent follows it (docs/jobs.md), with the
 * providers simulated on loopback: the job view and how each kind's own status maps to it; {@code Prefer: wait}
 * answering within a second of the worker finishing; the event stream in order, resumed with {@code Last-Event-ID};
 * cancel with one refund in the credit ledger, or 409 {@code not_cancelable}; deadlines that fail a job with
 * {@code deadline_exceeded} and refund it once; and {@code GET /v1/jobs} across both owners.
 */
@ExtendWith(RunningSuite.class)
class JobsIT {
  private static final Duration WORKER = Duration.ofSeconds(60);
  /** The wait the tests ask for: long enough for a simulated provider, never more than 10 s. */
  private static final int WAIT = 10;
  /** Short deadlines for the deadline cases: a clone and a records replica, and a gateway that routes to them. */
  private static final int SHORT_DEADLINE_SECONDS = 6;
  private static URI shortDeadlineGateway;

  private static URI gateway() {
    return RunningSuite.suite().baseUri(Service.GATEWAY);
  }

  private static String cdn() {
    return gateway().toString().replaceAll("/$", "") + "/cdn/";
  }

  @Test
  void shouldFollowAnImageJobToItsEnd() throws Exception {
    var agent = Agents.subscribedAgent();
    var token = "image-job-" + UUID.randomUUID();
    var request = JobSupport.queueImage(RunningSuite.providers(), token);
    var started = as(agent).contentType(ContentType.JSON).body(Map.of("prompt", token))
        .when().post("/v1/images/generate").then().statusCode(202).body("id", startsWith("img_"))
        .extract().jsonPath();
    var id = started.getString("id");

    var done = followToTheEnd(agent, id, "image", "/v1/images/" + id, request::finish);

    assertThat(done.path("creditsCharged").asInt()).isEqualTo(started.getInt("creditsCharged")).isPositive();
    assertThat(done.at("/result/imageUrls/0").asText()).startsWith(cdn());
    assertThat(done.path("progress").isInt()).as("clone tasks report progress").isTrue();
    assertThat(done.path("progress").asInt()).isBetween(0, 100);
    as(agent).when().get("/v1/images/" + id).then().statusCode(200).body("status", is("succeeded"))
        .body("imageUrls[0]", is(done.at("/result/imageUrls/0").asText()));
    // Finished: cancel is refused, the job unchanged.
    as(agent).when().post("/v1/jobs/" + id + "/cancel").then().statusCode(409)
        .body("error", is("not_cancelable")).body("status", is("succeeded"));
    as(agent).when().get("/v1/jobs/" + id).then().statusCode(200).body("status", is("succeeded"))
        .body("creditsRefunded", is(0));
  }

  @Test
  void shouldFollowAMusicJobToItsEnd() throws Exception {
    var agent = Agents.subscribedAgent();
    var token = "music-job-" + UUID.randomUUID();
    var request = JobSupport.queueMusic(RunningSuite.providers(), token);
    var id = as(agent).contentType(ContentType.JSON).body(Map.of("prompt", token))
        .when().post("/v1/music").then().statusCode(202).body("id", startsWith("trk_")).extract().<String>path("id");

    var done = followToTheEnd(agent, id, "music", "/v1/music/" + id, request::finish);

    assertThat(done.at("/result/trackId").asText()).isEqualTo(id);
    assertThat(done.at("/result/audioUrl").asText()).startsWith(cdn());
    as(agent).when().get("/v1/music/" + id).then().statusCode(200).body("status", is("succeeded"))
        .body("audioUrl", is(done.at("/result/audioUrl").asText()));
  }

  @Test
  void shouldFollowACloneRenderToItsEnd() throws Exception {
    var agent = Agents.subscribedAgent();
    var provider = RunningSuite.providers();
    var token = "render-job-" + UUID.randomUUID();
    var request = JobSupport.queueRender(provider, token);
    JobSupport.serve(provider, "/job-files/character.png", "image/png", JobSupport.file("character.png", "-f",
        "lavfi", "-i", "color=c=orange:size=256x256", "-frames:v", "1"));
    var sourceUrl = as(agent).contentType("application/octet-stream")
        .body(Files.readAllBytes(JobSupport.sourceClip())).when().post("/v1/upload?filename=source.mp4")
        .then().statusCode(200).extract().<String>path("url");
    var id = as(agent).contentType(ContentType.JSON).body(Map.of("sourceVideoUrl", sourceUrl,
            "characterImageUrl", provider.baseUrl() + "/job-files/character.png", "prompt", token))
        .when().post("/v1/clones/video").then().statusCode(202).body("id", startsWith("vid_"))
        .extract().<String>path("id");

    var done = followToTheEnd(agent, id, "clone.video", "/v1/clones/video/" + id, request::finish);

    assertThat(done.at("/result/videoId").asText()).isEqualTo(id);
    assertThat(done.at("/result/resultUrl").asText()).startsWith(cdn());
    as(agent).when().get("/v1/clones/video/" + id).then().statusCode(200).body("status", is("succeeded"))
        .body("resultUrl", is(done.at("/result/resultUrl").asText()));
    // clone's own DELETE answers a finished render as the job cancel does (docs/jobs.md).
    as(agent).when().delete("/v1/clones/video/" + id).then().statusCode(409).body("error", is("not_cancelable"));
  }

  @Test
  void shouldFollowAnAccountVerificationToItsEnd() throws Exception {
    var agent = Agents.subscribedAgent();
    var handle = "jobs.account." + UUID.randomUUID().toString().substring(0, 8);
    // The lookup takes 3 s, so the job is followed while it runs.
    RunningSuite.providers().stubFor(get(urlPathEqualTo("/v1/tiktok/profile"))
        .withQueryParam("handle", equalTo(handle)).willReturn(okJson("{\"success\": true, \"user\": {\"uniqueId\": \""
            + handle + "\", \"nickname\": \"Jobs Account\"}, \"stats\": {\"followerCount\": 4321}}")
            .withFixedDelay(3_000)));
    var started = as(agent).contentType(ContentType.JSON).body(Map.of("platform", "shortvideo", "name", handle))
        .when().post("/v1/accounts").then().statusCode(202).body("status", is("creating")).extract().jsonPath();
    var id = started.getString("id");

    var done = followToTheEnd(agent, id, "account.verify", "/v1/accounts/" + id, () -> { });

    assertThat(done.path("progress").isNull()).as("accounts have no progress").isTrue();
    assertThat(done.path("creditsCharged").asInt()).isEqualTo(started.getInt("creditsCharged")).isPositive();
    assertThat(done.at("/result/accountId").asText()).isEqualTo(id);
    assertThat(done.at("/result/followers").asInt()).isEqualTo(4321);
    as(agent).when().get("/v1/accounts/" + id).then().statusCode(200).body("status", is("active"));
    // An account's verification can never be canceled.
    as(agent).when().post("/v1/jobs/" + id + "/cancel").then().statusCode(409)
        .body("error", is("not_cancelable")).body("status", is("succeeded"));
  }

  @Test
  void shouldFollowAPostPublishingToItsEnd() throws Exception {
    var agent = Agents.subscribedAgent();
    var caption = "jobs post " + UUID.randomUUID();
    var accountId = activeAccount(agent);
    var assetId = asset(agent);
    RunningSuite.providers().stubFor(post(urlEqualTo("/api/post")).withRequestBody(containing(caption))
        .willReturn(okJson("""
            {"status": "success", "id": "ayr-jobs-1",
             "postIds": [{"status": "success", "id": "7322222222222222222", "platform": "tiktok",
                          "postUrl": "https://www.tiktok.com/@jobs/video/7322222222222222222"}]}""")
            .withFixedDelay(1_000)));
    var id = as(agent).contentType(ContentType.JSON).body(Map.of("accountId", accountId, "videoId", assetId,
            "caption", caption, "scheduledAt", System.currentTimeMillis() + 3_000))
        .when().post("/v1/posts").then().statusCode(201).body("status", is("scheduled")).extract()
        .<String>path("postId");
    var pending = JobSupport.job(gateway(), agent.key(), id);
    assertThat(pending.path("status").asText()).as("a scheduled post is pending").isEqualTo("pending");
    assertThat(pending.path("creditsCharged").asInt()).as("posts charge no credits").isZero();

    var done = followToTheEnd(agent, id, "post.publish", "/v1/posts/" + id, () -> { });

    assertThat(done.at("/result/postId").asText()).isEqualTo(id);
    assertThat(done.at("/result/postUrl").asText()).isEqualTo("https://www.tiktok.com/@jobs/video/7322222222222222222");
    assertThat(done.path("startedAt").asLong()).as("started when publishing began")
        .isGreaterThanOrEqualTo(pending.path("createdAt").asLong() + 2_500);
    as(agent).when().get("/v1/posts/" + id).then().statusCode(200).body("status", is("published"));
    as(agent).when().post("/v1/jobs/" + id + "/cancel").then().statusCode(409).body("error", is("not_cancelable"))
        .body("status", is("succeeded"));
  }

  @Test
  void shouldAnswerACreatingPostWhenItsJobHasEnded() throws Exception {
    var agent = Agents.subscribedAgent();
    var token = "image-wait-" + UUID.randomUUID();
    JobSupport.queueImage(RunningSuite.providers(), token).finish();

    var answer = JobSupport.createAndWait(gateway(), agent.key(), "/v1/images/generate",
        JobSupport.JSON.writeValueAsString(Map.of("prompt", token)), WAIT);

    assertThat(answer.status()).as(answer.response().body()).isEqualTo(202);
    assertThat(answer.preferenceApplied()).isEqualTo("wait=" + WAIT);
    assertThat(answer.body().path("status").asText()).as("the kind's own body, read when the job ended")
        .isEqualTo("succeeded");
    assertThat(answer.body().has("imageUrls")).as("the creating answer keeps its documented shape").isFalse();
    as(agent).when().get("/v1/jobs/" + answer.body().path("id").asText()).then().statusCode(200)
        .body("result.imageUrls[0]", startsWith(cdn()));
    assertThat(answer.tookMillis()).as("answered when the job ended, not after the wait").isLessThan(WAIT * 1_000L);
  }

  @Test
  void shouldAnswerAWaitAfterItsSecondsWhenTheJobGoesOn() throws Exception {
    var agent = Agents.subscribedAgent();
    var token = "music-open-" + UUID.randomUUID();
    JobSupport.queueMusic(RunningSuite.providers(), token);
    var id = as(agent).contentType(ContentType.JSON).body(Map.of("prompt", token))
        .when().post("/v1/music").then().statusCode(202).extract().<String>path("id");

    var waited = JobSupport.await(gateway(), agent.key(), id, 2);

    assertThat(waited.status()).isEqualTo(200);
    assertThat(waited.preferenceApplied()).isEqualTo("wait=2");
    assertThat(waited.body().path("status").asText()).isIn("pending", "running");
    assertThat(waited.tookMillis()).isBetween(1_900L, 4_000L);
    // More than 60 counts as 60 (checked on the header only: the job is canceled at once, ending the wait).
    var executor = Executors.newVirtualThreadPerTaskExecutor();
    var long_ = executor.submit(() -> JobSupport.await(gateway(), agent.key(), id, 600));
    Thread.sleep(500);
    as(agent).when().post("/v1/jobs/" + id + "/cancel").then().statusCode(200).body("status", is("canceled"));
    var capped = long_.get(20, TimeUnit.SECONDS);
    assertThat(capped.preferenceApplied()).isEqualTo("wait=60");
    assertThat(capped.body().path("status").asText()).isEqualTo("canceled");
    executor.shutdown();
  }

  @Test
  void shouldCancelAMusicJobAndRefundItOnce() throws Exception {
    var agent = Agents.subscribedAgent();
    var suite = RunningSuite.suite();
    var token = "music-cancel-" + UUID.randomUUID();
    var request = JobSupport.queueMusic(RunningSuite.providers(), token);
    var balanceBefore = JobSupport.balance(JobSupport.ledger(suite, RunningSuite.OPERATOR_TOKEN, agent.clientId()));
    var started = as(agent).contentType(ContentType.JSON).body(Map.of("prompt", token))
        .when().post("/v1/music").then().statusCode(202).extract().jsonPath();
    var id = started.getString("id");
    var charged = started.getInt("creditsCharged");
    assertThat(charged).isPositive();
    assertThat(JobSupport.balance(JobSupport.ledger(suite, RunningSuite.OPERATOR_TOKEN, agent.clientId())))
        .isEqualTo(balanceBefore - charged);

    // Canceled once submitted, so the provider holds a request to drop (a job canceled while still pending never
    // reaches the provider at all).
    var submitted = JobSupport.jobUntil(gateway(), agent.key(), id,
        view -> "running".equals(view.path("status").asText()), Duration.ofSeconds(15));
    assertThat(submitted.path("status").asText()).as(submitted.toString()).isEqualTo("running");
    var stream = EventStream.open(gateway(), agent.key(), id, null);
    var canceled = as(agent).when().post("/v1/jobs/" + id + "/cancel").then().statusCode(200)
        .body("id", is(id)).body("status", is("canceled")).body("error.error", is("canceled"))
        .extract().jsonPath();
    assertThat(canceled.getLong("finishedAt")).isPositive();
    var events = stream.untilClosed(Duration.ofSeconds(5));
    assertThat(events.getLast().name()).isEqualTo("canceled");
    assertThat(events.getLast().data().path("status").asText()).isEqualTo("canceled");

    var refunded = JobSupport.jobUntil(gateway(), agent.key(), id, view -> view.path("creditsRefunded").asInt() > 0,
        Duration.ofSeconds(15));
    assertThat(refunded.path("creditsRefunded").asInt()).as(refunded.toString()).isEqualTo(charged);
    // Canceling again answers the job again and refunds nothing more.
    as(agent).when().post("/v1/jobs/" + id + "/cancel").then().statusCode(200).body("status", is("canceled"));
    as(agent).when().get("/v1/music/" + id).then().statusCode(200).body("status", is("canceled"));
    Thread.sleep(2_000); // a second refund, were there one, would be settled by now
    var ledger = JobSupport.ledger(suite, RunningSuite.OPERATOR_TOKEN, agent.clientId());
    assertThat(JobSupport.refunds(ledger, id)).as("one refund entry keyed by the job").hasSize(1)
        .allSatisfy(line -> assertThat(line.path("credits").asInt()).isEqualTo(charged));
    assertThat(JobSupport.balance(ledger)).isEqualTo(balanceBefore);
    assertThat(JobSupport.job(gateway(), agent.key(), id).path("creditsRefunded").asInt()).isEqualTo(charged);
    // The provider was asked to drop the request (best effort).
    assertThat(RunningSuite.providers().findAll(putRequestedFor(urlEqualTo(request.cancelPath())))).isNotEmpty();
  }

  @Test
  void shouldCancelAScheduledPostOnly() throws Exception {
    var agent = Agents.subscribedAgent();
    var accountId = activeAccount(agent);
    var assetId = asset(agent);
    var id = as(agent).contentType(ContentType.JSON).body(Map.of("accountId", accountId, "videoId", assetId,
            "caption", "never sent " + UUID.randomUUID(),
            "scheduledAt", System.currentTimeMillis() + Duration.ofHours(1).toMillis()))
        .when().post("/v1/posts").then().statusCode(201).extract().<String>path("postId");

    as(agent).when().post("/v1/jobs/" + id + "/cancel").then().statusCode(200).body("status", is("canceled"))
        .body("kind", is("post.publish")).body("error.error", is("canceled")).body("creditsRefunded", is(0));
    as(agent).when().get("/v1/posts/" + id).then().statusCode(200).body("status", is("canceled"));
    as(agent).queryParam("status", "canceled").when().get("/v1/jobs").then().statusCode(200)
        .body("data.id", org.hamcrest.Matchers.contains(id));
  }

  @Test
  void shouldTakeADeadlineThatOnlyLowersTheDefault() {
    var agent = Agents.subscribedAgent();
    var token = "image-deadline-" + UUID.randomUUID();
    JobOptionsCheck.refused(agent, Map.of("prompt", token, "deadlineSeconds", 30));
    JobOptionsCheck.refused(agent, Map.of("prompt", token, "deadlineSeconds", 16 * 60));
    JobSupport.queue(RunningSuite.providers(), JobSupport.IMAGE_MODEL, token, "{\"images\": []}");
    var id = as(agent).contentType(ContentType.JSON).body(Map.of("prompt", token, "deadlineSeconds", 120))
        .when().post("/v1/images/generate").then().statusCode(202).extract().<String>path("id");
    var view = as(agent).when().get("/v1/jobs/" + id).then().statusCode(200).extract().jsonPath();
    assertThat(view.getLong("deadlineAt") - view.getLong("createdAt")).isBetween(119_000L, 121_000L);
    as(agent).when().post("/v1/jobs/" + id + "/cancel").then().statusCode(200);
  }

  @Test
  void shouldFailAMusicJobPastItsDeadlineAndRefundItOnce() throws Exception {
    var agent = Agents.subscribedAgent();
    var suite = RunningSuite.suite();
    var gateway = shortDeadlineGateway();
    var token = "music-deadline-" + UUID.randomUUID();
    var request = JobSupport.queueMusic(RunningSuite.providers(), token); // never finishes
    var balanceBefore = JobSupport.balance(JobSupport.ledger(suite, RunningSuite.OPERATOR_TOKEN, agent.clientId()));
    var created = JobSupport.createAndWait(gateway, agent.key(), "/v1/music",
        JobSupport.JSON.writeValueAsString(Map.of("prompt", token)), 1);
    assertThat(created.status()).as(created.response().body()).isEqualTo(202);
    var id = created.body().path("id").asText();
    var charged = created.body().path("creditsCharged").asInt();
    var open = JobSupport.job(gateway, agent.key(), id);
    assertThat(open.path("deadlineAt").asLong() - open.path("createdAt").asLong())
        .isBetween(SHORT_DEADLINE_SECONDS * 1_000L - 1_000, SHORT_DEADLINE_SECONDS * 1_000L + 1_000);

    var failed = JobSupport.await(gateway, agent.key(), id, WAIT);

    assertThat(failed.body().path("status").asText()).as(failed.body().toString()).isEqualTo("failed");
    assertThat(failed.body().at("/error/error").asText()).isEqualTo("deadline_exceeded");
    assertThat(failed.body().path("finishedAt").asLong()).isGreaterThanOrEqualTo(open.path("deadlineAt").asLong());
    as(agent).when().get("/v1/music/" + id).then().statusCode(200).body("status", is("failed"));
    assertRefundedOnce(gateway, agent, id, charged, balanceBefore);
    assertThat(RunningSuite.providers().findAll(putRequestedFor(urlEqualTo(request.cancelPath()))))
        .as("the provider asked to cancel").isNotEmpty();
  }

  @Test
  void shouldFailAnAccountPastItsDeadlineAndRefundItOnce() throws Exception {
    var agent = Agents.subscribedAgent();
    var suite = RunningSuite.suite();
    var gateway = shortDeadlineGateway();
    var handle = "jobs.unreachable." + UUID.randomUUID().toString().substring(0, 8);
    // The lookup keeps failing with a 5xx: records tries again after 30 s, so only the deadline ends the job.
    RunningSuite.providers().stubFor(get(urlPathEqualTo("/v1/tiktok/profile"))
        .withQueryParam("handle", equalTo(handle)).willReturn(aResponse().withStatus(500)
            .withHeader("Content-Type", "application/json").withBody("{\"success\": false}")));
    var balanceBefore = JobSupport.balance(JobSupport.ledger(suite, RunningSuite.OPERATOR_TOKEN, agent.clientId()));
    var created = JobSupport.createAndWait(gateway, agent.key(), "/v1/accounts",
        JobSupport.JSON.writeValueAsString(Map.of("platform", "shortvideo", "name", handle)), 1);
    assertThat(created.status()).as(created.response().body()).isEqualTo(202);
    var id = created.body().path("id").asText();
    var charged = created.body().path("creditsCharged").asInt();
    assertThat(charged).isPositive();

    var failed = JobSupport.await(gateway, agent.key(), id, WAIT);

    assertThat(failed.body().path("status").asText()).as(failed.body().toString()).isEqualTo("failed");
    assertThat(failed.body().at("/error/error").asText()).isEqualTo("deadline_exceeded");
    as(agent).when().get("/v1/accounts/" + id).then().statusCode(200).body("status", is("failed"));
    assertRefundedOnce(gateway, agent, id, charged, balanceBefore);
  }

  @Test
  void shouldListJobsOfBothOwnersNewestFirstWithoutSkipsOrRepeats() throws Exception {
    var agent = Agents.subscribedAgent();
    var stranger = Agents.subscribedAgent();
    var created = new ArrayList<String>();
    var requests = new ArrayList<JobSupport.QueuedRequest>();
    for (int i = 0; i < 3; i++) {
      var token = "list-image-" + UUID.randomUUID();
      requests.add(JobSupport.queueImage(RunningSuite.providers(), token));
      created.add(as(agent).contentType(ContentType.JSON).body(Map.of("prompt", token))
          .when().post("/v1/images/generate").then().statusCode(202).extract().<String>path("id"));
      var handle = "jobs.list." + UUID.randomUUID().toString().substring(0, 8);
      RunningSuite.providers().stubFor(get(urlPathEqualTo("/v1/tiktok/profile"))
          .withQueryParam("handle", equalTo(handle)).willReturn(okJson("{\"success\": true, \"user\": "
              + "{\"uniqueId\": \"" + handle + "\"}, \"stats\": {\"followerCount\": 1}}")));
      created.add(as(agent).contentType(ContentType.JSON).body(Map.of("platform", "shortvideo", "name", handle,
              "tags", List.of(Map.of("key", "batch", "value", "jobs-list"))))
          .when().post("/v1/accounts").then().statusCode(202).extract().<String>path("id"));
    }

    // Pages of two while new jobs are created between the pages: those are newer than the cursor and never show.
    var seen = new ArrayList<JsonNode>();
    String cursor = null;
    int pages = 0;
    do {
      var spec = as(agent).queryParam("limit", 2);
      if (cursor != null) {
        spec.queryParam("cursor", cursor);
      }
      var page = JobSupport.JSON.readTree(spec.when().get("/v1/jobs").then().statusCode(200).extract().asString());
      page.path("data").forEach(seen::add);
      cursor = page.path("nextCursor").isNull() ? null : page.path("nextCursor").asText(null);
      if (pages++ == 0) {
        var token = "list-late-" + UUID.randomUUID();
        requests.add(JobSupport.queueImage(RunningSuite.providers(), token));
        as(agent).contentType(ContentType.JSON).body(Map.of("prompt", token)).when().post("/v1/images/generate")
            .then().statusCode(202);
      }
    } while (cursor != null && pages < 10);

    var ids = seen.stream().map(view -> view.path("id").asText()).toList();
    assertThat(ids).as("no job repeated").doesNotHaveDuplicates();
    assertThat(new HashSet<>(ids)).as("every job of both owners, none skipped")
        .isEqualTo(new HashSet<>(created));
    var order = Comparator.<JsonNode>comparingLong(view -> view.path("createdAt").asLong())
        .thenComparing(view -> view.path("id").asText()).reversed();
    assertThat(seen).as("newest first").isSortedAccordingTo(order);
    assertThat(seen).allSatisfy(view -> assertThat(view.path("links").path("self").asText())
        .isEqualTo("/v1/jobs/" + view.path("id").asText()));

    as(agent).queryParam("kind", "image").when().get("/v1/jobs").then().statusCode(200)
        .body("data.kind", org.hamcrest.Matchers.everyItem(is("image")))
        .body("data.size()", is(4));
    as(agent).queryParam("tag.batch", "jobs-list").when().get("/v1/jobs").then().statusCode(200)
        .body("data.kind", org.hamcrest.Matchers.everyItem(is("account.verify")))
        .body("data.size()", is(3));
    as(stranger).when().get("/v1/jobs").then().statusCode(200).body("data.size()", is(0));
    for (var id : List.of(created.get(0), created.get(1))) {
      as(stranger).when().get("/v1/jobs/" + id).then().statusCode(404).body("error", is("not_found"));
      as(stranger).when().post("/v1/jobs/" + id + "/cancel").then().statusCode(404).body("error", is("not_found"));
    }
    Agents.invalidRequest(agent).when().get("/v1/jobs/ast_notajob").then().statusCode(404)
        .body("error", is("not_found"));
    requests.forEach(JobSupport.QueuedRequest::finish); // no open jobs left polling the provider
  }

  /**
   * Waits and streams a job to its end while {@code finish} lets it end, and checks what the agent saw: the open
   * view first, a wait that answers within a second of the worker's finish with {@code Preference-Applied}, the
   * stream's ordered events (progress, then one final event, then the end), and a resume with
   * {@code Last-Event-ID}. Answers the finished view.
   */
  private static JsonNode followToTheEnd(Agent agent, String id, String kind, String resource, Runnable finish)
      throws Exception {
    var gateway = gateway();
    var open = JobSupport.job(gateway, agent.key(), id);
    assertThat(open.path("id").asText()).isEqualTo(id);
    assertThat(open.path("kind").asText()).isEqualTo(kind);
    assertThat(open.path("status").asText()).as(open.toString()).isIn("pending", "running");
    assertThat(open.path("createdAt").asLong()).isPositive();
    assertThat(open.path("updatedAt").asLong()).isGreaterThanOrEqualTo(open.path("createdAt").asLong());
    assertThat(open.path("deadlineAt").asLong()).isGreaterThan(open.path("createdAt").asLong());
    assertThat(open.path("finishedAt").isNull()).isTrue();
    assertThat(open.path("result").isNull()).isTrue();
    assertThat(open.path("error").isNull()).isTrue();
    assertThat(open.path("creditsRefunded").asInt()).isZero();
    assertThat(open.path("links").path("self").asText()).isEqualTo("/v1/jobs/" + id);
    assertThat(open.path("links").path("events").asText()).isEqualTo("/v1/jobs/" + id + "/events");
    assertThat(open.path("links").path("resource").asText()).isEqualTo(resource);

    var executor = Executors.newVirtualThreadPerTaskExecutor();
    try (var stream = EventStream.open(gateway, agent.key(), id, null)) {
      assertThat(stream.status()).isEqualTo(200);
      assertThat(stream.headers().firstValue("Content-Type").orElse("")).startsWith("text/event-stream");
      var waiting = executor.submit(() -> JobSupport.await(gateway, agent.key(), id, WAIT));
      Thread.sleep(300);
      finish.run();
      var waited = waiting.get(WAIT + 20, TimeUnit.SECONDS);
      var events = stream.untilClosed(Duration.ofSeconds(WAIT + 5));

      assertThat(waited.status()).as(waited.response().body()).isEqualTo(200);
      assertThat(waited.preferenceApplied()).isEqualTo("wait=" + WAIT);
      var done = waited.body();
      assertThat(done.path("status").asText()).as(done.toString()).isEqualTo("succeeded");
      var finishedAt = done.path("finishedAt").asLong();
      assertThat(finishedAt).isGreaterThanOrEqualTo(done.path("startedAt").asLong()).isPositive();
      assertThat(waited.answeredAt() - finishedAt).as("the wait answered within 1 s of the worker's finish")
          .isLessThanOrEqualTo(1_000);
      assertThat(done.path("error").isNull()).isTrue();
      assertThat(done.path("result").isObject()).as(done.toString()).isTrue();

      assertEventsInOrder(id, events);
      assertThat(events.size()).as("the creation's event and the final one at least").isGreaterThanOrEqualTo(2);
      assertThat(events.getLast().receivedAt() - finishedAt).as("the final event within 1 s of the finish")
          .isLessThanOrEqualTo(1_000);
      assertThat(events.getLast().data().path("finishedAt").asLong()).isEqualTo(finishedAt);

      // Resume after the first event: the rest, the same ids, the same final event, then the end.
      try (var resumed = EventStream.open(gateway, agent.key(), id, events.getFirst().id())) {
        assertThat(resumed.status()).isEqualTo(200);
        var rest = resumed.untilClosed(Duration.ofSeconds(5));
        assertThat(rest.stream().map(EventStream.Event::id).toList())
            .isEqualTo(events.subList(1, events.size()).stream().map(EventStream.Event::id).toList());
        assertThat(rest.getLast().name()).isEqualTo("succeeded");
      }
      return done;
    } finally {
      executor.shutdownNow();
    }
  }

  /** Progress events, then exactly one final event last; ids strictly rising; every event the job's view. */
  static void assertEventsInOrder(String id, List<EventStream.Event> events) {
    assertThat(events).as("events").isNotEmpty();
    var ids = new LinkedHashSet<Long>();
    long previous = 0;
    for (int i = 0; i < events.size(); i++) {
      var event = events.get(i);
      assertThat(event.id()).as("event " + i + " has an id").isNotNull();
      assertThat(event.id()).as("ids rise").isGreaterThan(previous);
      previous = event.id();
      ids.add(event.id());
      assertThat(event.data().path("id").asText()).isEqualTo(id);
      if (i < events.size() - 1) {
        assertThat(event.name()).as("only the last event is final").isEqualTo("progress");
        assertThat(event.data().path("status").asText()).isIn("pending", "running");
      }
    }
    var last = events.getLast();
    assertThat(last.name()).isIn("succeeded", "failed", "canceled");
    assertThat(last.data().path("status").asText()).isEqualTo(last.name());
  }

  private static void assertRefundedOnce(URI gateway, Agent agent, String id, int charged, int balanceBefore)
      throws Exception {
    var refunded = JobSupport.jobUntil(gateway, agent.key(), id, view -> view.path("creditsRefunded").asInt() > 0,
        Duration.ofSeconds(15));
    assertThat(refunded.path("creditsRefunded").asInt()).as(refunded.toString()).isEqualTo(charged);
    Thread.sleep(2_000); // a second refund, were there one, would be settled by now
    var ledger = JobSupport.ledger(RunningSuite.suite(), RunningSuite.OPERATOR_TOKEN, agent.clientId());
    assertThat(JobSupport.refunds(ledger, id)).as("one refund entry keyed by the job").hasSize(1)
        .allSatisfy(line -> assertThat(line.path("credits").asInt()).isEqualTo(charged));
    assertThat(JobSupport.balance(ledger)).isEqualTo(balanceBefore);
  }

  /** A verified account of the agent's, for posts. */
  private static String activeAccount(Agent agent) throws Exception {
    var handle = "jobs.poster." + UUID.randomUUID().toString().substring(0, 8);
    RunningSuite.providers().stubFor(get(urlPathEqualTo("/v1/tiktok/profile"))
        .withQueryParam("handle", equalTo(handle)).willReturn(okJson("{\"success\": true, \"user\": {\"uniqueId\": \""
            + handle + "\"}, \"stats\": {\"followerCount\": 7}}")));
    var id = as(agent).contentType(ContentType.JSON).body(Map.of("platform", "shortvideo", "name", handle))
        .when().post("/v1/accounts").then().statusCode(202).extract().<String>path("id");
    var done = JobSupport.jobUntil(gateway(), agent.key(), id, JobSupport::terminal, WORKER);
    assertThat(done.path("status").asText()).as(done.toString()).isEqualTo("succeeded");
    return id;
  }

  /** A video asset of the agent's, for posts. */
  private static String asset(Agent agent) throws Exception {
    var provider = RunningSuite.providers();
    JobSupport.serve(provider, "/job-files/post.mp4", "video/mp4", MediaJourneyIT.clip());
    return as(agent).contentType(ContentType.JSON).body(Map.of("url", provider.baseUrl() + "/job-files/post.mp4",
            "name", "post clip", "contentType", "video/mp4"))
        .when().post("/v1/assets").then().statusCode(201).extract().<String>path("id");
  }

  /**
   * The replicas with short deadlines ({@value #SHORT_DEADLINE_SECONDS} s for music and for an account's
   * verification, below the 60 s floor of {@code deadlineSeconds}), and a gateway replica that routes to them; the
   * deadline is stored on the job when it is created, so the suite's own workers end it too.
   */
  private static synchronized URI shortDeadlineGateway() throws Exception {
    if (shortDeadlineGateway == null) {
      var suite = RunningSuite.suite();
      var deadline = "PT" + SHORT_DEADLINE_SECONDS + "S";
      var clone = suite.startReplica(Service.CLONE, "short-deadlines", Map.of("CLONE_DEADLINES_MUSIC", deadline));
      var records = suite.startReplica(Service.RECORDS, "short-deadlines",
          Map.of("RECORDS_ACCOUNTS_DEADLINE", deadline));
      shortDeadlineGateway = suite.startReplica(Service.GATEWAY, "short-deadlines", Map.of(
          Service.CLONE.ownerVariable(), clone.toString(), Service.RECORDS.ownerVariable(), records.toString()));
    }
    return shortDeadlineGateway;
  }

  /** {@code deadlineSeconds} outside 60 up to the kind's default: 400 naming the field, nothing charged. */
  private static final class JobOptionsCheck {
    static void refused(Agent agent, Map<String, Object> body) {
      // Outside the documented bounds on purpose: only the answer is judged.
      Agents.invalidRequest(agent).contentType(ContentType.JSON).body(body).when().post("/v1/images/generate")
          .then().statusCode(400)
          .body("error", is("invalid_request")).body("field", is("deadlineSeconds"));
    }
  }
}

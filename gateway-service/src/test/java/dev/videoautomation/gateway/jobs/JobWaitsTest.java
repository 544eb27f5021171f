package dev.videoautomation.gateway.jobs;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import jakarta.inject.Inject;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import com.github.tomakehurst.wiremock.http.Fault;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;

import dev.videoautomation.gateway.OwnerStubs;
import dev.videoautomation.platform.testing.PostgresResource;

/** {@code Prefer: wait=N}: served from real {@code job_events} notifications, bounded, idempotent. */
@QuarkusTest
@WithTestResource(PostgresResource.class)
@WithTestResource(JobOwnersResource.class)
class JobWaitsTest {
  @Inject
  JobWatch watch;

  @Inject
  JobSlots slots;

  OwnerStubs.Holder holder;

  @BeforeEach
  void reset() throws InterruptedException {
    JobOwnersResource.clone.resetAll();
    JobOwnersResource.records.resetAll();
    holder = new OwnerStubs(JobOwnersResource.clone).subscribed();
    var deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
    while (!watch.listening() && System.nanoTime() < deadline) {
      Thread.sleep(50);
    }
    assertThat(watch.listening()).as("the gateway listens on job_events").isTrue();
  }

  private Response waitFor(String id, String prefer) {
    return given().auth().oauth2(holder.key()).header("Prefer", prefer).when().get("/v1/jobs/" + id);
  }

  private void untilFollowed(int followers) throws InterruptedException {
    var deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
    while (watch.size() < followers && System.nanoTime() < deadline) {
      Thread.sleep(10);
    }
    assertThat(watch.size()).isGreaterThanOrEqualTo(followers);
  }

  @Test
  void aWaitAnswersWithinASecondOfTheNotificationThatTheJobEnded() throws Exception {
    Jobs.answerView(JobOwnersResource.clone, Jobs.view("vid_w1", "running", 1_000));
    try (var pool = Executors.newSingleThreadExecutor()) {
      var answer = pool.submit(() -> waitFor("vid_w1", "wait=30"));
      untilFollowed(1);
      Thread.sleep(300);
      Jobs.answerView(JobOwnersResource.clone, Jobs.view("vid_w1", "succeeded", 1_000));
      var notified = System.nanoTime();
      Jobs.notifyChange("vid_w1", holder.clientId(), "succeeded", 5);

      var response = answer.get();
      assertThat(Duration.ofNanos(System.nanoTime() - notified)).isLessThan(Duration.ofSeconds(1));
      assertThat(response.statusCode()).isEqualTo(200);
      assertThat(response.header("Preference-Applied")).isEqualTo("wait=30");
      assertThat(response.jsonPath().getString("status")).isEqualTo("succeeded");
    }
    assertThat(watch.size()).isZero();
    assertThat(slots.held(JobSlots.Kind.WAIT)).isZero();
  }

  @Test
  void aWaitOnAJobThatDoesNotEndAnswersAfterNSecondsWithItsState() {
    Jobs.answerView(JobOwnersResource.clone, Jobs.view("img_w2", "running", 1_000));
    // A progress notification does not end the wait.
    var started = System.nanoTime();
    try (var pool = Executors.newSingleThreadExecutor()) {
      pool.submit(() -> {
        Thread.sleep(500);
        Jobs.notifyChange("img_w2", holder.clientId(), "running", 3);
        return null;
      });
      var response = waitFor("img_w2", "respond-async, wait=2");
      var took = Duration.ofNanos(System.nanoTime() - started);

      assertThat(took).isBetween(Duration.ofMillis(1_900), Duration.ofMillis(3_500));
      assertThat(response.statusCode()).isEqualTo(200);
      assertThat(response.header("Preference-Applied")).isEqualTo("wait=2");
      assertThat(response.jsonPath().getString("status")).isEqualTo("running");
    }
  }

  @Test
  void aJobThatEndedAlreadyIsAnsweredAtOnceAndAGetWithoutPreferDoesNotWait() {
    Jobs.answerView(JobOwnersResource.records, Jobs.view("pst_w3", "failed", 1_000));
    var started = System.nanoTime();
    var waited = waitFor("pst_w3", "wait=20");
    assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(2));
    assertThat(waited.header("Preference-Applied")).isEqualTo("wait=20");
    assertThat(waited.jsonPath().getString("status")).isEqualTo("failed");

    Jobs.answerView(JobOwnersResource.records, Jobs.view("pst_w4", "pending", 1_000));
    var plain = given().auth().oauth2(holder.key()).when().get("/v1/jobs/pst_w4");
    assertThat(plain.header("Preference-Applied")).isNull();
    assertThat(plain.jsonPath().getString("status")).isEqualTo("pending");
  }

  @Test
  void anOwnerUnreadableWhenTheWaitEndsIsA503WithinNPlusFiveSeconds() throws Exception {
    Jobs.answerView(JobOwnersResource.clone, Jobs.view("vid_w5", "running", 1_000));
    try (var pool = Executors.newSingleThreadExecutor()) {
      var started = System.nanoTime();
      var answer = pool.submit(() -> waitFor("vid_w5", "wait=2"));
      untilFollowed(1);
      JobOwnersResource.clone.stubFor(get(urlEqualTo("/internal/jobs/vid_w5")).willReturn(aResponse()
          .withFault(Fault.CONNECTION_RESET_BY_PEER)));

      var response = answer.get();
      assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(7));
      assertThat(response.statusCode()).isEqualTo(503);
      assertThat(response.jsonPath().getString("error")).isEqualTo("service_unavailable");
      assertThat(response.jsonPath().getInt("retryAfter")).isPositive();
    }
  }

  @Test
  void aCreatingPostWaitsAndARetryDuringTheWaitReplaysAtOnce() throws Exception {
    JobOwnersResource.clone.stubFor(post(urlEqualTo("/v1/clones/video")).willReturn(aResponse().withStatus(202)
        .withHeader("Content-Type", "application/json")
        .withBody("{\"id\":\"vid_c1\",\"status\":\"pending\",\"resultUrl\":null,\"webhookSecret\":\"whsec_once\"}")));
    Jobs.answerView(JobOwnersResource.clone, Jobs.view("vid_c1", "running", 1_000));
    JobOwnersResource.clone.stubFor(get(urlEqualTo("/v1/clones/video/vid_c1")).willReturn(aResponse()
        .withStatus(200).withHeader("Content-Type", "application/json")
        .withBody("{\"id\":\"vid_c1\",\"status\":\"running\",\"progress\":40}")));
    var key = UUID.randomUUID().toString();
    Callable<Response> create = () -> given().auth().oauth2(holder.key()).header("Prefer", "wait=20")
        .header("Idempotency-Key", key).contentType("application/json").body("{\"videoUrl\":\"x\"}")
        .when().post("/v1/clones/video");
    try (var pool = Executors.newFixedThreadPool(2)) {
      Future<Response> first = pool.submit(create);
      var deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
      while (watch.size() < 1 && !first.isDone() && System.nanoTime() < deadline) {
        Thread.sleep(10);
      }
      assertThat(first.isDone()).as(() -> "answered without waiting: " + first.resultNow().statusLine() + " "
          + first.resultNow().asString()).isFalse();
      untilFollowed(1);

      var retryStarted = System.nanoTime();
      var retry = create.call();
      assertThat(Duration.ofNanos(System.nanoTime() - retryStarted)).isLessThan(Duration.ofSeconds(2));
      assertThat(retry.statusCode()).isEqualTo(202);
      assertThat(retry.header("Idempotent-Replayed")).isEqualTo("true");
      assertThat(retry.jsonPath().getString("status")).isEqualTo("pending");
      assertThat(first.isDone()).isFalse();

      JobOwnersResource.clone.stubFor(get(urlEqualTo("/v1/clones/video/vid_c1")).willReturn(aResponse()
          .withStatus(200).withHeader("Content-Type", "application/json")
          .withBody("{\"id\":\"vid_c1\",\"status\":\"succeeded\",\"resultUrl\":\"https://cdn.example/v.mp4\","
              + "\"progress\":100}")));
      Jobs.answerView(JobOwnersResource.clone, Jobs.view("vid_c1", "succeeded", 1_000));
      Jobs.notifyChange("vid_c1", holder.clientId(), "succeeded", 4);

      var answered = first.get();
      assertThat(answered.statusCode()).isEqualTo(202);
      assertThat(answered.header("Preference-Applied")).isEqualTo("wait=20");
      assertThat(answered.jsonPath().getString("status")).isEqualTo("succeeded");
      assertThat(answered.jsonPath().getString("resultUrl")).isEqualTo("https://cdn.example/v.mp4");
      assertThat(answered.jsonPath().getString("webhookSecret")).isEqualTo("whsec_once");
      assertThat(answered.jsonPath().getMap("$")).as("the creating answer keeps its documented shape")
          .doesNotContainKey("progress");
    }
    // The answer stored for the key is the one sent.
    var replay = create.call();
    assertThat(replay.header("Idempotent-Replayed")).isEqualTo("true");
    assertThat(replay.jsonPath().getString("status")).isEqualTo("succeeded");
    assertThat(replay.header("Preference-Applied")).isEqualTo("wait=20");
    JobOwnersResource.clone.verify(1, postRequestedFor(urlEqualTo("/v1/clones/video")));
  }

  @Test
  void theTwentyFirstWaitOfAClientIsRefusedWith429() throws Exception {
    Jobs.answerView(JobOwnersResource.clone, Jobs.view("trk_b1", "running", 1_000));
    try (var pool = Executors.newFixedThreadPool(20)) {
      var held = new ArrayList<Future<Response>>();
      for (int i = 0; i < 20; i++) {
        held.add(pool.submit(() -> waitFor("trk_b1", "wait=30")));
      }
      untilFollowed(20);

      var refused = waitFor("trk_b1", "wait=30");
      assertThat(refused.statusCode()).isEqualTo(429);
      assertThat(refused.jsonPath().getString("error")).isEqualTo("too_many_waits");
      assertThat(refused.jsonPath().getInt("limit")).isEqualTo(20);
      assertThat(refused.jsonPath().getInt("retryAfter")).isPositive();
      assertThat(refused.header("Retry-After")).isNotNull();
      // Another client is not held back by this one's waits.
      var other = new OwnerStubs(JobOwnersResource.clone).subscribed();
      Jobs.answerView(JobOwnersResource.clone, Jobs.view("trk_b2", "succeeded", 1_000));
      assertThat(given().auth().oauth2(other.key()).header("Prefer", "wait=5").when().get("/v1/jobs/trk_b2")
          .statusCode()).isEqualTo(200);

      Jobs.answerView(JobOwnersResource.clone, Jobs.view("trk_b1", "succeeded", 1_000));
      Jobs.notifyChange("trk_b1", holder.clientId(), "succeeded", 9);
      for (var wait : held) {
        assertThat(wait.get().statusCode()).isEqualTo(200);
      }
    }
    assertThat(slots.held(JobSlots.Kind.WAIT)).isZero();
  }
}

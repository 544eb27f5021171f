package dev.videoautomation.gateway.jobs;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

import jakarta.inject.Inject;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;

import dev.videoautomation.gateway.OwnerStubs;
import dev.videoautomation.platform.testing.PostgresResource;

/**
 * {@code GET /v1/jobs/{id}/events}: events in order from the owner's kept events, woken by real {@code job_events}
 * notifications, resumed with {@code Last-Event-ID}; heartbeat and end (shortened by {@link JobOwnersResource}); the
 * bound on streams.
 */
@QuarkusTest
@WithTestResource(PostgresResource.class)
@WithTestResource(JobOwnersResource.class)
class JobEventsTest {
  @TestHTTPResource("/")
  URI base;

  @Inject
  JobWatch watch;

  @Inject
  JobSlots slots;

  OwnerStubs.Holder holder;
  final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

  @BeforeEach
  void reset() throws InterruptedException {
    JobOwnersResource.clone.resetAll();
    JobOwnersResource.records.resetAll();
    holder = new OwnerStubs(JobOwnersResource.clone).subscribed();
    var deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
    while (!watch.listening() && System.nanoTime() < deadline) {
      Thread.sleep(50);
    }
  }

  static JsonObject event(String id, long seq, String type, String status) {
    return new JsonObject().put("seq", seq).put("type", type).put("at", 1_000 + seq)
        .put("job", Jobs.view(id, status, 1_000).put("progress", (int) seq * 10));
  }

  static void keptEvents(String id, long after, boolean complete, JsonObject... events) {
    JobOwnersResource.clone.stubFor(get(urlEqualTo("/internal/jobs/" + id + "/events?after=" + after))
        .willReturn(aResponse().withStatus(200).withHeader("Content-Type", "application/json")
            .withBody(new JsonObject().put("data", new JsonArray(List.of((Object[]) events)))
                .put("complete", complete).encode())));
  }

  /** A stream's lines as they arrive, read on a thread of its own. */
  final class Stream implements AutoCloseable {
    final HttpResponse<java.io.InputStream> response;
    final BufferedReader reader;

    Stream(String id, String lastEventId) throws Exception {
      var request = HttpRequest.newBuilder(base.resolve("/v1/jobs/" + id + "/events"))
          .header("Authorization", "Bearer " + holder.key()).header("Accept", "text/event-stream");
      if (lastEventId != null) {
        request.header("Last-Event-ID", lastEventId);
      }
      response = http.send(request.build(), HttpResponse.BodyHandlers.ofInputStream());
      reader = new BufferedReader(new InputStreamReader(response.body(), StandardCharsets.UTF_8));
    }

    /** Lines until the stream ends or {@code within} passes. */
    List<String> lines(Duration within) throws Exception {
      var lines = new ArrayList<String>();
      try (var pool = Executors.newSingleThreadExecutor()) {
        var reading = pool.submit(() -> {
          String line;
          while ((line = reader.readLine()) != null) {
            synchronized (lines) {
              lines.add(line);
            }
          }
          return null;
        });
        try {
          reading.get(within.toMillis(), TimeUnit.MILLISECONDS);
        } catch (java.util.concurrent.TimeoutException stillOpen) {
          response.body().close();
        }
      }
      synchronized (lines) {
        return List.copyOf(lines);
      }
    }

    @Override
    public void close() throws Exception {
      response.body().close();
    }
  }

  @Test
  void sendsTheKeptEventsInOrderThenWhatTheNotificationsAnnounceThenClosesAfterTheFinalEvent() throws Exception {
    keptEvents("vid_s1", 0, true, event("vid_s1", 1, "job.progress", "pending"),
        event("vid_s1", 2, "job.progress", "running"));
    keptEvents("vid_s1", 2, true, event("vid_s1", 3, "job.succeeded", "succeeded"));
    try (var pool = Executors.newSingleThreadExecutor()) {
      var stream = new Stream("vid_s1", null);
      assertThat(stream.response.statusCode()).isEqualTo(200);
      assertThat(stream.response.headers().firstValue("Content-Type").orElse("")).startsWith("text/event-stream");
      pool.submit(() -> {
        Thread.sleep(500);
        Jobs.notifyChange("vid_s1", holder.clientId(), "succeeded", 3);
        return null;
      });

      var events = stream.lines(Duration.ofSeconds(2)).stream()
          .filter(line -> line.startsWith("id:") || line.startsWith("event:")).toList();

      assertThat(events).containsExactly("id: 1", "event: progress", "id: 2", "event: progress",
          "id: 3", "event: succeeded");
    }
    assertThat(slots.held(JobSlots.Kind.STREAM)).isZero();
  }

  @Test
  void lastEventIdResumesAfterItAndAnEventNoLongerKeptGivesTheCurrentState() throws Exception {
    keptEvents("vid_s2", 2, true, event("vid_s2", 3, "job.failed", "failed"));
    try (var stream = new Stream("vid_s2", "2")) {
      var lines = stream.lines(Duration.ofSeconds(2));
      assertThat(lines).contains("id: 3", "event: failed").doesNotContain("id: 1", "id: 2");
      assertThat(lines.stream().filter(line -> line.startsWith("data:")).findFirst().orElseThrow())
          .contains("\"status\":\"failed\"");
    }

    keptEvents("vid_s3", 1, false);
    Jobs.answerView(JobOwnersResource.clone, Jobs.view("vid_s3", "canceled", 1_000));
    try (var stream = new Stream("vid_s3", "1")) {
      var lines = stream.lines(Duration.ofSeconds(2));
      assertThat(lines.stream().filter(line -> line.startsWith("event:")).toList())
          .containsExactly("event: canceled");
      assertThat(lines).anyMatch(line -> line.startsWith("data:") && line.contains("\"status\":\"canceled\""));
    }
  }

  @Test
  void anIdleStreamGetsHeartbeatsAndEndsWithATimeoutEvent() throws Exception {
    keptEvents("vid_s4", 0, true, event("vid_s4", 1, "job.progress", "running"));
    var started = System.nanoTime();
    try (var stream = new Stream("vid_s4", null)) {
      var lines = stream.lines(Duration.ofSeconds(6));
      var took = Duration.ofNanos(System.nanoTime() - started);

      assertThat(lines.stream().filter(": keep-alive"::equals).count()).isGreaterThanOrEqualTo(5);
      assertThat(lines).contains("event: timeout");
      assertThat(lines.getLast()).isEmpty();
      assertThat(took).isBetween(Duration.ofMillis(2_500), Duration.ofSeconds(5));
    }
  }

  @Test
  void theSixthStreamOfAClientIsRefusedWith429() throws Exception {
    keptEvents("vid_s5", 0, true, event("vid_s5", 1, "job.progress", "running"));
    var open = new ArrayList<Stream>();
    try {
      for (int i = 0; i < 5; i++) {
        open.add(new Stream("vid_s5", null));
        assertThat(open.getLast().response.statusCode()).isEqualTo(200);
      }
      var refused = http.send(HttpRequest.newBuilder(base.resolve("/v1/jobs/vid_s5/events"))
          .header("Authorization", "Bearer " + holder.key()).build(), HttpResponse.BodyHandlers.ofString());

      assertThat(refused.statusCode()).isEqualTo(429);
      var body = new JsonObject(refused.body());
      assertThat(body.getString("error")).isEqualTo("too_many_streams");
      assertThat(body.getInteger("limit")).isEqualTo(5);
      assertThat(body.getInteger("retryAfter")).isPositive();
    } finally {
      for (var stream : open) {
        stream.close();
      }
    }
  }
}

package dev.videoautomation.suite.reliability;

import static com.github.tomakehurst.wiremock.client.WireMock.getRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpRequest;
import java.time.Duration;
import java.util.Locale;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import dev.videoautomation.suite.EventStream;
import dev.videoautomation.suite.JobSupport;
import dev.videoautomation.suite.Service;

/**
 * kill -9 of the job's owner (clone-service) while an agent waits on the job ({@code Prefer: wait=N}): the gateway,
 * which holds the wait itself, answers within N + 5 s (the job as last read, or a typed 503 with
 * {@code retryAfter}) and never hangs; after the owner restarts, the job finishes and its view, its own endpoint
 * and its event stream show the true state, charged once and never refunded.
 */
@ExtendWith(ReliabilitySuite.class)
class OwnerCrashWaitIT {
  private static final int WAIT = 10;

  @Test
  void shouldAnswerAWaitWhoseOwnerWasKilledAndShowTheTrueStateAfterItsRestart() throws Exception {
    var suite = ReliabilitySuite.suite();
    var gateway = ReliabilitySuite.gateway();
    var key = ReliabilitySuite.subscribedKeys(1).getFirst();
    var token = "crash-wait-" + UUID.randomUUID();
    var request = JobSupport.queueMusic(ReliabilitySuite.providers(), token);
    var created = ReliabilitySuite.send(ReliabilitySuite.as(key, "/v1/music").header("Content-Type",
        "application/json").POST(HttpRequest.BodyPublishers.ofString("{\"prompt\": \"" + token + "\"}")));
    assertThat(created.statusCode()).as(created.body()).isEqualTo(202);
    var id = ReliabilitySuite.json(created).path("id").asText();
    var charged = ReliabilitySuite.json(created).path("creditsCharged").asInt();
    awaitPolled(request.statusPath());

    var executor = Executors.newVirtualThreadPerTaskExecutor();
    JobSupport.Waited waited;
    try {
      var waiting = executor.submit(() -> JobSupport.await(gateway, key, id, WAIT));
      Thread.sleep(1_000);
      suite.kill(Service.CLONE);
      waited = waiting.get(WAIT + 30, TimeUnit.SECONDS);
    } finally {
      executor.shutdownNow();
    }
    assertThat(waited.tookMillis()).as("answered within N + 5 s").isLessThanOrEqualTo((WAIT + 5) * 1_000L);
    if (waited.status() == 200) {
      assertThat(waited.preferenceApplied()).isEqualTo("wait=" + WAIT);
      assertThat(waited.body().path("status").asText()).as("still open: the owner is down")
          .isIn("pending", "running");
    } else {
      Answers.assertTypedError(waited.response(), Set.of(503));
      assertThat(waited.body().path("retryAfter").asInt()).isPositive();
    }

    request.finish();
    var restartedAt = System.nanoTime();
    suite.restart(Service.CLONE);
    var deadline = System.nanoTime() + Duration.ofSeconds(90).toNanos();
    var view = JobSupport.await(gateway, key, id, WAIT).body();
    while (!JobSupport.terminal(view) && System.nanoTime() < deadline) {
      view = JobSupport.await(gateway, key, id, WAIT).body();
    }
    var finishedAfter = (System.nanoTime() - restartedAt) / 1e9;
    assertThat(view.path("status").asText()).as(view.toString()).isEqualTo("succeeded");
    assertThat(view.at("/result/audioUrl").asText()).isNotBlank();
    assertThat(view.path("creditsCharged").asInt()).isEqualTo(charged);
    assertThat(view.path("creditsRefunded").asInt()).isZero();
    var own = ReliabilitySuite.json(ReliabilitySuite.send(ReliabilitySuite.as(key, "/v1/music/" + id)));
    assertThat(own.path("status").asText()).isEqualTo("succeeded");
    assertThat(own.path("audioUrl").asText()).isEqualTo(view.at("/result/audioUrl").asText());
    try (var stream = EventStream.open(gateway, key, id, null)) {
      var events = stream.untilClosed(Duration.ofSeconds(10));
      assertThat(events).isNotEmpty();
      assertThat(events.getLast().name()).isEqualTo("succeeded");
      assertThat(events.stream().filter(e -> !e.name().equals("progress")).count()).as("one final event")
          .isEqualTo(1);
    }
    ReliabilitySuite.figure("crash-owner-wait", String.format(Locale.ROOT,
        "kill -9 of clone-service during a Prefer: wait=%d on its music job: the gateway answered %d after %.1f s "
            + "(never past N + 5 s); after the restart the job succeeded %.1f s later, charged once, not refunded.",
        WAIT, waited.status(), waited.tookMillis() / 1e3, finishedAfter));
  }

  private static void awaitPolled(String statusPath) throws InterruptedException {
    var deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
    var pattern = getRequestedFor(urlEqualTo(statusPath));
    while (ReliabilitySuite.providers().findAll(pattern).isEmpty() && System.nanoTime() < deadline) {
      Thread.sleep(100);
    }
    assertThat(ReliabilitySuite.providers().findAll(pattern)).as("the worker polls the provider").isNotEmpty();
  }
}

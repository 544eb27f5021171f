package dev.videoautomation.suite;

import static dev.videoautomation.suite.Agents.as;
import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import com.fasterxml.jackson.databind.JsonNode;

import io.restassured.http.ContentType;

/**
 * The bounds of docs/jobs.md ("Bounds"): one client holds at most 20 waits and 5 event streams on a gateway replica;
 * the next is 429 {@code too_many_waits} / {@code too_many_streams} with the error body and {@code retryAfter}, and
 * a slot is free again once a wait or a stream ends.
 */
@ExtendWith(RunningSuite.class)
class JobBoundsIT {
  private static final int WAITS = 20;
  private static final int STREAMS = 5;
  private static final int WAIT_SECONDS = 8;

  @Test
  void shouldHoldTwentyWaitsAndRefuseTheTwentyFirst() throws Exception {
    var agent = Agents.subscribedAgent();
    var id = openJob(agent);
    var gateway = RunningSuite.suite().baseUri(Service.GATEWAY);
    var executor = Executors.newVirtualThreadPerTaskExecutor();
    try {
      var held = new ArrayList<Future<JobSupport.Waited>>();
      for (int i = 0; i < WAITS; i++) {
        held.add(executor.submit(() -> JobSupport.await(gateway, agent.key(), id, WAIT_SECONDS)));
      }
      Thread.sleep(2_000); // all twenty are held by now

      var refused = JobSupport.await(gateway, agent.key(), id, WAIT_SECONDS);
      assertThat(refused.status()).as(refused.response().body()).isEqualTo(429);
      assertTypedRefusal(refused.body(), "too_many_waits");
      assertThat(refused.tookMillis()).as("refused at once").isLessThan(2_000);
      // Another client is not counted with this one.
      var other = Agents.subscribedAgent();
      as(other).when().get("/v1/jobs/" + id).then().statusCode(404);

      for (var wait : held) {
        var answer = wait.get(WAIT_SECONDS + 20, TimeUnit.SECONDS);
        assertThat(answer.status()).as(answer.response().body()).isEqualTo(200);
        assertThat(answer.preferenceApplied()).isEqualTo("wait=" + WAIT_SECONDS);
        assertThat(answer.body().path("status").asText()).isIn("pending", "running");
      }
      var again = JobSupport.await(gateway, agent.key(), id, 1);
      assertThat(again.status()).as("the slots are free again: " + again.response().body()).isEqualTo(200);
    } finally {
      executor.shutdownNow();
      as(agent).when().post("/v1/jobs/" + id + "/cancel").then().statusCode(200);
    }
  }

  @Test
  void shouldHoldFiveStreamsAndRefuseTheSixth() throws Exception {
    var agent = Agents.subscribedAgent();
    var id = openJob(agent);
    var gateway = RunningSuite.suite().baseUri(Service.GATEWAY);
    var streams = new ArrayList<EventStream>();
    try {
      for (int i = 0; i < STREAMS; i++) {
        var stream = EventStream.open(gateway, agent.key(), id, null);
        assertThat(stream.status()).isEqualTo(200);
        assertThat(stream.next(Duration.ofSeconds(5)).name()).as("the creation's event").isEqualTo("progress");
        streams.add(stream);
      }

      try (var sixth = EventStream.open(gateway, agent.key(), id, null)) {
        assertThat(sixth.status()).isEqualTo(429);
        assertThat(sixth.headers().firstValue("Content-Type").orElse("")).startsWith("application/json");
        assertTypedRefusal(sixth.refusal(), "too_many_streams");
      }

      // One agent hangs up: its slot is free again within a few seconds.
      streams.removeFirst().close();
      var deadline = System.nanoTime() + Duration.ofSeconds(5).toNanos();
      EventStream replacement;
      do {
        replacement = EventStream.open(gateway, agent.key(), id, null);
        if (replacement.status() == 200) {
          break;
        }
        Thread.sleep(200);
      } while (System.nanoTime() < deadline);
      assertThat(replacement.status()).as("a freed stream slot").isEqualTo(200);
      streams.add(replacement);
    } finally {
      streams.forEach(EventStream::close);
      as(agent).when().post("/v1/jobs/" + id + "/cancel").then().statusCode(200);
    }
  }

  /** A music job that stays open (its provider request never finishes) until the test cancels it. */
  private static String openJob(Agents.Agent agent) throws Exception {
    var token = "bounds-" + UUID.randomUUID();
    JobSupport.queueMusic(RunningSuite.providers(), token);
    return as(agent).contentType(ContentType.JSON).body(Map.of("prompt", token)).when().post("/v1/music")
        .then().statusCode(202).body("status", org.hamcrest.Matchers.oneOf("pending", "running"))
        .extract().<String>path("id");
  }

  private static void assertTypedRefusal(JsonNode body, String code) {
    assertThat(body.path("error").asText()).as(body.toString()).isEqualTo(code);
    assertThat(body.path("message").asText()).isNotBlank();
    assertThat(body.path("retryAfter").asInt()).as("retryAfter, seconds").isPositive();
    assertThat(List.of(body.toString())).noneMatch(text -> text.contains("Exception"));
  }
}

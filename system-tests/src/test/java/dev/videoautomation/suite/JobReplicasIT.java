package dev.videoautomation.suite;

import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Two gateway replicas and two replicas of each job owner on one database (docs/jobs.md): gateway A routes to the
 * suite's clone and records, gateway B to a second clone and a second records. A job created through one side is
 * followed on the other, by a wait and by an event stream, and both see it end within a second of the worker's
 * finish: the gateways hear the owners' {@code job_events}, whichever replica wrote them.
 */
@ExtendWith(RunningSuite.class)
class JobReplicasIT {
  private static final int WAIT = 10;
  private static URI gatewayA;
  private static URI gatewayB;

  @BeforeAll
  static void startTheOtherReplicas() throws Exception {
    var suite = RunningSuite.suite();
    gatewayA = suite.baseUri(Service.GATEWAY);
    var cloneB = suite.startReplica(Service.CLONE, "replica-b", Map.of());
    var recordsB = suite.startReplica(Service.RECORDS, "replica-b", Map.of());
    gatewayB = suite.startReplica(Service.GATEWAY, "jobs-replica-b", Map.of(
        Service.CLONE.ownerVariable(), cloneB.toString(), Service.RECORDS.ownerVariable(), recordsB.toString()));
  }

  @Test
  void shouldSeeAMusicJobCreatedThroughOneSideEndOnTheOther() throws Exception {
    var agent = Agents.subscribedAgent();
    var token = "replicas-music-" + UUID.randomUUID();
    var request = JobSupport.queueMusic(RunningSuite.providers(), token);
    var created = JobSupport.createAndWait(gatewayB, agent.key(), "/v1/music",
        JobSupport.JSON.writeValueAsString(Map.of("prompt", token)), 1);
    assertThat(created.status()).as(created.response().body()).isEqualTo(202);

    followOn(gatewayA, agent, created.body().path("id").asText(), request::finish);
  }

  @Test
  void shouldSeeAnAccountCreatedThroughOneSideEndOnTheOther() throws Exception {
    var agent = Agents.subscribedAgent();
    var handle = "replicas." + UUID.randomUUID().toString().substring(0, 8);
    RunningSuite.providers().stubFor(get(urlPathEqualTo("/v1/tiktok/profile"))
        .withQueryParam("handle", equalTo(handle)).willReturn(okJson("{\"success\": true, \"user\": {\"uniqueId\": \""
            + handle + "\"}, \"stats\": {\"followerCount\": 12}}").withFixedDelay(3_000)));
    var created = JobSupport.createAndWait(gatewayA, agent.key(), "/v1/accounts",
        JobSupport.JSON.writeValueAsString(Map.of("platform", "shortvideo", "name", handle)), 1);
    assertThat(created.status()).as(created.response().body()).isEqualTo(202);

    followOn(gatewayB, agent, created.body().path("id").asText(), () -> { });
  }

  /** A wait and a stream on {@code gateway} while {@code finish} lets the job end: both within 1 s of its end. */
  private static void followOn(URI gateway, Agents.Agent agent, String id, Runnable finish) throws Exception {
    var executor = Executors.newVirtualThreadPerTaskExecutor();
    try (var stream = EventStream.open(gateway, agent.key(), id, null)) {
      assertThat(stream.status()).isEqualTo(200);
      var waiting = executor.submit(() -> JobSupport.await(gateway, agent.key(), id, WAIT));
      Thread.sleep(300);
      finish.run();
      var waited = waiting.get(WAIT + 20, TimeUnit.SECONDS);
      var events = stream.untilClosed(Duration.ofSeconds(WAIT + 5));

      assertThat(waited.status()).isEqualTo(200);
      assertThat(waited.preferenceApplied()).isEqualTo("wait=" + WAIT);
      assertThat(waited.body().path("status").asText()).as(waited.body().toString()).isEqualTo("succeeded");
      var finishedAt = waited.body().path("finishedAt").asLong();
      assertThat(waited.answeredAt() - finishedAt).as("the wait on the other replica, after the finish")
          .isLessThanOrEqualTo(1_000);
      JobsIT.assertEventsInOrder(id, events);
      assertThat(events.getLast().name()).isEqualTo("succeeded");
      assertThat(events.getLast().receivedAt() - finishedAt).as("the stream on the other replica, after the finish")
          .isLessThanOrEqualTo(1_000);
    } finally {
      executor.shutdownNow();
    }
  }
}

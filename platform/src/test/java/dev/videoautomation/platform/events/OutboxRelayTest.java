package dev.videoautomation.platform.events;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.options;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.postgresql.ds.PGSimpleDataSource;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.stubbing.Scenario;

import dev.videoautomation.platform.jobs.JobStatus;

/**
 * The relay against the real PostgreSQL and a simulated records-service over real HTTP on loopback: in order, in
 * batches, at least once.
 */
class OutboxRelayTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Duration LEASE = Duration.ofMinutes(1);
  private static final String PATH = "/internal/events";

  private PGSimpleDataSource dataSource;
  private Outbox outbox;
  private WireMockServer records;
  private final HttpClient http = HttpClient.newHttpClient();

  @BeforeEach
  void start() {
    dataSource = OutboxTables.freshOutbox();
    outbox = Outbox.of(dataSource, OutboxTables.TABLE, JSON, Clock.systemUTC());
    records = new WireMockServer(options().dynamicPort().bindAddress("127.0.0.1"));
    records.start();
  }

  @AfterEach
  void stop() {
    records.stop();
  }

  /** Posts the batch to the simulated records as JSON, as the REST client does; a non-2xx answer is a failure. */
  private final OutboxRelay.Sink toRecords = batch -> {
    try {
      var request = HttpRequest.newBuilder(URI.create(records.baseUrl() + PATH))
          .header("Content-Type", "application/json")
          .POST(HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(batch))).build();
      var answer = http.send(request, HttpResponse.BodyHandlers.ofString());
      if (answer.statusCode() != 200) {
        throw new IllegalStateException("records answered " + answer.statusCode());
      }
    } catch (IOException e) {
      throw new IllegalStateException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  };

  private OutboxRelay relay(OutboxRelay.Sink sink, Duration retryAfter) {
    return new OutboxRelay(dataSource, OutboxTables.TABLE, sink, JSON, LEASE, retryAfter);
  }

  /** Writes {@code count} committed changes of job {@code jobId}, seq 1..count, each with a view of {@code pad}. */
  private List<String> changes(String jobId, int count, String pad) throws SQLException {
    var ids = new ArrayList<String>();
    try (var connection = dataSource.getConnection()) {
      connection.setAutoCommit(false);
      for (int seq = 1; seq <= count; seq++) {
        ids.add(outbox.jobChanged(connection, new Outbox.JobChange(jobId, "cli_a",
            seq == count ? JobStatus.SUCCEEDED : JobStatus.RUNNING, seq, Map.of("id", jobId, "pad", pad),
            seq == count ? "https://agent.example/hook" : null)));
      }
      connection.commit();
    }
    return ids;
  }

  /** The event ids of every POST records received, call by call, in the order they came. */
  private List<List<String>> received() {
    var calls = new ArrayList<List<String>>();
    var requests = new ArrayList<>(records.getAllServeEvents());
    java.util.Collections.reverse(requests);
    for (var served : requests) {
      var ids = new ArrayList<String>();
      try {
        for (JsonNode event : JSON.readTree(served.getRequest().getBodyAsString()).get("events")) {
          ids.add(event.get("id").asText());
        }
      } catch (IOException e) {
        throw new IllegalStateException(e);
      }
      calls.add(ids);
    }
    return calls;
  }

  @Test
  void shouldRelayEveryEventOnceInTheOrderWrittenInBatchesOfFifty() throws Exception {
    records.stubFor(post(urlEqualTo(PATH)).willReturn(okJson("{\"accepted\":50}")));
    var written = new ArrayList<String>();
    written.addAll(changes("vid_1", 70, "x"));
    written.addAll(changes("img_2", 50, "y"));

    assertThat(relay(toRecords, Duration.ofSeconds(5)).relayDue()).isEqualTo(120);

    var calls = received();
    assertThat(calls).extracting(List::size).containsExactly(50, 50, 20);
    assertThat(calls.stream().flatMap(List::stream).toList()).isEqualTo(written);
    assertThat(OutboxTables.count(dataSource, "relayed_at IS NULL OR locked_until IS NOT NULL")).isZero();
    assertThat(relay(toRecords, Duration.ofSeconds(5)).relayDue()).as("nothing twice").isZero();
    assertThat(records.getAllServeEvents()).hasSize(3);
  }

  @Test
  void shouldSendTheFieldsRecordsNeedsForEachEvent() throws Exception {
    records.stubFor(post(urlEqualTo(PATH)).willReturn(okJson("{\"accepted\":2}")));
    var ids = changes("vid_1", 2, "x");

    relay(toRecords, Duration.ofSeconds(5)).relayDue();

    var body = JSON.readTree(records.getAllServeEvents().get(0).getRequest().getBodyAsString());
    var last = body.get("events").get(1);
    assertThat(last.get("id").asText()).isEqualTo(ids.get(1));
    assertThat(last.get("type").asText()).isEqualTo("job.succeeded");
    assertThat(last.get("clientId").asText()).isEqualTo("cli_a");
    assertThat(last.get("jobId").asText()).isEqualTo("vid_1");
    assertThat(last.get("seq").asLong()).isEqualTo(2);
    assertThat(last.get("webhookUrl").asText()).isEqualTo("https://agent.example/hook");
    assertThat(last.get("timestamp").asLong()).isGreaterThan(1_700_000_000_000L);
    assertThat(last.get("data")).isEqualTo(JSON.readTree("{\"id\":\"vid_1\",\"pad\":\"x\"}"));
    assertThat(body.get("events").get(0).get("webhookUrl").isNull()).isTrue();
  }

  @Test
  void shouldRetryAFailingTargetAfterAPauseWithTheSameEvents() throws Exception {
    records.stubFor(post(urlEqualTo(PATH)).inScenario("flaky").whenScenarioStateIs(Scenario.STARTED)
        .willReturn(aResponse().withStatus(503)).willSetStateTo("up"));
    records.stubFor(post(urlEqualTo(PATH)).inScenario("flaky").whenScenarioStateIs("up")
        .willReturn(okJson("{\"accepted\":3}")));
    var written = changes("vid_1", 3, "x");
    var relay = relay(toRecords, Duration.ofMillis(1500));

    assertThat(relay.relayDue()).as("records answered 503").isZero();
    assertThat(OutboxTables.count(dataSource, "relayed_at IS NULL")).isEqualTo(3);
    assertThat(relay.relayDue()).as("held back until the pause is over").isZero();
    assertThat(records.getAllServeEvents()).hasSize(1);

    Thread.sleep(1700);
    assertThat(relay.relayDue()).isEqualTo(3);
    assertThat(received()).containsExactly(written, written);
    assertThat(OutboxTables.count(dataSource, "relayed_at IS NULL")).isZero();
  }

  @Test
  void shouldSendTheSameEventsAgainWhenTheRelayDiedBetweenSendingAndMarking() throws Exception {
    records.stubFor(post(urlEqualTo(PATH)).willReturn(okJson("{\"accepted\":2}")));
    var written = changes("vid_1", 2, "x");
    // The process dies right after records took the batch: nothing after the POST runs.
    OutboxRelay.Sink dies = batch -> {
      toRecords.deliver(batch);
      throw new ProcessKilled();
    };
    assertThatThrownBy(() -> relay(dies, Duration.ofSeconds(5)).relayDue()).isInstanceOf(ProcessKilled.class);
    assertThat(OutboxTables.count(dataSource, "relayed_at IS NULL")).isEqualTo(2);
    assertThat(relay(toRecords, Duration.ofSeconds(5)).relayDue()).as("another replica: still leased").isZero();

    // The dead replica's lease runs out.
    OutboxTables.execute(dataSource, "UPDATE events.outbox SET locked_until = now() - interval '1 second'");
    assertThat(relay(toRecords, Duration.ofSeconds(5)).relayDue()).isEqualTo(2);

    assertThat(received()).containsExactly(written, written);
    assertThat(OutboxTables.count(dataSource, "relayed_at IS NULL")).isZero();
  }

  @Test
  void shouldSplitABatchThatWouldBeTooLargeForOneCall() throws Exception {
    records.stubFor(post(urlEqualTo(PATH)).willReturn(okJson("{\"accepted\":1}")));
    var written = changes("vid_1", 3, "z".repeat(400 * 1024));

    assertThat(relay(toRecords, Duration.ofSeconds(5)).relayDue()).isEqualTo(3);

    assertThat(received()).containsExactly(written.subList(0, 2), written.subList(2, 3));
  }

  @Test
  void shouldDeleteOnlyEventsRelayedLongerAgoThanKept() throws Exception {
    records.stubFor(post(urlEqualTo(PATH)).willReturn(okJson("{\"accepted\":3}")));
    changes("vid_1", 3, "x");
    var relay = relay(toRecords, Duration.ofSeconds(5));
    relay.relayDue();
    changes("vid_2", 2, "x");
    OutboxTables.execute(dataSource, "UPDATE events.outbox SET relayed_at = now() - interval '25 hours' "
        + "WHERE job_id = 'vid_1' AND seq < 3");

    assertThat(relay.purgeRelayed(Duration.ofHours(24))).isEqualTo(2);

    assertThat(OutboxTables.text(dataSource, "SELECT string_agg(job_id || ':' || seq, ',' ORDER BY position) "
        + "FROM events.outbox")).isEqualTo("vid_1:3,vid_2:1,vid_2:2");
  }

  /** Stands for the process ending: not an exception the relay handles. */
  private static final class ProcessKilled extends Error {
  }
}

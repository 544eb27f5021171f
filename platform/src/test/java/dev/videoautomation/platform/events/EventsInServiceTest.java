package dev.videoautomation.platform.events;

import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.matchingJsonPath;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Base64;
import java.util.Map;

import javax.sql.DataSource;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.github.tomakehurst.wiremock.WireMockServer;

import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import io.quarkus.test.common.ResourceArg;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;

import dev.videoautomation.platform.jobs.JobStatus;
import dev.videoautomation.platform.testing.InjectWireMock;
import dev.videoautomation.platform.testing.TestDatabases;
import dev.videoautomation.platform.testing.WireMockResource;

/**
 * The events mechanism as a service gets it with {@code platform.events.enabled=true}: the injected {@link Outbox}
 * joins the caller's JTA transaction through the pool, and the scheduled relay posts the committed events to
 * records as this service.
 */
@QuarkusTest
@TestProfile(EventsInServiceTest.EventsOn.class)
@WithTestResource(value = EventsInServiceTest.OutboxDatabase.class)
@WithTestResource(value = WireMockResource.class, initArgs = @ResourceArg(name = "properties",
    value = "quarkus.rest-client.records-client.url"))
class EventsInServiceTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  /** Events on, as an owner's application.properties says, with a quick relay. */
  public static class EventsOn implements QuarkusTestProfile {
    @Override
    public Map<String, String> getConfigOverrides() {
      return Map.of("platform.events.enabled", "true", "platform.events.outbox-table", OutboxTables.TABLE,
          "platform.events.relay.every", "200ms", "platform.events.relay.retry-after", "1s");
    }
  }

  /** A fresh database whose outbox is made by the owners' migration snippet. */
  public static class OutboxDatabase implements QuarkusTestResourceLifecycleManager {
    @Override
    public Map<String, String> start() {
      var database = TestDatabases.freshDatabase();
      var dataSource = new org.postgresql.ds.PGSimpleDataSource();
      dataSource.setURL(database.jdbcUrl());
      dataSource.setUser(database.username());
      dataSource.setPassword(database.password());
      OutboxTables.execute(dataSource, "CREATE SCHEMA events;\n" + OutboxTables.DDL);
      return Map.of("quarkus.datasource.jdbc.url", database.jdbcUrl(), "quarkus.datasource.username",
          database.username(), "quarkus.datasource.password", database.password());
    }

    @Override
    public void stop() {
      // The server outlives one application; it stops with the JVM.
    }
  }

  @InjectWireMock
  WireMockServer records;

  private final Outbox outbox;
  private final DataSource dataSource;

  EventsInServiceTest(Outbox outbox, DataSource dataSource) {
    this.outbox = outbox;
    this.dataSource = dataSource;
  }

  @BeforeEach
  void recordsAccepts() {
    records.resetAll();
    records.stubFor(post(urlEqualTo("/internal/events")).willReturn(okJson("{\"accepted\":1}")));
  }

  private static Outbox.JobChange change(String jobId, long seq) {
    return new Outbox.JobChange(jobId, "cli_a", JobStatus.SUCCEEDED, seq, Map.of("id", jobId), null);
  }

  @Test
  void shouldRelayAnEventCommittedInTheCallersTransactionAsThisService() throws Exception {
    var id = QuarkusTransaction.requiringNew().call(() -> outbox.jobChanged(change("vid_committed", 1)));

    var deadline = System.nanoTime() + 10_000_000_000L;
    while (records.findAll(postRequestedFor(urlEqualTo("/internal/events"))).isEmpty()
        && System.nanoTime() < deadline) {
      Thread.sleep(100);
    }
    records.verify(1, postRequestedFor(urlEqualTo("/internal/events"))
        .withRequestBody(matchingJsonPath("$.events[0].id", equalTo(id))));
    var authorization = records.getAllServeEvents().get(0).getRequest().getHeader("Authorization");
    assertThat(authorization).startsWith("Bearer ");
    var claims = JSON.readTree(Base64.getUrlDecoder().decode(authorization.substring(7).split("\\.")[1]));
    assertThat(claims.get("sub").asText()).startsWith("service:");
    var deadlineMarked = System.nanoTime() + 5_000_000_000L;
    while (OutboxTables.count(dataSource, "relayed_at IS NULL") > 0 && System.nanoTime() < deadlineMarked) {
      Thread.sleep(100);
    }
    assertThat(OutboxTables.count(dataSource, "relayed_at IS NOT NULL AND id = '" + id + "'")).isEqualTo(1);
  }

  @Test
  void shouldWriteNothingWhenTheCallersTransactionRollsBack() throws Exception {
    assertThatThrownBy(() -> QuarkusTransaction.requiringNew().run(() -> {
      outbox.jobChanged(change("vid_rolled_back", 1));
      throw new IllegalStateException("the change failed");
    })).hasMessageContaining("the change failed");

    Thread.sleep(600);
    assertThat(OutboxTables.count(dataSource, "job_id = 'vid_rolled_back'")).isZero();
    assertThat(records.getAllServeEvents()).extracting(served -> served.getRequest().getBodyAsString())
        .noneMatch(body -> body.contains("vid_rolled_back"));
  }

  @Test
  void shouldRefuseAnEventOutsideATransaction() {
    assertThatThrownBy(() -> outbox.jobChanged(change("vid_no_transaction", 1)))
        .isInstanceOf(IllegalStateException.class).hasMessageContaining("inside the transaction");
  }
}

package dev.videoautomation.platform.events;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.postgresql.PGConnection;
import org.postgresql.ds.PGSimpleDataSource;

import com.fasterxml.jackson.databind.ObjectMapper;

import dev.videoautomation.platform.jobs.JobNotice;
import dev.videoautomation.platform.jobs.JobStatus;

/** The outbox on the real PostgreSQL: its row and its notification leave together on commit, or not at all. */
class OutboxTest {
  private static final Instant NOW = Instant.parse("2026-11-21T10:00:00.123456Z");

  private PGSimpleDataSource dataSource;
  private Outbox outbox;
  private Connection listener;
  private Connection writer;

  @BeforeEach
  void freshOutbox() throws SQLException {
    dataSource = OutboxTables.freshOutbox();
    outbox = Outbox.of(dataSource, OutboxTables.TABLE, new ObjectMapper(), Clock.fixed(NOW, ZoneOffset.UTC));
    listener = dataSource.getConnection();
    try (var statement = listener.createStatement()) {
      statement.execute("LISTEN " + JobNotice.CHANNEL);
    }
    writer = dataSource.getConnection();
    writer.setAutoCommit(false);
  }

  @AfterEach
  void close() throws SQLException {
    writer.close();
    listener.close();
  }

  private static Outbox.JobChange change(String jobId, JobStatus status, long seq) {
    return new Outbox.JobChange(jobId, "cli_a", status, seq,
        Map.of("id", jobId, "status", status.wire(), "progress", 40), "https://agent.example/hook");
  }

  private List<String> notifications() throws SQLException {
    var payloads = new ArrayList<String>();
    // A notification committed before this call has reached the listener's socket within the wait.
    var received = listener.unwrap(PGConnection.class).getNotifications(500);
    for (var notification : received == null ? new org.postgresql.PGNotification[0] : received) {
      payloads.add(notification.getParameter());
    }
    return payloads;
  }

  @Test
  void shouldSendTheRowAndTheNotificationOnlyWhenTheTransactionCommits() throws SQLException {
    var id = outbox.jobChanged(writer, change("vid_1", JobStatus.RUNNING, 3));

    assertThat(id).startsWith("evt_");
    assertThat(notifications()).as("nothing leaves before commit").isEmpty();
    assertThat(OutboxTables.count(dataSource, "true")).as("uncommitted: invisible to others").isZero();

    writer.commit();

    assertThat(notifications()).containsExactly("{\"v\":1,\"event\":\"job.changed\",\"jobId\":\"vid_1\","
        + "\"clientId\":\"cli_a\",\"status\":\"running\",\"seq\":3,\"at\":" + NOW.toEpochMilli() + "}");
    assertThat(OutboxTables.text(dataSource, "SELECT id || ' ' || job_id || ' ' || client_id || ' ' || seq || ' '"
        + " || type || ' ' || webhook_url || ' ' || (relayed_at IS NULL) FROM events.outbox"))
        .isEqualTo(id + " vid_1 cli_a 3 job.progress https://agent.example/hook true");
    assertThat(OutboxTables.text(dataSource, "SELECT payload->>'progress' FROM events.outbox")).isEqualTo("40");
  }

  @Test
  void shouldSendNeitherRowNorNotificationWhenTheTransactionRollsBack() throws SQLException {
    outbox.jobChanged(writer, change("vid_1", JobStatus.SUCCEEDED, 4));
    writer.rollback();

    assertThat(notifications()).isEmpty();
    assertThat(OutboxTables.count(dataSource, "true")).isZero();
  }

  @Test
  void shouldRefuseToWriteOutsideATransaction() {
    // A bare data source hands out auto-committing connections: the event would leave whatever the change did.
    assertThatThrownBy(() -> outbox.jobChanged(change("vid_1", JobStatus.RUNNING, 1)))
        .isInstanceOf(IllegalStateException.class).hasMessageContaining("inside the transaction");
    assertThatThrownBy(() -> outbox.add("key.revoked", "cli_a", Map.of("keyId", "key_1")))
        .isInstanceOf(IllegalStateException.class);
    assertThat(OutboxTables.count(dataSource, "true")).isZero();
  }

  @Test
  void shouldNameTheEventByTheStatusTheJobReached() throws SQLException {
    outbox.jobChanged(writer, change("vid_1", JobStatus.PENDING, 1));
    outbox.jobChanged(writer, change("vid_1", JobStatus.RUNNING, 2));
    outbox.jobChanged(writer, change("vid_1", JobStatus.FAILED, 3));
    outbox.jobChanged(writer, change("img_2", JobStatus.SUCCEEDED, 1));
    outbox.jobChanged(writer, change("trk_3", JobStatus.CANCELED, 1));
    writer.commit();

    assertThat(OutboxTables.text(dataSource, "SELECT string_agg(type, ',' ORDER BY position) FROM events.outbox"))
        .isEqualTo("job.progress,job.progress,job.failed,job.succeeded,job.canceled");
    assertThat(notifications()).hasSize(5);
  }

  @Test
  void shouldRefuseASecondEventWithTheSameSequenceNumber() throws SQLException {
    outbox.jobChanged(writer, change("vid_1", JobStatus.RUNNING, 2));

    assertThatThrownBy(() -> outbox.jobChanged(writer, change("vid_1", JobStatus.RUNNING, 2)))
        .isInstanceOf(SQLException.class).hasMessageContaining("outbox_job_seq");
  }

  @Test
  void shouldKeepAnEventAboutNoJobWithoutNotifying() throws SQLException {
    var inTransaction = Outbox.of(OutboxTables.boundTo(writer), OutboxTables.TABLE, new ObjectMapper(),
        Clock.fixed(NOW, ZoneOffset.UTC));
    var id = inTransaction.add("key.revoked", "cli_a", Map.of("keyId", "key_1"));
    writer.commit();

    assertThat(notifications()).isEmpty();
    assertThat(OutboxTables.text(dataSource, "SELECT id || ' ' || client_id || ' ' || type || ' ' || payload::text"
        + " || ' ' || (job_id IS NULL AND seq IS NULL AND webhook_url IS NULL) FROM events.outbox"))
        .isEqualTo(id + " cli_a key.revoked {\"keyId\": \"key_1\"} true");
  }

  @Test
  void shouldWriteOnTheConnectionThePoolBindsToTheTransaction() throws SQLException {
    // What the pool does inside @Transactional: every getConnection() is the transaction's one connection.
    var inTransaction = Outbox.of(OutboxTables.boundTo(writer), OutboxTables.TABLE, new ObjectMapper(),
        Clock.fixed(NOW, ZoneOffset.UTC));
    inTransaction.jobChanged(change("pst_1", JobStatus.RUNNING, 1));
    writer.rollback();
    assertThat(OutboxTables.count(dataSource, "true")).isZero();

    inTransaction.jobChanged(change("pst_1", JobStatus.RUNNING, 1));
    writer.commit();
    assertThat(OutboxTables.count(dataSource, "job_id = 'pst_1'")).isEqualTo(1);
    assertThat(notifications()).hasSize(1);
  }

  @Test
  void shouldListAJobsKeptEventsAfterAPositionAndSayWhetherAnyWereLost() throws SQLException {
    for (int seq = 1; seq <= 5; seq++) {
      outbox.jobChanged(writer, change("vid_1", seq == 5 ? JobStatus.SUCCEEDED : JobStatus.RUNNING, seq));
    }
    outbox.jobChanged(writer, change("vid_other", JobStatus.RUNNING, 9));
    writer.commit();

    var log = outbox.eventsAfter("vid_1", 2, 5);
    assertThat(log.complete()).isTrue();
    assertThat(log.data()).extracting(EventLog.Event::seq).containsExactly(3L, 4L, 5L);
    assertThat(log.data().get(2).type()).isEqualTo("job.succeeded");
    assertThat(log.data().get(2).at()).isEqualTo(NOW.toEpochMilli());
    assertThat(log.data().get(2).job().path("status").asText()).isEqualTo("succeeded");
    assertThat(outbox.eventsAfter("vid_1", 5, 5)).isEqualTo(new EventLog(List.of(), true));

    // The job changed again after the caller read its counter: the newer event is listed too.
    assertThat(outbox.eventsAfter("vid_1", 3, 4).data()).extracting(EventLog.Event::seq).containsExactly(4L, 5L);

    // Events 1 and 2 were relayed long ago and deleted: a resume from 0 cannot be told everything.
    OutboxTables.execute(dataSource, "DELETE FROM events.outbox WHERE job_id = 'vid_1' AND seq <= 2");
    assertThat(outbox.eventsAfter("vid_1", 0, 5).complete()).isFalse();
    assertThat(outbox.eventsAfter("vid_1", 2, 5).complete()).isTrue();
    // The job's events are gone, but it had 5: a resume from 3 missed 4 and 5.
    OutboxTables.execute(dataSource, "DELETE FROM events.outbox WHERE job_id = 'vid_1'");
    assertThat(outbox.eventsAfter("vid_1", 3, 5)).isEqualTo(new EventLog(List.of(), false));
  }
}

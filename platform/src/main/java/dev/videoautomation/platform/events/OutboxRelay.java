package dev.videoautomation.platform.events;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

import javax.sql.DataSource;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.quarkus.logging.Log;

import dev.videoautomation.platform.work.WorkQueue;

/**
 * Hands a service's outbox rows to records-service, at least once (docs/internal-api.md §3.17). Every replica runs
 * it ({@link OutboxRelayWorker}): a round claims the oldest unrelayed rows with a lease ({@link WorkQueue}, so two
 * replicas never send the same row at once), sends them in one batch, oldest first, and marks them relayed. A failed
 * send keeps the rows, to be claimed again after {@code retryAfter}; a replica that dies between sending and marking
 * leaves its lease to run out, and the rows are sent again with the same ids, which records ignores the second time.
 *
 * <p>Order: a batch is in the order the rows were written. Two replicas may send different batches at the same time,
 * so across batches events of one job can arrive out of order; the receiver orders a job's events by {@code seq}.
 */
public final class OutboxRelay {
  /** At most this many events per call (docs/internal-api.md §3.17). */
  public static final int BATCH = 50;
  /** At most this many bytes of event data per call, under records' 1 MiB body limit with room for the envelope. */
  static final int BATCH_BYTES = 900 * 1024;
  /** Rounds a single {@link #relayDue()} makes at most, so one call drains a backlog but never runs for ever. */
  private static final int MAX_ROUNDS = 20;
  private static final int PURGE_BATCH = 1000;

  /** Where the events go: records' internal API, or, inside records itself, its own intake. */
  public interface Sink {
    /** Delivers the batch or throws; answering means every event of it is held by the receiver. */
    void deliver(RelayedEvents.Batch batch);
  }

  private final DataSource dataSource;
  private final String table;
  private final Sink sink;
  private final ObjectMapper json;
  private final Duration lease;
  private final Duration retryAfter;
  private final WorkQueue unrelayed;

  public OutboxRelay(DataSource dataSource, String table, Sink sink, ObjectMapper json, Duration lease,
      Duration retryAfter) {
    this.dataSource = Objects.requireNonNull(dataSource);
    this.table = Objects.requireNonNull(table);
    this.sink = Objects.requireNonNull(sink);
    this.json = Objects.requireNonNull(json);
    this.lease = lease;
    this.retryAfter = retryAfter;
    this.unrelayed = WorkQueue.of(dataSource, table, "relayed_at IS NULL", "position", "locked_until");
  }

  /**
   * Sends due rows until none is left, a send fails, or {@value #MAX_ROUNDS} batches went. Answers how many events
   * were relayed. A failure to send is logged and retried later; a database failure is thrown.
   */
  public int relayDue() {
    int relayed = 0;
    for (int round = 0; round < MAX_ROUNDS; round++) {
      var ids = unrelayed.claim(BATCH, lease);
      if (ids.isEmpty()) {
        break;
      }
      var batch = load(ids);
      try {
        sink.deliver(new RelayedEvents.Batch(batch));
      } catch (RuntimeException e) {
        Log.warnf("Relaying %d events from %s failed, retrying in %s: %s", batch.size(), table, retryAfter,
            e.getMessage());
        update("locked_until = now() + make_interval(secs => " + retryAfter.toMillis() / 1000.0 + ")", ids(batch));
        break;
      }
      update("relayed_at = now(), locked_until = NULL", ids(batch));
      relayed += batch.size();
      if (batch.size() < ids.size()) {
        // The rest did not fit in the bytes of one call: free them for the next round rather than wait for the lease.
        update("locked_until = NULL", ids.subList(batch.size(), ids.size()));
      } else if (ids.size() < BATCH) {
        break;
      }
    }
    return relayed;
  }

  /** Deletes events relayed more than {@code keep} ago (a bounded number per call); answers how many. */
  public int purgeRelayed(Duration keep) {
    var sql = "DELETE FROM " + table + " WHERE id IN (SELECT id FROM " + table
        + " WHERE relayed_at < now() - make_interval(secs => ?) LIMIT " + PURGE_BATCH + ")";
    try (var connection = dataSource.getConnection(); var statement = connection.prepareStatement(sql)) {
      statement.setDouble(1, keep.toMillis() / 1000.0);
      return statement.executeUpdate();
    } catch (SQLException e) {
      throw new IllegalStateException("Purging " + table + " failed: " + e.getMessage(), e);
    }
  }

  /** The claimed rows in their order, as many as fit in one call ({@link #BATCH_BYTES}; always at least one). */
  private List<RelayedEvents.Event> load(List<String> ids) {
    var sql = "SELECT id, type, client_id, job_id, seq, webhook_url, created_at, payload::text FROM " + table
        + " WHERE id = ANY (?) ORDER BY position";
    var events = new ArrayList<RelayedEvents.Event>();
    try (var connection = dataSource.getConnection(); var statement = connection.prepareStatement(sql)) {
      statement.setArray(1, connection.createArrayOf("varchar", ids.toArray()));
      long bytes = 0;
      try (var rows = statement.executeQuery()) {
        while (rows.next()) {
          var payload = rows.getString(8);
          bytes += payload.length();
          if (!events.isEmpty() && bytes > BATCH_BYTES) {
            break;
          }
          long seq = rows.getLong(5);
          Long seqOrNull = rows.wasNull() ? null : seq;
          events.add(new RelayedEvents.Event(rows.getString(1), rows.getString(2), rows.getString(3),
              rows.getString(4), seqOrNull, rows.getString(6),
              rows.getObject(7, OffsetDateTime.class).toInstant().toEpochMilli(), json.readTree(payload)));
        }
      }
    } catch (SQLException | JsonProcessingException e) {
      throw new IllegalStateException("Reading " + table + " failed: " + e.getMessage(), e);
    }
    return events;
  }

  private static List<String> ids(List<RelayedEvents.Event> events) {
    return events.stream().map(RelayedEvents.Event::id).toList();
  }

  /** {@code set} is SQL of this class, never input. */
  private void update(String set, List<String> ids) {
    try (Connection connection = dataSource.getConnection();
         var statement = connection.prepareStatement("UPDATE " + table + " SET " + set + " WHERE id = ANY (?)")) {
      statement.setArray(1, connection.createArrayOf("varchar", ids.toArray()));
      statement.executeUpdate();
    } catch (SQLException e) {
      throw new IllegalStateException("Updating " + table + " failed: " + e.getMessage(), e);
    }
  }
}

package dev.videoautomation.platform.events;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Clock;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Objects;

import javax.sql.DataSource;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.videoautomation.platform.ids.IdPrefix;
import dev.videoautomation.platform.ids.Ids;
import dev.videoautomation.platform.jobs.JobNotice;
import dev.videoautomation.platform.jobs.JobStatus;

/**
 * The events a service raises, written to its own schema's {@code outbox} table in the transaction that makes the
 * change (docs/internal-api.md §3.15, §3.17): a change is never committed without its event, and an event never
 * leaves for a change that was rolled back. {@link OutboxRelay} then hands the rows to records-service, and the rows
 * of a job are its event log, which an event stream resumes from ({@link #eventsAfter}).
 *
 * <p>A job change also sends the {@code job_events} notification ({@link JobNotice}) in the same statement, so a
 * waiting gateway hears of it on commit, never before, and never for a rollback.
 *
 * <p>Inside a service, inject the {@code Outbox} (made when {@code platform.events.enabled=true}, for the table
 * {@code platform.events.outbox-table}) and call it inside the {@code @Transactional} method that changes the job:
 * the pool hands the transaction's own connection to {@link DataSource#getConnection()}. The table is SQL written by
 * the service itself, never input. Its DDL is in docs/internal-api.md §3.17.
 */
public final class Outbox {
  private final DataSource dataSource;
  private final String table;
  private final ObjectMapper json;
  private final Clock clock;
  private final String insertSql;
  private final String insertAndNotifySql;
  private final String eventsSql;

  private Outbox(DataSource dataSource, String table, ObjectMapper json, Clock clock) {
    this.dataSource = Objects.requireNonNull(dataSource);
    this.table = Objects.requireNonNull(table);
    this.json = Objects.requireNonNull(json);
    this.clock = Objects.requireNonNull(clock);
    this.insertSql = "INSERT INTO " + table + " (id, job_id, client_id, seq, type, payload, webhook_url, created_at) "
        + "VALUES (?, ?, ?, ?, ?, ?::jsonb, ?, ?) RETURNING id";
    // One statement: the row and the notification cannot part ways, whatever the caller does next.
    this.insertAndNotifySql = "WITH added AS (" + insertSql + ") SELECT pg_notify(?, ?) FROM added";
    this.eventsSql = "SELECT seq, type, created_at, payload::text FROM " + table
        + " WHERE job_id = ? AND seq > ? ORDER BY seq";
  }

  /** The outbox in {@code table} (schema-qualified, e.g. {@code clone.outbox}). */
  public static Outbox of(DataSource dataSource, String table, ObjectMapper json, Clock clock) {
    return new Outbox(dataSource, table, json, clock);
  }

  /**
   * One change of a job: it is now in {@code status} (of docs/jobs.md), the change is number {@code seq} of the job
   * (the job row's event counter, raised in the same transaction), {@code view} is the job view after the change (an
   * object the service's JSON mapper writes as the API does, a Jackson tree, or its JSON text), and
   * {@code webhookUrl} the job's one-off receiver (null when none).
   */
  public record JobChange(String jobId, String clientId, JobStatus status, long seq, Object view, String webhookUrl) {
    public JobChange {
      Objects.requireNonNull(jobId, "jobId");
      Objects.requireNonNull(clientId, "clientId");
      Objects.requireNonNull(status, "status");
      Objects.requireNonNull(view, "view");
      if (seq < 1) {
        throw new IllegalArgumentException("A job's event sequence starts at 1: " + seq);
      }
    }
  }

  /**
   * Records {@code change} as an event of type {@link JobStatus#eventType()} and sends its {@code job_events}
   * notification, both in the caller's transaction. Call it once for every change of a job (its creation included).
   * Answers the event's id ({@code evt_…}, the {@code webhook-id} of every delivery of it).
   *
   * @throws IllegalStateException when there is no transaction (the row and the notification would leave at once,
   *     whatever happens to the change itself)
   */
  public String jobChanged(JobChange change) {
    try (var connection = dataSource.getConnection()) {
      return jobChanged(connection, change);
    } catch (SQLException e) {
      throw new IllegalStateException("Writing to " + table + " failed: " + e.getMessage(), e);
    }
  }

  /** {@link #jobChanged(JobChange)} on {@code connection}, which must be in a transaction. */
  public String jobChanged(Connection connection, JobChange change) throws SQLException {
    requireTransaction(connection);
    var id = Ids.newId(IdPrefix.EVT);
    var at = now();
    var notice = new JobNotice(change.jobId(), change.clientId(), change.status(), change.seq(), at.toInstant()
        .toEpochMilli());
    try (var statement = connection.prepareStatement(insertAndNotifySql)) {
      int next = bindRow(statement, id, change.jobId(), change.clientId(), change.seq(), change.status().eventType(),
          change.view(), change.webhookUrl(), at);
      statement.setString(next++, JobNotice.CHANNEL);
      statement.setString(next, notice.toJson());
      try (var rows = statement.executeQuery()) {
        rows.next();
      }
    }
    return id;
  }

  /**
   * Records an event that is not about a job (e.g. {@code key.revoked} for {@code clientId}, with {@code data} as the
   * event's data), in the caller's transaction. Nothing is notified. Answers the event's id.
   */
  public String add(String type, String clientId, Object data) {
    try (var connection = dataSource.getConnection()) {
      requireTransaction(connection);
      var id = Ids.newId(IdPrefix.EVT);
      try (var statement = connection.prepareStatement(insertSql)) {
        bindRow(statement, id, null, Objects.requireNonNull(clientId), null, Objects.requireNonNull(type), data,
            null, now());
        try (var rows = statement.executeQuery()) {
          rows.next();
        }
      }
      return id;
    } catch (SQLException e) {
      throw new IllegalStateException("Writing to " + table + " failed: " + e.getMessage(), e);
    }
  }

  /**
   * The kept events of {@code jobId} after {@code afterSeq}, oldest first (docs/internal-api.md §3.15).
   * {@code latestSeq} is the job's event counter as the caller just read it: the log is complete when it holds every
   * event from {@code afterSeq + 1} to there; when some were already deleted (24 h after relay) it is not, and the
   * caller sends the job's current state instead.
   */
  public EventLog eventsAfter(String jobId, long afterSeq, long latestSeq) {
    var events = new ArrayList<EventLog.Event>();
    try (var connection = dataSource.getConnection(); var statement = connection.prepareStatement(eventsSql)) {
      statement.setString(1, jobId);
      statement.setLong(2, afterSeq);
      try (var rows = statement.executeQuery()) {
        while (rows.next()) {
          events.add(new EventLog.Event(rows.getLong(1), rows.getString(2),
              rows.getObject(3, OffsetDateTime.class).toInstant().toEpochMilli(), json.readTree(rows.getString(4))));
        }
      }
    } catch (SQLException | JsonProcessingException e) {
      throw new IllegalStateException("Reading " + table + " failed: " + e.getMessage(), e);
    }
    return new EventLog(events, complete(events, afterSeq, latestSeq));
  }

  /** Whether {@code events} run without a gap from {@code afterSeq + 1} to at least {@code latestSeq}. */
  private static boolean complete(java.util.List<EventLog.Event> events, long afterSeq, long latestSeq) {
    long expected = afterSeq + 1;
    for (var event : events) {
      if (event.seq() != expected) {
        return false;
      }
      expected++;
    }
    return expected > latestSeq;
  }

  private int bindRow(java.sql.PreparedStatement statement, String id, String jobId, String clientId, Long seq,
      String type, Object data, String webhookUrl, OffsetDateTime at) throws SQLException {
    statement.setString(1, id);
    statement.setString(2, jobId);
    statement.setString(3, clientId);
    if (seq == null) {
      statement.setNull(4, Types.BIGINT);
    } else {
      statement.setLong(4, seq);
    }
    statement.setString(5, type);
    statement.setString(6, write(data));
    statement.setString(7, webhookUrl);
    statement.setObject(8, at);
    return 9;
  }

  private String write(Object data) {
    try {
      return data instanceof String text ? json.readTree(text).toString() : json.writeValueAsString(data);
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException("The event's data is not JSON: " + e.getOriginalMessage(), e);
    }
  }

  private OffsetDateTime now() {
    // Milliseconds, as every API timestamp is: the stored time reads back as the "at" the notification sent.
    return OffsetDateTime.ofInstant(clock.instant().truncatedTo(ChronoUnit.MILLIS), ZoneOffset.UTC);
  }

  private void requireTransaction(Connection connection) throws SQLException {
    if (connection.getAutoCommit()) {
      throw new IllegalStateException("An event for " + table + " must be written inside the transaction that makes "
          + "the change (call it from a @Transactional method)");
    }
  }
}

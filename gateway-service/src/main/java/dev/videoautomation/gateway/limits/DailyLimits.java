package dev.videoautomation.gateway.limits;

import java.sql.Date;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import javax.sql.DataSource;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import io.quarkus.scheduler.Scheduled;

import dev.videoautomation.platform.limits.LimitBucket;

/**
 * The daily units of design §6, counted in Postgres so that every gateway replica shares one exact count. Units are
 * taken for many waiting calls at once ({@link UnitBatches}): one transaction raises each client's row by what its
 * calls want, never past the limit, and answers the count before and after, so concurrent calls on any replica can
 * never be admitted past the limit. Days are UTC and reset at 00:00.
 */
@ApplicationScoped
public class DailyLimits {
  /** Every wanted row exists before it is counted on; sorted, so concurrent batches wait on each other in one order. */
  private static final String ENSURE_ROWS = """
      INSERT INTO daily_usage (client_id, bucket, day, used)
      SELECT client_id, bucket, ?, 0 FROM unnest(?::text[], ?::text[]) AS wanted(client_id, bucket)
      ORDER BY client_id, bucket
      ON CONFLICT (client_id, bucket, day) DO NOTHING""";
  /**
   * Raises each row by what is wanted, never past its limit (nor lowers one already past a lowered limit), and
   * answers the count before and after: the rows are locked in one order first, so the count before is the one
   * this update starts from, whatever other gateways do at the same time.
   */
  private static final String TAKE = """
      UPDATE daily_usage counted SET used = GREATEST(counted.used, LEAST(counted.used + wanted.n, wanted.lim))
      FROM unnest(?::text[], ?::text[], ?::int[], ?::int[]) AS wanted(client_id, bucket, n, lim),
           (SELECT client_id, bucket, used FROM daily_usage
             WHERE day = ? AND (client_id, bucket) IN (SELECT * FROM unnest(?::text[], ?::text[]))
             ORDER BY client_id, bucket FOR UPDATE) AS before
      WHERE counted.day = ? AND counted.client_id = wanted.client_id AND counted.bucket = wanted.bucket
        AND before.client_id = wanted.client_id AND before.bucket = wanted.bucket
      RETURNING counted.client_id, counted.bucket, before.used, counted.used""";
  private static final String GIVE_BACK = """
      UPDATE daily_usage SET used = used - 1 WHERE client_id = ? AND bucket = ? AND day = ? AND used > 0""";
  private static final String USED = "SELECT bucket, used FROM daily_usage WHERE client_id = ? AND day = ?";
  private static final String FORGET_OLD = "DELETE FROM daily_usage WHERE day < ?";

  private final DataSource database;
  private final Clock clock;

  @Inject
  DailyLimits(DataSource database) {
    this(database, Clock.systemUTC());
  }

  DailyLimits(DataSource database, Clock clock) {
    this.database = database;
    this.clock = clock;
  }

  /** What one call found: admitted or not, the limit, and what is left after it. */
  public record Outcome(boolean admitted, LimitBucket bucket, int limit, int remaining, LocalDate day,
      long resetSeconds) {
  }

  /** {@code count} units of {@code bucket} wanted at once for a client allowed {@code limit} (above 0) a day. */
  public record Want(String clientId, LimitBucket bucket, int count, int limit) {
  }

  /** A client's count of one bucket before and after a {@link #takeAll}: {@code after - before} units were taken. */
  public record Taken(int before, int after) {
    public int granted() {
      return Math.max(0, after - before);
    }
  }

  /**
   * Takes what each want asks for, as far as its limit allows, in one transaction on {@code day}: at most one want
   * per client and bucket. Answers what each row held before and after. Blocking.
   */
  public Map<Want, Taken> takeAll(List<Want> wants, LocalDate day) {
    var sorted = wants.stream().sorted(Comparator.comparing(Want::clientId).thenComparing(w -> w.bucket().name()))
        .toList();
    var clients = sorted.stream().map(Want::clientId).toArray(String[]::new);
    var buckets = sorted.stream().map(w -> w.bucket().bucketName()).toArray(String[]::new);
    var counts = sorted.stream().map(Want::count).toArray(Integer[]::new);
    var limits = sorted.stream().map(Want::limit).toArray(Integer[]::new);
    var byRow = new HashMap<String, Want>();
    sorted.forEach(want -> byRow.put(rowKey(want.clientId(), want.bucket().bucketName()), want));
    var date = Date.valueOf(day);
    try (var connection = database.getConnection()) {
      connection.setAutoCommit(false);
      try (var ensure = connection.prepareStatement(ENSURE_ROWS); var take = connection.prepareStatement(TAKE)) {
        ensure.setDate(1, date);
        ensure.setArray(2, connection.createArrayOf("text", clients));
        ensure.setArray(3, connection.createArrayOf("text", buckets));
        ensure.executeUpdate();
        take.setArray(1, connection.createArrayOf("text", clients));
        take.setArray(2, connection.createArrayOf("text", buckets));
        take.setArray(3, connection.createArrayOf("int4", counts));
        take.setArray(4, connection.createArrayOf("int4", limits));
        take.setDate(5, date);
        take.setArray(6, connection.createArrayOf("text", clients));
        take.setArray(7, connection.createArrayOf("text", buckets));
        take.setDate(8, date);
        var taken = new HashMap<Want, Taken>();
        try (var rows = take.executeQuery()) {
          while (rows.next()) {
            taken.put(byRow.get(rowKey(rows.getString(1), rows.getString(2))),
                new Taken(rows.getInt(3), rows.getInt(4)));
          }
        }
        connection.commit();
        return taken;
      } catch (SQLException e) {
        connection.rollback();
        throw e;
      } finally {
        connection.setAutoCommit(true);
      }
    } catch (SQLException e) {
      throw new IllegalStateException("Could not count calls against their daily limits", e);
    }
  }

  private static String rowKey(String clientId, String bucket) {
    return clientId + '\u0000' + bucket;
  }

  /** Gives a unit back (the owner's answer gave the caller nothing of value, design §3.4). Blocking. */
  public void giveBack(String clientId, LimitBucket bucket, LocalDate day) {
    try (var connection = database.getConnection(); var statement = connection.prepareStatement(GIVE_BACK)) {
      statement.setString(1, clientId);
      statement.setString(2, bucket.bucketName());
      statement.setDate(3, Date.valueOf(day));
      statement.executeUpdate();
    } catch (SQLException e) {
      throw new IllegalStateException("Could not give a unit back", e);
    }
  }

  /** Units taken today per bucket (buckets without a call are absent). Blocking. */
  public Map<LimitBucket, Integer> usedToday(String clientId) {
    var used = new EnumMap<LimitBucket, Integer>(LimitBucket.class);
    try (var connection = database.getConnection(); var statement = connection.prepareStatement(USED)) {
      statement.setString(1, clientId);
      statement.setDate(2, Date.valueOf(today()));
      try (var rows = statement.executeQuery()) {
        while (rows.next()) {
          var bucket = LimitBucket.byName(rows.getString(1));
          if (bucket.isPresent()) {
            used.put(bucket.get(), rows.getInt(2));
          }
        }
      }
    } catch (SQLException e) {
      throw new IllegalStateException("Could not read today's usage", e);
    }
    return used;
  }

  public LocalDate today() {
    return LocalDate.now(clock.withZone(ZoneOffset.UTC));
  }

  /** The next 00:00 UTC. */
  public Instant nextReset() {
    return today().plusDays(1).atStartOfDay(ZoneOffset.UTC).toInstant();
  }

  /** Whole seconds until the next 00:00 UTC, at least 1. */
  public long secondsToReset() {
    return Math.max(1, (long) Math.ceil(Duration.between(clock.instant(), nextReset()).toMillis() / 1000.0));
  }

  /** Yesterday's rows are kept a week for operators; older ones go. */
  @Scheduled(every = "1h", delayed = "1m")
  void forgetOldDays() {
    try (var connection = database.getConnection(); var statement = connection.prepareStatement(FORGET_OLD)) {
      statement.setDate(1, Date.valueOf(today().minusDays(7)));
      statement.executeUpdate();
    } catch (SQLException e) {
      throw new IllegalStateException("Could not delete old usage rows", e);
    }
  }
}

package dev.videoautomation.gateway.limits;

import java.sql.Date;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.EnumMap;
import java.util.Map;

import javax.sql.DataSource;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import io.quarkus.scheduler.Scheduled;

import dev.videoautomation.platform.limits.LimitBucket;

/**
 * The daily units of design §6, counted in Postgres so that every gateway replica shares one exact count. Taking a
 * unit is one conditional upsert: it either raises the count below the limit or changes nothing, so concurrent calls
 * can never be admitted past the limit. Days are UTC and reset at 00:00.
 */
@ApplicationScoped
public class DailyLimits {
  private static final String TAKE = """
      INSERT INTO daily_usage (client_id, bucket, day, used) VALUES (?, ?, ?, 1)
      ON CONFLICT (client_id, bucket, day) DO UPDATE SET used = daily_usage.used + 1
      WHERE daily_usage.used < ?
      RETURNING used""";
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

  /** Takes one unit of {@code bucket} for the client if fewer than {@code limit} were taken today. Blocking. */
  public Outcome take(String clientId, LimitBucket bucket, int limit) {
    var day = today();
    if (limit <= 0) {
      return new Outcome(false, bucket, 0, 0, day, secondsToReset());
    }
    try (var connection = database.getConnection(); var statement = connection.prepareStatement(TAKE)) {
      statement.setString(1, clientId);
      statement.setString(2, bucket.bucketName());
      statement.setDate(3, Date.valueOf(day));
      statement.setInt(4, limit);
      try (var rows = statement.executeQuery()) {
        if (rows.next()) {
          return new Outcome(true, bucket, limit, Math.max(0, limit - rows.getInt(1)), day, secondsToReset());
        }
        return new Outcome(false, bucket, limit, 0, day, secondsToReset());
      }
    } catch (SQLException e) {
      throw new IllegalStateException("Could not count the call against its daily limit", e);
    }
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

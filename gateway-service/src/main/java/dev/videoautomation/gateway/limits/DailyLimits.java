package dev.videoautomation.gateway.limits;

import java.sql.Connection;
import java.sql.Date;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import javax.sql.DataSource;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import io.quarkus.scheduler.Scheduled;

import dev.videoautomation.platform.limits.LimitBucket;

/**
 * The daily units of design §6, counted in Postgres so that every gateway replica shares one exact count, per client
 * and, beside it, per key (issue 32: what each key took today, and a sub-key's own daily cap). Taking a unit is one
 * statement ({@code take_daily_unit}, migration V4): two conditional upserts that raise both counts below their
 * limits or change neither, so concurrent calls can never be admitted past either. Days are UTC and reset at 00:00.
 */
@Singleton
public class DailyLimits {
  private static final String TAKE = "SELECT refused_by, client_used, key_used FROM take_daily_unit(?, ?, ?, ?, ?, ?)";
  private static final String TAKE_ALL = """
      SELECT item, refused_by, client_used, key_used FROM take_daily_units(?, ?, ?, ?, ?, ?)""";
  /** Both counts of a bucket today, read as one snapshot, nothing written (a dry run's peek, issue 32). */
  private static final String PEEK = """
      SELECT (SELECT used FROM daily_usage WHERE client_id = ? AND bucket = ? AND day = ?),
             (SELECT used FROM key_daily_usage WHERE key_id = ? AND bucket = ? AND day = ?)""";
  private static final String GIVE_BACK = "SELECT give_back_daily_unit(?, ?, ?, ?)";
  private static final String USED = "SELECT bucket, used FROM daily_usage WHERE client_id = ? AND day = ?";
  private static final String KEY_USED = "SELECT bucket, used FROM key_daily_usage WHERE key_id = ? AND day = ?";
  private static final String KEYS_USED = """
      SELECT key_id, bucket, used FROM key_daily_usage WHERE client_id = ? AND day = ? AND used > 0
      ORDER BY key_id, bucket""";
  private static final String FORGET_OLD = "DELETE FROM daily_usage WHERE day < ?";
  private static final String FORGET_OLD_KEYS = "DELETE FROM key_daily_usage WHERE day < ?";

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

  /**
   * What one call found: admitted or not, the client's limit and what is left of it after the call, and, for a key
   * with a daily cap of its own in the bucket, the same for the key ({@code keyCap} null otherwise). {@code refusedBy}
   * says which count refused the call (null when admitted).
   */
  public record Outcome(boolean admitted, LimitBucket bucket, int limit, int remaining, LocalDate day,
      long resetSeconds, Integer keyCap, int keyRemaining, Refusal refusedBy) {
    /** Whether the key's own cap, not the client's limit, is what the caller runs into first. */
    public boolean keyBinds() {
      return refusedBy == Refusal.KEY || refusedBy == null && keyCap != null && keyRemaining < remaining;
    }
  }

  /** Which count refused a unit. */
  public enum Refusal {
    CLIENT, KEY
  }

  /**
   * One call's unit to take: {@code limit} the client's daily limit in {@code bucket}, {@code keyCap} the key's own
   * (null: none).
   */
  public record Take(String clientId, String keyId, LimitBucket bucket, int limit, Integer keyCap) {
    /** Refused without asking the database: a limit of zero leaves nothing to take. */
    boolean refusedOutright() {
      return limit <= 0 || keyCap != null && keyCap <= 0;
    }
  }

  /**
   * Takes one unit of {@code bucket} for the client and for its key together, if fewer than {@code limit} were taken
   * by the client and fewer than {@code keyCap} (null: no cap of its own) by the key today; else neither. Blocking.
   */
  public Outcome take(String clientId, String keyId, LimitBucket bucket, int limit, Integer keyCap) {
    return takeAll(List.of(new Take(clientId, keyId, bucket, limit, keyCap))).getFirst();
  }

  /**
   * Takes the unit of every call in {@code takes} in one statement and one commit, each judged as {@link #take}
   * judges it alone, after those before it: the outcomes in the same order. The calls must be of distinct clients,
   * sorted by client id ({@link UnitBatches} sends them so), which keeps concurrent batches from deadlocking.
   * Blocking.
   */
  public List<Outcome> takeAll(List<Take> takes) {
    var day = today();
    var resetSeconds = secondsToReset();
    var outcomes = new Outcome[takes.size()];
    var asked = new ArrayList<Integer>(takes.size());
    for (int i = 0; i < takes.size(); i++) {
      var take = takes.get(i);
      if (take.refusedOutright()) {
        var refusal = take.limit() <= 0 ? Refusal.CLIENT : Refusal.KEY;
        outcomes[i] = new Outcome(false, take.bucket(), Math.max(0, take.limit()), 0, day, resetSeconds,
            take.keyCap(), 0, refusal);
      } else {
        asked.add(i);
      }
    }
    if (asked.isEmpty()) {
      return Arrays.asList(outcomes);
    }
    try (var connection = database.getConnection()) {
      if (asked.size() == 1) {
        var index = asked.getFirst();
        outcomes[index] = takeOne(connection, takes.get(index), day, resetSeconds);
      } else {
        takeMany(connection, takes, asked, day, resetSeconds, outcomes);
      }
    } catch (SQLException e) {
      throw new IllegalStateException("Could not count the call against its daily limit", e);
    }
    return Arrays.asList(outcomes);
  }

  private static Outcome takeOne(Connection connection, Take take, LocalDate day, long resetSeconds)
      throws SQLException {
    try (var statement = connection.prepareStatement(TAKE)) {
      statement.setString(1, take.clientId());
      statement.setString(2, take.keyId());
      statement.setString(3, take.bucket().bucketName());
      statement.setDate(4, Date.valueOf(day));
      statement.setInt(5, take.limit());
      if (take.keyCap() == null) {
        statement.setNull(6, Types.INTEGER);
      } else {
        statement.setInt(6, take.keyCap());
      }
      try (var rows = statement.executeQuery()) {
        rows.next();
        return outcome(take, rows.getString(1), rows.getInt(2), rows.getInt(3), day, resetSeconds);
      }
    }
  }

  private static void takeMany(Connection connection, List<Take> takes, List<Integer> asked, LocalDate day,
      long resetSeconds, Outcome[] outcomes) throws SQLException {
    var clients = new String[asked.size()];
    var keys = new String[asked.size()];
    var buckets = new String[asked.size()];
    var limits = new Integer[asked.size()];
    var keyCaps = new Integer[asked.size()];
    for (int i = 0; i < asked.size(); i++) {
      var take = takes.get(asked.get(i));
      clients[i] = take.clientId();
      keys[i] = take.keyId();
      buckets[i] = take.bucket().bucketName();
      limits[i] = take.limit();
      keyCaps[i] = take.keyCap();
    }
    try (var statement = connection.prepareStatement(TAKE_ALL)) {
      statement.setArray(1, connection.createArrayOf("text", clients));
      statement.setArray(2, connection.createArrayOf("text", keys));
      statement.setArray(3, connection.createArrayOf("text", buckets));
      statement.setDate(4, Date.valueOf(day));
      statement.setArray(5, connection.createArrayOf("int4", limits));
      statement.setArray(6, connection.createArrayOf("int4", keyCaps));
      try (var rows = statement.executeQuery()) {
        while (rows.next()) {
          var index = asked.get(rows.getInt(1) - 1);
          outcomes[index] = outcome(takes.get(index), rows.getString(2), rows.getInt(3), rows.getInt(4), day,
              resetSeconds);
        }
      }
    }
  }

  private static Outcome outcome(Take take, String refusedBy, int clientUsed, int keyUsed, LocalDate day,
      long resetSeconds) {
    var remaining = Math.max(0, take.limit() - clientUsed);
    var keyRemaining = take.keyCap() == null ? 0 : Math.max(0, take.keyCap() - keyUsed);
    var refusal = refusedBy == null ? null : "key".equals(refusedBy) ? Refusal.KEY : Refusal.CLIENT;
    return new Outcome(refusal == null, take.bucket(), take.limit(), remaining, day, resetSeconds, take.keyCap(),
        keyRemaining, refusal);
  }

  /**
   * What {@link #take} would find now, with nothing taken (a dry run, issue 32): {@code remaining} and
   * {@code keyRemaining} are the units left before the call; {@code admitted} whether a unit is there for it in both
   * counts, and otherwise {@code refusedBy} the count the real call would meet first (the key's, as
   * {@code take_daily_unit} judges it first). A peek and a take that run at once may both see the last unit: a dry
   * run promises nothing. Blocking.
   */
  public Outcome peek(String clientId, String keyId, LimitBucket bucket, int limit, Integer keyCap) {
    var day = today();
    int clientUsed;
    int keyUsed;
    try (var connection = database.getConnection(); var statement = connection.prepareStatement(PEEK)) {
      statement.setString(1, clientId);
      statement.setString(2, bucket.bucketName());
      statement.setDate(3, Date.valueOf(day));
      statement.setString(4, keyId);
      statement.setString(5, bucket.bucketName());
      statement.setDate(6, Date.valueOf(day));
      try (var rows = statement.executeQuery()) {
        rows.next();
        clientUsed = rows.getInt(1);
        keyUsed = rows.getInt(2);
      }
    } catch (SQLException e) {
      throw new IllegalStateException("Could not read the call's daily limit", e);
    }
    var remaining = Math.max(0, limit - clientUsed);
    var keyRemaining = keyCap == null ? 0 : Math.max(0, keyCap - keyUsed);
    var refusal = keyCap != null && keyRemaining == 0 ? Refusal.KEY : remaining == 0 ? Refusal.CLIENT : null;
    return new Outcome(refusal == null, bucket, Math.max(0, limit), remaining, day, secondsToReset(), keyCap,
        keyRemaining, refusal);
  }

  /**
   * Gives a unit back to the client and its key (the owner's answer gave the caller nothing of value, design §3.4).
   * Blocking.
   */
  public void giveBack(String clientId, String keyId, LimitBucket bucket, LocalDate day) {
    try (var connection = database.getConnection(); var statement = connection.prepareStatement(GIVE_BACK)) {
      statement.setString(1, clientId);
      statement.setString(2, keyId);
      statement.setString(3, bucket.bucketName());
      statement.setDate(4, Date.valueOf(day));
      statement.execute();
    } catch (SQLException e) {
      throw new IllegalStateException("Could not give a unit back", e);
    }
  }

  /** Units the client took today per bucket (buckets without a call are absent). Blocking. */
  public Map<LimitBucket, Integer> usedToday(String clientId) {
    return usedToday(USED, clientId);
  }

  /** Units one key took today per bucket (buckets without a call are absent). Blocking. */
  public Map<LimitBucket, Integer> usedTodayByKey(String keyId) {
    return usedToday(KEY_USED, keyId);
  }

  /** Units each key of the client took today: keyId → bucket name → units (keys without a unit are absent). */
  public Map<String, Map<String, Integer>> usedTodayByKeys(String clientId) {
    var used = new LinkedHashMap<String, Map<String, Integer>>();
    try (var connection = database.getConnection(); var statement = connection.prepareStatement(KEYS_USED)) {
      statement.setString(1, clientId);
      statement.setDate(2, Date.valueOf(today()));
      try (var rows = statement.executeQuery()) {
        while (rows.next()) {
          used.computeIfAbsent(rows.getString(1), key -> new LinkedHashMap<>()).put(rows.getString(2),
              rows.getInt(3));
        }
      }
    } catch (SQLException e) {
      throw new IllegalStateException("Could not read today's usage per key", e);
    }
    return used;
  }

  private Map<LimitBucket, Integer> usedToday(String query, String id) {
    var used = new EnumMap<LimitBucket, Integer>(LimitBucket.class);
    try (var connection = database.getConnection(); var statement = connection.prepareStatement(query)) {
      statement.setString(1, id);
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
    for (var forget : new String[] {FORGET_OLD, FORGET_OLD_KEYS}) {
      try (var connection = database.getConnection(); var statement = connection.prepareStatement(forget)) {
        statement.setDate(1, Date.valueOf(today().minusDays(7)));
        statement.executeUpdate();
      } catch (SQLException e) {
        throw new IllegalStateException("Could not delete old usage rows", e);
      }
    }
  }
}

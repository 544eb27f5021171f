package dev.videoautomation.suite.bench;

import java.sql.Connection;
import java.sql.Date;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;

import dev.videoautomation.suite.DatabaseAddress;

/**
 * The bare-upsert row of {@code bench/gateway/run.sh} (issue 34): what the database alone asks of a metered call, the
 * floor the metered POSTs are measured against. The statement is the client-row upsert of the gateway's
 * {@code take_daily_unit} (migration V4), on a copy of {@code gateway.daily_usage} (same columns, key and indexes) in
 * the same embedded PostgreSQL, so the gateway's counts are left alone. Plain JDBC with the gateway's driver
 * (pgjdbc), autocommit, one connection per caller as the gateway's pool hands out: the same client and commit per
 * call as the gateway's metering, so the ratio shows what the gateway adds around the database, not a difference of
 * client libraries. Every call raises a count (no limit is reached), as every metered call through the gateway writes.
 */
final class UpsertBench {
  private static final String CREATE = """
      CREATE SCHEMA IF NOT EXISTS bench_upsert;
      DROP TABLE IF EXISTS bench_upsert.daily_usage;
      CREATE TABLE bench_upsert.daily_usage (LIKE gateway.daily_usage INCLUDING ALL)""";
  private static final String UPSERT = """
      INSERT INTO bench_upsert.daily_usage AS d (client_id, bucket, day, used) VALUES (?, ?, ?, 1)
      ON CONFLICT (client_id, bucket, day) DO UPDATE SET used = d.used + 1 WHERE d.used < ?""";

  private UpsertBench() {
  }

  /**
   * Runs the upsert from {@code connections} callers at once, each call on the row of one of {@code clients}
   * clients in turn, for {@code warmSeconds} unmeasured and then {@code seconds} measured.
   */
  static GatewayBench.Run run(DatabaseAddress address, int connections, int clients, int warmSeconds, int seconds)
      throws Exception {
    try (var connection = connect(address); var statement = connection.createStatement()) {
      statement.execute(CREATE);
    }
    drive(address, connections, clients, warmSeconds);
    return drive(address, connections, clients, seconds);
  }

  private static GatewayBench.Run drive(DatabaseAddress address, int connections, int clients, int seconds)
      throws Exception {
    var next = new AtomicLong();
    var day = Date.valueOf(LocalDate.now(ZoneOffset.UTC));
    var ready = new CountDownLatch(connections);
    var go = new CountDownLatch(1);
    var latencies = Collections.synchronizedList(new ArrayList<long[]>());
    var failures = new AtomicLong();
    var threads = new ArrayList<Thread>();
    var deadline = new AtomicLong();
    for (int t = 0; t < connections; t++) {
      var samples = new long[1 << 16];
      latencies.add(samples);
      int index = t;
      threads.add(Thread.ofPlatform().start(() -> {
        Connection connection = null;
        try {
          connection = connect(address);
        } catch (SQLException e) {
          failures.incrementAndGet();
          System.err.println("Upsert caller could not connect: " + e);
        } finally {
          ready.countDown();
        }
        if (connection == null) {
          latencies.set(index, new long[0]);
          return;
        }
        try (var open = connection; var upsert = open.prepareStatement(UPSERT)) {
          upsert.setString(2, "scrape");
          upsert.setDate(3, day);
          upsert.setInt(4, Integer.MAX_VALUE);
          go.await();
          var own = samples;
          int n = 0;
          while (System.nanoTime() < deadline.get()) {
            upsert.setString(1, "bench-client-" + next.getAndIncrement() % clients);
            var started = System.nanoTime();
            upsert.executeUpdate();
            var took = System.nanoTime() - started;
            if (n == own.length) {
              own = Arrays.copyOf(own, n * 2);
            }
            own[n++] = took;
          }
          latencies.set(index, Arrays.copyOf(own, n));
        } catch (SQLException | InterruptedException e) {
          failures.incrementAndGet();
          latencies.set(index, new long[0]);
          System.err.println("Upsert caller failed: " + e);
        }
      }));
    }
    ready.await();
    var started = System.nanoTime();
    deadline.set(started + seconds * 1_000_000_000L);
    go.countDown();
    for (var thread : threads) {
      thread.join();
    }
    var elapsed = (System.nanoTime() - started) / 1e9;
    if (failures.get() > 0) {
      throw new IllegalStateException(failures.get() + " upsert callers failed");
    }
    var all = merge(latencies);
    return new GatewayBench.Run(percentile(all, 0.50), percentile(all, 0.99), all.length / elapsed, all.length, 0);
  }

  private static long[] merge(List<long[]> parts) {
    var all = new long[parts.stream().mapToInt(part -> part.length).sum()];
    int at = 0;
    for (var part : parts) {
      System.arraycopy(part, 0, all, at, part.length);
      at += part.length;
    }
    Arrays.sort(all);
    return all;
  }

  /** The latency at {@code rank} (0.5, 0.99) in milliseconds: the nearest-rank value, as wrk reports it. */
  private static double percentile(long[] sorted, double rank) {
    if (sorted.length == 0) {
      throw new IllegalStateException("No upsert completed");
    }
    var index = Math.min(sorted.length - 1, (int) Math.ceil(rank * sorted.length) - 1);
    return sorted[Math.max(0, index)] / 1e6;
  }

  private static Connection connect(DatabaseAddress address) throws SQLException {
    return DriverManager.getConnection(address.jdbcUrl(), address.username(), address.password());
  }
}

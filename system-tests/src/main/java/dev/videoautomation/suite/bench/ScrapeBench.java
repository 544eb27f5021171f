package dev.videoautomation.suite.bench;

import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpServer;

import dev.videoautomation.suite.LocalDatabase;
import dev.videoautomation.suite.Service;
import dev.videoautomation.suite.Suite;

/**
 * {@code bench/scrape/run.sh}: how long {@code download_media} takes to stage 20 files that each take 500 ms to
 * arrive. A small Vert.x server on loopback plays the scraping provider (a profile whose answer names 20 images)
 * and the slow file host, counting how many file requests are in flight at once. Writes its section of
 * docs/benchmarks.md.
 */
public final class ScrapeBench {
  private static final String OPERATOR_TOKEN = "bench-" + UUID.randomUUID();
  private static final int FILES = 20;
  private static final long FILE_DELAY_MILLIS = 500;

  private ScrapeBench() {
  }

  public static void main(String[] args) throws Exception {
    var root = Path.of(System.getProperty("suite.root", ".")).toAbsolutePath().normalize();
    var dataDir = Files.createTempDirectory("vas-scrape-bench");
    var image = dataDir.resolve("image.jpg");
    var ffmpeg = new ProcessBuilder("ffmpeg", "-nostdin", "-y", "-loglevel", "error", "-f", "lavfi", "-i",
        "testsrc2=size=320x240", "-frames:v", "1", image.toString()).inheritIO().start();
    if (ffmpeg.waitFor() != 0) {
      throw new IllegalStateException("ffmpeg could not make the test image");
    }
    var vertx = Vertx.vertx();
    var inFlight = new AtomicInteger();
    var peak = new AtomicInteger();
    var served = new AtomicInteger();
    var provider = startProvider(vertx, Buffer.buffer(Files.readAllBytes(image)), inFlight, peak, served);
    var providerUri = "http://127.0.0.1:" + provider.actualPort();
    try (var database = LocalDatabase.start(dataDir.resolve("postgres"), BenchSupport.freePort())) {
      var suite = Suite.builder(root, dataDir, database.address()).freePorts()
          .javaOptions(List.of("-Xmx512m"))
          .env(Service.BILLING, "BILLING_ADMIN_OPERATOR_TOKEN", OPERATOR_TOKEN)
          .env(Service.SCRAPE, "SCRAPE_PROVIDER_BASE_URL", providerUri)
          .env(Service.SCRAPE, "SCRAPE_PROVIDER_API_KEY", "bench-key")
          .env(Service.SCRAPE, "SCRAPE_CACHE_TTL", "PT0S")
          // The stand-in file host is on loopback, which media may fetch only in tests and benchmarks.
          .env(Service.MEDIA, "PLATFORM_URL_GUARD_ALLOW_LOOPBACK", "true")
          .build();
      try (suite) {
        System.out.println("Starting the suite ...");
        suite.start();
        var gateway = suite.baseUri(Service.GATEWAY);
        var key = BenchSupport.subscribedKeys(suite, 1, OPERATOR_TOKEN).getFirst();

        System.out.println("Warming up ...");
        scrape(gateway, key, false);
        scrape(gateway, key, true);
        var plain = scrape(gateway, key, false);
        peak.set(0);
        served.set(0);
        System.out.println("Measuring ...");
        var staged = scrape(gateway, key, true);
        var report = String.format(Locale.ROOT, """
            ## Scrape staging (issue 7)

            Command: `bench/scrape/run.sh`. Machine: this development machine (2 cores, 24 GiB), the packaged JVM
            services with `-Xmx512m`. A Vert.x server on loopback plays the provider: a profile answer naming %d
            images, each of which takes %d ms to arrive.

            | call | time |
            |---|---|
            | `POST /v1/scrape/shortvideo/profile` without `download_media` | %.2f s |
            | the same with `download_media: true` (%d files staged) | %.2f s |

            One after another the files alone would take %.1f s; staging ran up to %d file requests at once
            (`SCRAPE_STAGING_CONCURRENCY`, default 8), so the call took %.1f× the time of one file plus the scrape.
            """, FILES, FILE_DELAY_MILLIS, plain.seconds, staged.staged, staged.seconds,
            FILES * FILE_DELAY_MILLIS / 1000.0, peak.get(), (staged.seconds - plain.seconds) * 1000 / FILE_DELAY_MILLIS);
        if (served.get() < FILES || staged.staged != FILES) {
          throw new IllegalStateException("expected " + FILES + " files staged, the host served " + served.get()
              + " and meta.staged says " + staged.staged);
        }
        System.out.println(report);
        BenchSupport.writeSection(root, "scrape", report);
        System.out.println("Written to docs/benchmarks.md");
      }
    } finally {
      provider.close().toCompletionStage().toCompletableFuture().get(5, TimeUnit.SECONDS);
      vertx.close();
    }
  }

  private record Result(double seconds, int staged) {
  }

  private static Result scrape(URI gateway, String key, boolean downloadMedia) throws Exception {
    var started = System.nanoTime();
    var response = BenchSupport.HTTP.send(HttpRequest.newBuilder(gateway.resolve("/v1/scrape/shortvideo/profile"))
        .header("Authorization", "Bearer " + key).header("Content-Type", "application/json")
        .POST(HttpRequest.BodyPublishers.ofString("{\"handle\":\"bench\",\"download_media\":" + downloadMedia + "}"))
        .build(), HttpResponse.BodyHandlers.ofString());
    var seconds = (System.nanoTime() - started) / 1e9;
    if (response.statusCode() != 200) {
      throw new IllegalStateException("scrape answered " + response.statusCode() + ": " + response.body());
    }
    var staged = BenchSupport.JSON.readTree(response.body()).path("meta").path("staged").asInt(0);
    return new Result(seconds, staged);
  }

  /** The provider's profile answer names {@link #FILES} images on this same server, each sent after a delay. */
  private static HttpServer startProvider(Vertx vertx, Buffer image, AtomicInteger inFlight, AtomicInteger peak,
      AtomicInteger served) throws Exception {
    return vertx.createHttpServer().requestHandler(request -> {
      var path = request.path();
      if (path.startsWith("/files/")) {
        peak.accumulateAndGet(inFlight.incrementAndGet(), Math::max);
        vertx.setTimer(FILE_DELAY_MILLIS, timer -> {
          inFlight.decrementAndGet();
          served.incrementAndGet();
          request.response().putHeader("Content-Type", "image/jpeg").end(image);
        });
        return;
      }
      var base = "http://127.0.0.1:" + request.localAddress().port();
      var images = new StringBuilder();
      for (int i = 0; i < FILES; i++) {
        images.append(i == 0 ? "" : ",").append("{\"cover\":\"").append(base).append("/files/").append(i)
            .append("-").append(System.nanoTime()).append(".jpg\"}");
      }
      request.response().putHeader("Content-Type", "application/json")
          .end("{\"user\":{\"uniqueId\":\"bench\",\"avatarLarger\":null},\"itemList\":[" + images + "]}");
    }).listen(0, "127.0.0.1").toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
  }
}

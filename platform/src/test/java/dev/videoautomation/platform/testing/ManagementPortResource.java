package dev.videoautomation.platform.testing;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;

/**
 * Puts the management interface (health, metrics) of the application under test on a free port, for
 * {@code @QuarkusTest} and the packaged application of {@code @QuarkusIntegrationTest} alike (the latter would
 * otherwise take the service's fixed local port), and injects its base URI into a field marked
 * {@link InjectManagementUri}.
 */
public class ManagementPortResource implements QuarkusTestResourceLifecycleManager {
  /**
   * Ports are drawn below Linux's ephemeral range (32768 and up): a port the kernel handed out for a bind to port 0
   * is free again once probed, and the application's own HTTP server, bound to port 0 at the same moment, was seen
   * to get it first.
   */
  private static final int LOWEST = 20_000;
  private static final int BELOW = 32_768;

  private int port;

  @Override
  public Map<String, String> start() {
    port = freePort();
    return Map.of("quarkus.management.port", String.valueOf(port),
        "quarkus.management.test-port", String.valueOf(port));
  }

  private static int freePort() {
    var random = ThreadLocalRandom.current();
    for (int attempt = 0; attempt < 50; attempt++) {
      var candidate = random.nextInt(LOWEST, BELOW);
      try (var socket = new ServerSocket(candidate)) {
        return socket.getLocalPort();
      } catch (IOException taken) {
        // in use: draw again
      }
    }
    throw new IllegalStateException("No free port between " + LOWEST + " and " + BELOW + " after 50 draws");
  }

  @Override
  public void inject(TestInjector injector) {
    injector.injectIntoFields(URI.create("http://localhost:" + port),
        new TestInjector.AnnotatedAndMatchesType(InjectManagementUri.class, URI.class));
  }

  @Override
  public void stop() {
    // Nothing to release: the application frees the port when it stops.
  }
}

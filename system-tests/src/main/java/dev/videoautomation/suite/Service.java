package dev.videoautomation.suite;

import java.util.Locale;

/**
 * The seven services, their modules and the fixed ports of a local run (design §2): the API port and the management
 * port (health and metrics), as each service's application.properties sets them.
 */
public enum Service {
  GATEWAY(8080, 9080), AUTH(8081, 9081), BILLING(8082, 9082), SCRAPE(8083, 9083), MEDIA(8084, 9084),
  CLONE(8085, 9085), RECORDS(8086, 9086);

  private final int localPort;
  private final int localManagementPort;

  Service(int localPort, int localManagementPort) {
    this.localPort = localPort;
    this.localManagementPort = localManagementPort;
  }

  /** The Maven module, e.g. {@code auth-service}. */
  public String module() {
    return name().toLowerCase(Locale.ROOT) + "-service";
  }

  /** The port of a local run; tests use free ports instead. */
  public int localPort() {
    return localPort;
  }

  /** The management port of a local run (each service's {@code quarkus.management.port}); tests use free ports. */
  public int localManagementPort() {
    return localManagementPort;
  }

  /** The gateway's {@code GATEWAY_OWNERS_<NAME>} variable pointing at this service. */
  public String ownerVariable() {
    return "GATEWAY_OWNERS_" + name();
  }
}

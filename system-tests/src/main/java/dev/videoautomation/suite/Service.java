package dev.videoautomation.suite;

import java.util.Locale;

/** The seven services, their modules and the fixed ports of a local run (design §2). */
public enum Service {
  GATEWAY(8080), AUTH(8081), BILLING(8082), SCRAPE(8083), MEDIA(8084), CLONE(8085), RECORDS(8086);

  private final int localPort;

  Service(int localPort) {
    this.localPort = localPort;
  }

  /** The Maven module, e.g. {@code auth-service}. */
  public String module() {
    return name().toLowerCase(Locale.ROOT) + "-service";
  }

  /** The port of a local run; tests use free ports instead. */
  public int localPort() {
    return localPort;
  }

  /** The gateway's {@code GATEWAY_OWNERS_<NAME>} variable pointing at this service. */
  public String ownerVariable() {
    return "GATEWAY_OWNERS_" + name();
  }
}

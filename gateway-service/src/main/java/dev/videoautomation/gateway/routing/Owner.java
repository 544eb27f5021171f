package dev.videoautomation.gateway.routing;

import java.util.Locale;

/** The service that answers a path (design §2). {@link #GATEWAY} paths are answered by the gateway itself. */
public enum Owner {
  GATEWAY, AUTH, BILLING, SCRAPE, MEDIA, CLONE, RECORDS;

  /** The key under {@code gateway.owners.*} that holds this owner's base URL. */
  public String configName() {
    return name().toLowerCase(Locale.ROOT);
  }
}

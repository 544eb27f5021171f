package dev.videoautomation.platform.urls;

import java.net.InetAddress;
import java.net.URI;
import java.util.List;

/**
 * A URL the {@link UrlGuard} accepted: the parsed URI, its normalised host (lower case, no brackets, no trailing dot),
 * the effective port, and every address the host resolved to, each of them judged public. Connect only to these.
 */
public record CheckedUrl(URI uri, String host, int port, List<InetAddress> addresses) {
  public CheckedUrl {
    addresses = List.copyOf(addresses);
  }

  public String scheme() {
    return uri.getScheme().toLowerCase(java.util.Locale.ROOT);
  }
}

package dev.videoautomation.platform.urls;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import org.apache.hc.client5.http.DnsResolver;

/** Answers only with the addresses the guard checked; any other host is unknown. */
final class PinnedResolver implements DnsResolver {
  private final Map<String, List<InetAddress>> pinned = new ConcurrentHashMap<>();

  void pin(CheckedUrl url) {
    pinned.put(url.host(), url.addresses());
  }

  @Override
  public InetAddress[] resolve(String host) throws UnknownHostException {
    var key = normalise(host);
    var addresses = pinned.get(key);
    if (addresses != null) {
      return addresses.toArray(InetAddress[]::new);
    }
    // An IP literal spelled differently from the checked URL (e.g. a compressed IPv6) is still fine if checked.
    for (var list : pinned.values()) {
      for (var address : list) {
        if (address.getHostAddress().equalsIgnoreCase(key)) {
          return new InetAddress[] {address};
        }
      }
    }
    throw new UnknownHostException(host + " was not checked by the URL guard");
  }

  @Override
  public String resolveCanonicalHostname(String host) throws UnknownHostException {
    resolve(host);
    return host;
  }

  private static String normalise(String host) {
    var key = host.toLowerCase(Locale.ROOT);
    if (key.startsWith("[") && key.endsWith("]")) {
      key = key.substring(1, key.length() - 1);
    }
    if (key.endsWith(".")) {
      key = key.substring(0, key.length() - 1);
    }
    return key;
  }
}

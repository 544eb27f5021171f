package dev.videoautomation.platform.urls;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.List;

/**
 * Turns a host name into the addresses the {@link UrlGuard} then judges. The guard resolves once and the
 * {@link GuardedFetcher} connects only to what was resolved here, so this is the suite's single DNS lookup for an
 * outside URL. Tests plug in a map so that names never reach real DNS.
 */
@FunctionalInterface
public interface HostResolver {
  /** The system resolver: {@link InetAddress#getAllByName(String)}. */
  HostResolver SYSTEM = host -> List.of(InetAddress.getAllByName(host));

  /** Every address of {@code host}; an empty list or {@link UnknownHostException} when it has none. */
  List<InetAddress> resolve(String host) throws UnknownHostException;
}

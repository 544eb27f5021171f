package dev.videoautomation.platform.urls;

import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A {@link HostResolver} from a map: names never reach real DNS, and unknown names are unresolvable. Services' tests
 * make {@link #offline()} their {@code HostResolver} bean so that the URL guard checks names without a lookup.
 */
public final class TestResolver implements HostResolver {
  /**
   * A public address (IANA's, behind example.com) that the names {@link #offline()} knows resolve to. Tests never
   * connect to it: URLs on those names are only handed to providers simulated on loopback, or refused.
   */
  public static final String PUBLIC = "93.184.215.14";

  private final Map<String, List<InetAddress>> names = new HashMap<>();
  private final Map<String, List<InetAddress>> domains = new HashMap<>();

  /**
   * {@code localhost} is 127.0.0.1 only (where WireMock listens); the RFC 2606 example domains and their subdomains
   * are {@link #PUBLIC}; every other name is unresolvable until a test maps it.
   */
  public static TestResolver offline() {
    var resolver = new TestResolver().map("localhost", "127.0.0.1");
    for (var domain : List.of("example", "example.com", "example.net", "example.org")) {
      resolver.domain(domain, PUBLIC);
    }
    return resolver;
  }

  /**
   * A resolver for which every lookup fails, as in a cluster that reaches the outside only through an egress proxy
   * and so has no outside DNS: URLs the suite only hands on must still pass, fetched ones are unresolvable.
   */
  public static TestResolver noDns() {
    return new TestResolver();
  }

  public TestResolver map(String name, String... literals) {
    names.put(name, java.util.Arrays.stream(literals).map(TestResolver::ip).toList());
    return this;
  }

  public TestResolver map(String name, InetAddress... addresses) {
    names.put(name, List.of(addresses));
    return this;
  }

  /** {@code domain} and every name under it resolve to {@code literals}. */
  public TestResolver domain(String domain, String... literals) {
    domains.put(domain.toLowerCase(Locale.ROOT), java.util.Arrays.stream(literals).map(TestResolver::ip).toList());
    return this;
  }

  @Override
  public List<InetAddress> resolve(String host) throws UnknownHostException {
    var addresses = names.get(host);
    for (var name = host.toLowerCase(Locale.ROOT); addresses == null && name != null; name = parent(name)) {
      addresses = domains.get(name);
    }
    if (addresses == null) {
      throw new UnknownHostException(host + " is not in the test resolver");
    }
    return addresses;
  }

  private static String parent(String name) {
    int dot = name.indexOf('.');
    return dot < 0 ? null : name.substring(dot + 1);
  }

  /** An IP literal parsed without any lookup (getByName never looks up a literal). */
  public static InetAddress ip(String literal) {
    if (!literal.matches("[0-9a-fA-F:.]+")) {
      throw new IllegalArgumentException("not a literal: " + literal);
    }
    try {
      return InetAddress.getByName(literal.contains(":") ? "[" + literal + "]" : literal);
    } catch (UnknownHostException e) {
      throw new IllegalArgumentException(e);
    }
  }

  /** A 16-byte IPv6 address kept as IPv6 even when it is IPv4-mapped (InetAddress would turn that into IPv4). */
  static InetAddress ipv6(String literal) {
    try {
      var v4OrV6 = InetAddress.getByName("[" + literal + "]").getAddress();
      var bytes = v4OrV6;
      if (v4OrV6.length == 4) {
        bytes = new byte[16];
        bytes[10] = (byte) 0xff;
        bytes[11] = (byte) 0xff;
        System.arraycopy(v4OrV6, 0, bytes, 12, 4);
      }
      return Inet6Address.getByAddress(null, bytes, -1);
    } catch (UnknownHostException e) {
      throw new IllegalArgumentException(e);
    }
  }
}

package dev.videoautomation.platform.urls;

import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** A {@link HostResolver} from a map: names never reach real DNS, and unknown names are unresolvable. */
final class TestResolver implements HostResolver {
  private final Map<String, List<InetAddress>> names = new HashMap<>();

  TestResolver map(String name, String... literals) {
    names.put(name, java.util.Arrays.stream(literals).map(TestResolver::ip).toList());
    return this;
  }

  TestResolver map(String name, InetAddress... addresses) {
    names.put(name, List.of(addresses));
    return this;
  }

  @Override
  public List<InetAddress> resolve(String host) throws UnknownHostException {
    var addresses = names.get(host);
    if (addresses == null) {
      throw new UnknownHostException(host + " is not in the test resolver");
    }
    return addresses;
  }

  /** An IP literal parsed without any lookup (getByName never looks up a literal). */
  static InetAddress ip(String literal) {
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

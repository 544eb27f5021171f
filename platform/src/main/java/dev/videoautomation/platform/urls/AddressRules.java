package dev.videoautomation.platform.urls;

import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Arrays;

/**
 * Which IP addresses an outside fetch may reach: only public unicast ones. Every other range of the IANA special-purpose
 * registries is refused, and IPv6 forms that carry an IPv4 address (mapped, compatible, NAT64, 6to4) are judged by the
 * IPv4 address they carry. IPv6 outside the global unicast block 2000::/3 is refused as reserved.
 */
public final class AddressRules {

  /** Why an address is not public; {@code embedded} when the verdict is about an IPv4 carried inside IPv6. */
  public record Verdict(UrlRefusal reason, String why, boolean embedded) {
  }

  private AddressRules() {
  }

  /** {@code null} when the address is public, otherwise why it is not. */
  public static Verdict judge(InetAddress address) {
    var bytes = address.getAddress();
    if (bytes.length == 4) {
      return judgeIpv4(bytes, false);
    }
    return judgeIpv6(bytes);
  }

  /** Whether the address is loopback proper: 127.0.0.0/8 or ::1 (not an IPv4 loopback carried inside IPv6). */
  public static boolean isPlainLoopback(InetAddress address) {
    var bytes = address.getAddress();
    if (bytes.length == 4) {
      return (bytes[0] & 0xff) == 127;
    }
    for (int i = 0; i < 15; i++) {
      if (bytes[i] != 0) {
        return false;
      }
    }
    return bytes[15] == 1;
  }

  private static Verdict judgeIpv4(byte[] b, boolean embedded) {
    int a0 = b[0] & 0xff;
    int a1 = b[1] & 0xff;
    int a2 = b[2] & 0xff;
    int a3 = b[3] & 0xff;
    if (a0 == 169 && a1 == 254 && a2 == 169 && a3 == 254) {
      return new Verdict(UrlRefusal.METADATA, "is the cloud metadata endpoint", embedded);
    }
    if (a0 == 100 && a1 == 100 && a2 == 100 && a3 == 200) {
      return new Verdict(UrlRefusal.METADATA, "is the cloud metadata endpoint (Alibaba Cloud)", embedded);
    }
    if (a0 == 0) {
      return new Verdict(UrlRefusal.UNSPECIFIED, "is in 0.0.0.0/8 (this host, unspecified)", embedded);
    }
    if (a0 == 127) {
      return new Verdict(UrlRefusal.LOOPBACK, "is a loopback address (127.0.0.0/8)", embedded);
    }
    if (a0 == 10 || (a0 == 172 && (a1 & 0xf0) == 16) || (a0 == 192 && a1 == 168)) {
      return new Verdict(UrlRefusal.PRIVATE_ADDRESS,
          "is a private address (10.0.0.0/8, 172.16.0.0/12, 192.168.0.0/16)", embedded);
    }
    if (a0 == 169 && a1 == 254) {
      return new Verdict(UrlRefusal.LINK_LOCAL, "is a link-local address (169.254.0.0/16)", embedded);
    }
    if (a0 == 100 && (a1 & 0xc0) == 64) {
      return new Verdict(UrlRefusal.CGNAT, "is a carrier-grade NAT address (100.64.0.0/10)", embedded);
    }
    if (a0 == 192 && a1 == 0 && a2 == 0) {
      return new Verdict(UrlRefusal.RESERVED, "is in 192.0.0.0/24 (IETF protocol assignments)", embedded);
    }
    if ((a0 == 192 && a1 == 0 && a2 == 2) || (a0 == 198 && a1 == 51 && a2 == 100)
        || (a0 == 203 && a1 == 0 && a2 == 113)) {
      return new Verdict(UrlRefusal.DOCUMENTATION, "is a documentation address (TEST-NET)", embedded);
    }
    if (a0 == 192 && a1 == 88 && a2 == 99) {
      return new Verdict(UrlRefusal.RESERVED, "is in 192.88.99.0/24 (deprecated 6to4 relay anycast)", embedded);
    }
    if (a0 == 198 && (a1 & 0xfe) == 18) {
      return new Verdict(UrlRefusal.BENCHMARKING, "is a benchmarking address (198.18.0.0/15)", embedded);
    }
    if ((a0 & 0xf0) == 224) {
      return new Verdict(UrlRefusal.MULTICAST, "is a multicast address (224.0.0.0/4)", embedded);
    }
    if (a0 == 255 && a1 == 255 && a2 == 255 && a3 == 255) {
      return new Verdict(UrlRefusal.BROADCAST, "is the broadcast address", embedded);
    }
    if ((a0 & 0xf0) == 240) {
      return new Verdict(UrlRefusal.RESERVED, "is a reserved address (240.0.0.0/4)", embedded);
    }
    return null;
  }

  private static Verdict judgeIpv6(byte[] b) {
    int w0 = word(b, 0);
    int w1 = word(b, 1);
    boolean first80Zero = allZero(b, 0, 10);
    boolean first96Zero = first80Zero && b[10] == 0 && b[11] == 0;
    if (first96Zero && allZero(b, 12, 16)) {
      return new Verdict(UrlRefusal.UNSPECIFIED, "is the unspecified address (::)", false);
    }
    if (first96Zero && allZero(b, 12, 15) && b[15] == 1) {
      return new Verdict(UrlRefusal.LOOPBACK, "is the loopback address (::1)", false);
    }
    if (first80Zero && (b[10] & 0xff) == 0xff && (b[11] & 0xff) == 0xff) {
      return embedded(b, 12, "IPv4-mapped");
    }
    if (first96Zero) {
      return embedded(b, 12, "IPv4-compatible");
    }
    if (w0 == 0x0064 && w1 == 0xff9b && allZero(b, 4, 12)) {
      return embedded(b, 12, "NAT64 (64:ff9b::/96)");
    }
    if (w0 == 0x0064 && w1 == 0xff9b && word(b, 2) == 0x0001) {
      return new Verdict(UrlRefusal.PRIVATE_ADDRESS, "is a local-use NAT64 address (64:ff9b:1::/48)", false);
    }
    if (w0 == 0x2002) {
      return embedded(b, 2, "6to4 (2002::/16)");
    }
    if (Arrays.equals(b, METADATA_V6)) {
      return new Verdict(UrlRefusal.METADATA, "is the cloud metadata endpoint (fd00:ec2::254)", false);
    }
    if ((b[0] & 0xfe) == 0xfc) {
      return new Verdict(UrlRefusal.PRIVATE_ADDRESS, "is a unique local address (fc00::/7)", false);
    }
    if ((b[0] & 0xff) == 0xfe && (b[1] & 0xc0) == 0x80) {
      return new Verdict(UrlRefusal.LINK_LOCAL, "is a link-local address (fe80::/10)", false);
    }
    if ((b[0] & 0xff) == 0xfe && (b[1] & 0xc0) == 0xc0) {
      return new Verdict(UrlRefusal.PRIVATE_ADDRESS, "is a site-local address (fec0::/10)", false);
    }
    if ((b[0] & 0xff) == 0xff) {
      return new Verdict(UrlRefusal.MULTICAST, "is a multicast address (ff00::/8)", false);
    }
    if (w0 == 0x2001 && w1 == 0x0db8) {
      return new Verdict(UrlRefusal.DOCUMENTATION, "is a documentation address (2001:db8::/32)", false);
    }
    if (w0 == 0x2001 && w1 == 0x0000) {
      return new Verdict(UrlRefusal.RESERVED, "is a Teredo tunnel address (2001::/32)", false);
    }
    if (w0 == 0x2001 && (w1 & 0xfe00) == 0) {
      return new Verdict(UrlRefusal.RESERVED, "is in 2001::/23 (IETF protocol assignments)", false);
    }
    if ((b[0] & 0xe0) != 0x20) {
      return new Verdict(UrlRefusal.RESERVED, "is outside the global unicast block 2000::/3", false);
    }
    return null;
  }

  private static Verdict embedded(byte[] b, int from, String form) {
    var v4 = Arrays.copyOfRange(b, from, from + 4);
    var verdict = judgeIpv4(v4, true);
    if (verdict == null) {
      return null;
    }
    return new Verdict(verdict.reason(),
        "carries the IPv4 address " + ipv4Text(v4) + " (" + form + "), which " + verdict.why(), true);
  }

  private static String ipv4Text(byte[] v4) {
    try {
      return Inet4Address.getByAddress(v4).getHostAddress();
    } catch (UnknownHostException e) {
      throw new IllegalStateException(e);
    }
  }

  private static final byte[] METADATA_V6 = {
      (byte) 0xfd, 0x00, 0x0e, (byte) 0xc2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x02, 0x54};

  private static int word(byte[] b, int index) {
    return ((b[index * 2] & 0xff) << 8) | (b[index * 2 + 1] & 0xff);
  }

  private static boolean allZero(byte[] b, int from, int to) {
    for (int i = from; i < to; i++) {
      if (b[i] != 0) {
        return false;
      }
    }
    return true;
  }
}

package dev.videoautomation.platform.urls;

import java.util.Locale;

/**
 * Why the {@link UrlGuard} refused a URL: the {@code reason} field of a {@code url_not_allowed} error, in snake_case.
 */
public enum UrlRefusal {
  /** Not a parseable absolute URL, or a host that is not plain ASCII. */
  MALFORMED,
  /** A scheme other than http or https, or none. */
  SCHEME,
  /** A redirect from https to http. */
  SCHEME_DOWNGRADE,
  /** {@code user:pass@} in the authority. */
  USERINFO,
  /** Numeric host spellings other than a canonical dotted quad ({@code 0x7f.0.0.1}, {@code 2130706433}, ...). */
  AMBIGUOUS_HOST,
  /** The host has no address. */
  UNRESOLVABLE,
  LOOPBACK,
  PRIVATE_ADDRESS,
  LINK_LOCAL,
  /** Cloud metadata endpoints (169.254.169.254, fd00:ec2::254, 100.100.100.200, metadata.google.internal). */
  METADATA,
  /** Carrier-grade NAT, 100.64.0.0/10. */
  CGNAT,
  MULTICAST,
  UNSPECIFIED,
  BROADCAST,
  /** Reserved or special-purpose ranges (240/4, 192.0.0/24, IPv6 outside 2000::/3, ...). */
  RESERVED,
  /** 198.18.0.0/15. */
  BENCHMARKING,
  /** TEST-NET-1/2/3 and 2001:db8::/32. */
  DOCUMENTATION,
  /** More redirects than allowed. */
  TOO_MANY_REDIRECTS;

  /** The snake_case string that goes into the {@code reason} field. */
  public String code() {
    return name().toLowerCase(Locale.ROOT);
  }
}

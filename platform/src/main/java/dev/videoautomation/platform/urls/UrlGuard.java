package dev.videoautomation.platform.urls;

import java.net.InetAddress;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.regex.Pattern;

import dev.videoautomation.platform.errors.ApiError;
import dev.videoautomation.platform.errors.ApiException;
import dev.videoautomation.platform.errors.ErrorCode;

/**
 * The one gate every outside URL of the suite passes, in one of two forms, chosen by what the suite does with it.
 *
 * <p>{@link #check(String, String)}: a URL the suite <em>fetches or calls back</em> (upload-from-URL, staging,
 * records assets, provider results, webhooks). It passes when it is http or https without user info, its host is a
 * canonical IPv4 dotted quad, a bracketed IPv6 literal or an ASCII host name (not {@code localhost},
 * {@code *.localhost} or {@code metadata.google.internal}), and <em>every</em> address the host resolves to is public
 * (see {@link AddressRules}). The answer names those addresses; {@link GuardedFetcher} connects only to them.
 *
 * <p>{@link #checkHandedOn(String, String)}: a URL the suite never connects to but hands to someone who fetches it
 * (a post URL to the scraping provider, an image URL to the generation provider, a source URL to media, which then
 * fetches it through {@link #check}). The same rules without the lookup: a host name passes as written, an address
 * literal must be public. So it needs no DNS, as on a cluster that reaches the outside only through a proxy.
 *
 * <p>Both refuse outright the numeric spellings that resolvers read in different ways ({@code 0x7f.0.0.1},
 * {@code 0177.0.0.1}, {@code 2130706433}, {@code 127.1}). Refusals are {@code url_not_allowed} (400) errors with a
 * {@code reason} (see {@link UrlRefusal}) and, when the caller names one, the request {@code field}.
 *
 * <p>{@code allowLoopback} is for tests only: it lets 127.0.0.0/8 and ::1 (and the name {@code localhost}, when it
 * resolves to loopback only, or in a URL handed on) through, and nothing else.
 */
public class UrlGuard {
  private static final Pattern HOST_NAME =
      Pattern.compile("[a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9_])?(\\.[a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9_])?)*");
  private static final Pattern NUMERIC_LABEL = Pattern.compile("[0-9]+|0x[0-9a-f]*");
  private static final Pattern DOTTED_QUAD =
      Pattern.compile("(0|[1-9][0-9]{0,2})\\.(0|[1-9][0-9]{0,2})\\.(0|[1-9][0-9]{0,2})\\.(0|[1-9][0-9]{0,2})");
  private static final Pattern IPV6_LITERAL = Pattern.compile("[0-9a-f:.]+");

  /** What the suite does with the URL; the refusal messages say it. */
  private enum Use {
    FETCHED("fetched"), HANDED_ON("accepted");

    final String verb;

    Use(String verb) {
      this.verb = verb;
    }
  }

  /** A URL as written: its normalised host ({@code name}) and, when the host is an address literal, that address. */
  private record Target(URI uri, String host, String name, int port, InetAddress literal) {
  }

  private final HostResolver resolver;
  private final boolean allowLoopback;

  public UrlGuard(HostResolver resolver, boolean allowLoopback) {
    this.resolver = Objects.requireNonNull(resolver, "resolver");
    this.allowLoopback = allowLoopback;
  }

  /** A guard on the system resolver that lets no loopback through: what production uses. */
  public static UrlGuard strict() {
    return new UrlGuard(HostResolver.SYSTEM, false);
  }

  public boolean allowsLoopback() {
    return allowLoopback;
  }

  /** Checks {@code url}, which the suite is about to fetch; throws {@code url_not_allowed} when it may not be. */
  public CheckedUrl check(String url) {
    return check(url, null);
  }

  /** As {@link #check(String)}, naming {@code field} (e.g. {@code "url"}) in the refusal. */
  public CheckedUrl check(String url, String field) {
    return check(parse(url, field), field);
  }

  /** Checks an already parsed URI that the suite is about to fetch or call: resolves it, every address public. */
  public CheckedUrl check(URI uri, String field) {
    var target = target(uri, field, Use.FETCHED);
    if (target.literal() != null) {
      return judged(target, List.of(target.literal()), field, Use.FETCHED);
    }
    refuseInternalName(target, field);
    List<InetAddress> addresses;
    try {
      addresses = resolver.resolve(target.name());
    } catch (UnknownHostException e) {
      addresses = List.of();
    }
    if (addresses == null || addresses.isEmpty()) {
      throw refusal(field, UrlRefusal.UNRESOLVABLE, "The host '" + target.host() + "' could not be resolved.");
    }
    return judged(target, addresses, field, Use.FETCHED);
  }

  /**
   * Checks a webhook receiver's {@code url}, which the suite will POST job data to: as {@link #check(String, String)},
   * and https only unless the test-only loopback allowance is on (then http on loopback too). One rule for every
   * receiver (endpoints, one-off {@code webhookUrl}s, and again at each delivery attempt): a URL taken at creation is
   * never one that no delivery would go to.
   */
  public CheckedUrl checkReceiver(String url, String field) {
    var checked = check(url, field);
    if (!checked.scheme().equals("https") && !allowLoopback) {
      throw refusal(field, UrlRefusal.SCHEME, "Webhook receivers must be https URLs: deliveries carry your job data.");
    }
    return checked;
  }

  /**
   * Checks {@code url}, which the suite only hands to a provider (or another service) that fetches it, without a DNS
   * lookup: http or https, no user info, a host name or a public address literal; {@code localhost},
   * {@code *.localhost}, {@code metadata.google.internal}, internal literals and ambiguous numeric hosts are refused
   * as by {@link #check}. Never connect to the answer: it is only the parsed URL.
   */
  public URI checkHandedOn(String url, String field) {
    var target = target(parse(url, field), field, Use.HANDED_ON);
    if (target.literal() != null) {
      judged(target, List.of(target.literal()), field, Use.HANDED_ON);
    } else {
      refuseInternalName(target, field);
    }
    return target.uri();
  }

  private static URI parse(String url, String field) {
    if (url == null || url.isBlank()) {
      throw refusal(field, UrlRefusal.MALFORMED, "The URL is empty; send an absolute http or https URL.");
    }
    try {
      return new URI(url.strip());
    } catch (URISyntaxException e) {
      throw refusal(field, UrlRefusal.MALFORMED, "The URL could not be parsed (" + e.getReason() + ").");
    }
  }

  /** Scheme, user info, port and the host's spelling: everything that needs no lookup. */
  private static Target target(URI uri, String field, Use use) {
    var scheme = uri.getScheme();
    if (scheme == null) {
      throw refusal(field, UrlRefusal.SCHEME, "The URL has no scheme; only http and https URLs are " + use.verb
          + ".");
    }
    scheme = scheme.toLowerCase(Locale.ROOT);
    if (!scheme.equals("http") && !scheme.equals("https")) {
      throw refusal(field, UrlRefusal.SCHEME,
          "The scheme '" + scheme + "' is not allowed; only http and https URLs are " + use.verb + ".");
    }
    var authority = uri.getRawAuthority();
    if (uri.isOpaque() || authority == null || authority.isEmpty()) {
      throw refusal(field, UrlRefusal.MALFORMED, "The URL has no host.");
    }
    if (authority.contains("@") || uri.getRawUserInfo() != null) {
      throw refusal(field, UrlRefusal.USERINFO,
          "The URL carries user info (user:password@); put credentials in headers, not in the URL.");
    }
    String host;
    String portText;
    boolean bracketed = authority.startsWith("[");
    if (bracketed) {
      int close = authority.indexOf(']');
      if (close < 0) {
        throw refusal(field, UrlRefusal.MALFORMED, "The IPv6 host of the URL has no closing bracket.");
      }
      host = authority.substring(1, close).toLowerCase(Locale.ROOT);
      var rest = authority.substring(close + 1);
      if (!rest.isEmpty() && !rest.startsWith(":")) {
        throw refusal(field, UrlRefusal.MALFORMED, "The URL's authority is malformed after the IPv6 host.");
      }
      portText = rest.isEmpty() ? "" : rest.substring(1);
    } else {
      int colon = authority.lastIndexOf(':');
      host = (colon < 0 ? authority : authority.substring(0, colon)).toLowerCase(Locale.ROOT);
      portText = colon < 0 ? "" : authority.substring(colon + 1);
    }
    int port = port(field, portText, scheme);

    if (bracketed) {
      return new Target(uri, host, host, port, ipv6Literal(host, field));
    }
    if (host.isEmpty()) {
      throw refusal(field, UrlRefusal.MALFORMED, "The URL has no host.");
    }
    var name = host.endsWith(".") ? host.substring(0, host.length() - 1) : host;
    if (!HOST_NAME.matcher(name).matches()) {
      throw refusal(field, UrlRefusal.MALFORMED, "The host '" + host
          + "' is not a valid host name; use ASCII (punycode for international names) without percent-escapes.");
    }
    var labels = name.split("\\.");
    boolean numeric = true;
    for (var label : labels) {
      numeric &= NUMERIC_LABEL.matcher(label).matches();
    }
    if (numeric || NUMERIC_LABEL.matcher(labels[labels.length - 1]).matches()) {
      if (!host.equals(name) || !DOTTED_QUAD.matcher(name).matches() || !octetsFit(name)) {
        throw refusal(field, UrlRefusal.AMBIGUOUS_HOST, "The host '" + host
            + "' is a numeric spelling other than a canonical dotted quad (octal, hex, dotless or shortened "
            + "forms are read differently by different resolvers); write the address as a.b.c.d.");
      }
      return new Target(uri, host, name, port, literal(name));
    }
    return new Target(uri, host, name, port, null);
  }

  /** The names that mean this machine or the cloud's metadata service, whatever DNS would say. */
  private void refuseInternalName(Target target, String field) {
    var name = target.name();
    if (name.equals("metadata.google.internal")) {
      throw refusal(field, UrlRefusal.METADATA, "The host '" + target.host() + "' is the cloud metadata service.");
    }
    boolean localhost = name.equals("localhost") || name.endsWith(".localhost");
    if (localhost && !allowLoopback) {
      throw refusal(field, UrlRefusal.LOOPBACK, "The host '" + target.host() + "' names this machine (loopback).");
    }
  }

  private static InetAddress ipv6Literal(String host, String field) {
    if (host.contains("%")) {
      throw refusal(field, UrlRefusal.MALFORMED, "The IPv6 host '" + host + "' carries a zone id; drop it.");
    }
    if (!host.contains(":") || !IPV6_LITERAL.matcher(host).matches()) {
      throw refusal(field, UrlRefusal.MALFORMED, "The host '[" + host + "]' is not an IPv6 address.");
    }
    try {
      // A bracketed literal is parsed, never looked up.
      return InetAddress.getByName("[" + host + "]");
    } catch (UnknownHostException e) {
      throw refusal(field, UrlRefusal.MALFORMED, "The host '[" + host + "]' is not a valid IPv6 address.");
    }
  }

  private CheckedUrl judged(Target target, List<InetAddress> addresses, String field, Use use) {
    var checked = new ArrayList<InetAddress>(addresses.size());
    for (var address : addresses) {
      var verdict = AddressRules.judge(address);
      if (verdict != null && !(allowLoopback && AddressRules.isPlainLoopback(address))) {
        var shown = address.getHostAddress();
        var subject = target.literal() != null ? "The address " + target.name()
            : "The host '" + target.name() + "' resolves to " + shown + ", which";
        throw refusal(field, verdict.reason(),
            subject + " " + verdict.why() + "; only public internet addresses are " + use.verb + ".", shown);
      }
      checked.add(address);
    }
    return new CheckedUrl(target.uri(), target.name(), target.port(), checked);
  }

  private static int port(String field, String text, String scheme) {
    if (text.isEmpty()) {
      return scheme.equals("https") ? 443 : 80;
    }
    if (text.length() > 5 || !text.chars().allMatch(c -> c >= '0' && c <= '9')) {
      throw refusal(field, UrlRefusal.MALFORMED, "The URL's port '" + text + "' is not a number.");
    }
    int port = Integer.parseInt(text);
    if (port < 1 || port > 65535) {
      throw refusal(field, UrlRefusal.MALFORMED, "The URL's port " + port + " is out of range.");
    }
    return port;
  }

  private static boolean octetsFit(String quad) {
    for (var part : quad.split("\\.")) {
      if (Integer.parseInt(part) > 255) {
        return false;
      }
    }
    return true;
  }

  private static InetAddress literal(String quad) {
    var parts = quad.split("\\.");
    var bytes = new byte[4];
    for (int i = 0; i < 4; i++) {
      bytes[i] = (byte) Integer.parseInt(parts[i]);
    }
    try {
      return InetAddress.getByAddress(bytes);
    } catch (UnknownHostException e) {
      throw new IllegalStateException(e);
    }
  }

  static ApiException refusal(String field, UrlRefusal reason, String message) {
    return refusal(field, reason, message, null);
  }

  static ApiException refusal(String field, UrlRefusal reason, String message, String address) {
    return new ApiException(ApiError.of(ErrorCode.URL_NOT_ALLOWED, message)
        .with("reason", reason.code())
        .with("field", field)
        .with("address", address));
  }
}

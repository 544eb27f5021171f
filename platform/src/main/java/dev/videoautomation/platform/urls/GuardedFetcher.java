package dev.videoautomation.platform.urls;

import java.time.Duration;
import java.util.Objects;

/**
 * Fetches an outside URL with GET through the {@link UrlGuard}, connecting only to the addresses the guard checked.
 * The parts: {@link Fetch} follows redirects and checks the answer, {@link FetchConnection} holds the pinned client
 * and the deadline, {@link FetchBodyStream} and platform's {@code LimitedInputStream} bound the body.
 *
 * <ul>
 *   <li><b>Pinned connections.</b> Each fetch gets its own Apache HttpClient whose {@link PinnedResolver} answers only
 *   with the addresses the guard checked for that host, so no second DNS lookup can swap in an internal address
 *   (DNS rebinding). TLS still verifies the certificate against the host name, and the Host header keeps the name.
 *   No proxy from system properties is used.</li>
 *   <li><b>Redirects</b> are never followed by the client: this class follows 301, 302, 303, 307 and 308 itself, at
 *   most {@code maxRedirects} times, checking each Location (resolved against the current URL) with the guard before
 *   connecting. A redirect from https to http is refused ({@code scheme_downgrade}): a fetch that started encrypted
 *   stays encrypted. The caller's extra headers (e.g. {@code Authorization}) are sent only until a redirect leaves
 *   the first URL's scheme, host and port, and never again after that.</li>
 *   <li><b>Time.</b> Connecting takes at most {@code connectTimeout}, waiting for the head or any body read at most
 *   {@code readTimeout}, and the whole fetch, redirects and body included, ends at {@code deadline}: a watchdog then
 *   cuts the connection. Past any of these: 504 {@code upstream_timeout}.</li>
 *   <li><b>Size.</b> An announced Content-Length above the limit is refused before reading (413); the body stream
 *   refuses as soon as it goes past the limit.</li>
 *   <li><b>Type.</b> A Content-Type outside the allowed patterns is refused (415 {@code unsupported_media_type}).</li>
 *   <li><b>Status.</b> A final status other than 2xx is 502 {@code upstream_error} with {@code upstreamStatus};
 *   a connection that fails is 502 {@code upstream_error}.</li>
 * </ul>
 */
public class GuardedFetcher {
  private final UrlGuard guard;
  private final int maxRedirects;
  private final Duration connectTimeout;
  private final Duration readTimeout;
  private final Duration deadline;

  public GuardedFetcher(UrlGuard guard, int maxRedirects, Duration connectTimeout, Duration readTimeout,
      Duration deadline) {
    this.guard = Objects.requireNonNull(guard, "guard");
    if (maxRedirects < 0) {
      throw new IllegalArgumentException("maxRedirects must not be negative");
    }
    this.maxRedirects = maxRedirects;
    this.connectTimeout = positive(connectTimeout, "connectTimeout");
    this.readTimeout = positive(readTimeout, "readTimeout");
    this.deadline = positive(deadline, "deadline");
  }

  /** A fetcher with the defaults of {@link UrlGuardConfig}: 5 redirects, 5 s connect, 30 s read, 120 s overall. */
  public GuardedFetcher(UrlGuard guard) {
    this(guard, 5, Duration.ofSeconds(5), Duration.ofSeconds(30), Duration.ofSeconds(120));
  }

  public UrlGuard guard() {
    return guard;
  }

  /** Opens {@code url} with GET within {@code limits}; see the class comment for every refusal. */
  public FetchedBody open(String url, FetchLimits limits) {
    Objects.requireNonNull(limits, "limits");
    var first = guard.check(url, limits.field());
    return fetch(first, limits);
  }

  /** Opens an already checked URL (its addresses are the ones connected to). */
  public FetchedBody open(CheckedUrl url, FetchLimits limits) {
    return fetch(url, limits);
  }

  private FetchedBody fetch(CheckedUrl first, FetchLimits limits) {
    var connection = new FetchConnection(connectTimeout, readTimeout, deadline);
    return new Fetch(guard, maxRedirects, first, limits, connection).run();
  }

  private static Duration positive(Duration value, String name) {
    Objects.requireNonNull(value, name);
    if (value.isNegative() || value.isZero()) {
      throw new IllegalArgumentException(name + " must be positive");
    }
    return value;
  }
}

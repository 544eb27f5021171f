package dev.videoautomation.platform.urls;

import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;

import org.apache.hc.client5.http.DnsResolver;
import org.apache.hc.client5.http.classic.methods.HttpGet;
import org.apache.hc.client5.http.config.ConnectionConfig;
import org.apache.hc.client5.http.config.RequestConfig;
import org.apache.hc.client5.http.impl.classic.CloseableHttpClient;
import org.apache.hc.client5.http.impl.classic.HttpClients;
import org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManagerBuilder;
import org.apache.hc.client5.http.ssl.DefaultClientTlsStrategy;
import org.apache.hc.client5.http.ssl.TlsSocketStrategy;
import org.apache.hc.core5.http.ClassicHttpResponse;
import org.apache.hc.core5.http.Header;
import org.apache.hc.core5.http.HttpHeaders;
import org.apache.hc.core5.io.CloseMode;
import org.apache.hc.core5.util.Timeout;

import dev.videoautomation.platform.errors.ApiError;
import dev.videoautomation.platform.errors.ApiException;
import dev.videoautomation.platform.errors.ErrorCode;

/**
 * Fetches an outside URL with GET through the {@link UrlGuard}, connecting only to the addresses the guard checked.
 *
 * <ul>
 *   <li><b>Pinned connections.</b> Each fetch gets its own Apache HttpClient whose {@link DnsResolver} answers only
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
  private static final TlsSocketStrategy TLS = DefaultClientTlsStrategy.createDefault();
  private static final ScheduledExecutorService WATCHDOG = Executors.newSingleThreadScheduledExecutor(runnable -> {
    var thread = new Thread(runnable, "url-guard-deadline");
    thread.setDaemon(true);
    return thread;
  });

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
    return new Fetch(first, limits).run();
  }

  /** Opens an already checked URL (its addresses are the ones connected to). */
  public FetchedBody open(CheckedUrl url, FetchLimits limits) {
    return new Fetch(url, limits).run();
  }

  /** One fetch: its client, pinned addresses, deadline and watchdog. */
  private final class Fetch {
    private final FetchLimits limits;
    private final long deadlineNanos = System.nanoTime() + deadline.toNanos();
    private final PinnedResolver resolver = new PinnedResolver();
    private final AtomicReference<HttpGet> current = new AtomicReference<>();
    private final AtomicBoolean timedOut = new AtomicBoolean();
    private final AtomicBoolean closed = new AtomicBoolean();
    private final CloseableHttpClient client;
    private final ScheduledFuture<?> watchdog;
    private CheckedUrl checked;

    Fetch(CheckedUrl first, FetchLimits limits) {
      this.checked = first;
      this.limits = limits;
      var connect = Timeout.of(min(connectTimeout, remaining()));
      var manager = PoolingHttpClientConnectionManagerBuilder.create()
          .setDnsResolver(resolver)
          .setTlsSocketStrategy(TLS)
          .setMaxConnTotal(2)
          .setMaxConnPerRoute(1)
          .setDefaultConnectionConfig(ConnectionConfig.custom()
              .setConnectTimeout(connect)
              .setSocketTimeout(Timeout.of(readTimeout))
              .build())
          .build();
      this.client = HttpClients.custom()
          .setConnectionManager(manager)
          .disableRedirectHandling()
          .disableAutomaticRetries()
          .disableCookieManagement()
          .disableAuthCaching()
          .disableContentCompression()
          .build();
      this.watchdog = WATCHDOG.schedule(this::expire, deadline.toNanos(), TimeUnit.NANOSECONDS);
    }

    FetchedBody run() {
      boolean handedOver = false;
      try {
        var result = follow();
        handedOver = true;
        return result;
      } finally {
        if (!handedOver) {
          close();
        }
      }
    }

    private FetchedBody follow() {
      var origin = origin(checked.uri());
      boolean sameOrigin = true;
      for (int redirects = 0;; redirects++) {
        resolver.pin(checked);
        var request = new HttpGet(checked.uri());
        request.setConfig(RequestConfig.custom()
            .setRedirectsEnabled(false)
            .setResponseTimeout(Timeout.of(min(readTimeout, remaining())))
            .setConnectionRequestTimeout(Timeout.of(min(connectTimeout, remaining())))
            .build());
        sameOrigin &= origin(checked.uri()).equals(origin);
        if (sameOrigin) {
          limits.headers().forEach(request::setHeader);
        }
        current.set(request);
        ClassicHttpResponse response = execute(request);
        int status = response.getCode();
        var location = response.getFirstHeader(HttpHeaders.LOCATION);
        if (isRedirect(status) && location != null) {
          discard(request, response);
          if (redirects >= maxRedirects) {
            throw new ApiException(ApiError.of(ErrorCode.URL_NOT_ALLOWED, "The URL redirected more than "
                    + maxRedirects + " times (last to " + location.getValue() + "); link the final URL instead.")
                .with("reason", UrlRefusal.TOO_MANY_REDIRECTS.code())
                .with("field", limits.field()));
          }
          checked = next(location.getValue());
          continue;
        }
        if (status < 200 || status > 299) {
          discard(request, response);
          throw new ApiException(ApiError.of(ErrorCode.UPSTREAM_ERROR, "The upstream at " + checked.host()
                  + " answered " + status + " for " + checked.uri() + ".")
              .with("upstreamStatus", status));
        }
        return answer(request, response);
      }
    }

    private CheckedUrl next(String location) {
      URI target;
      try {
        target = checked.uri().resolve(new URI(location.strip()));
      } catch (java.net.URISyntaxException | IllegalArgumentException e) {
        throw UrlGuard.refusal(limits.field(), UrlRefusal.MALFORMED,
            "The upstream redirected to '" + location + "', which is not a valid URL.");
      }
      var next = guard.check(target, limits.field());
      if (checked.scheme().equals("https") && next.scheme().equals("http")) {
        throw UrlGuard.refusal(limits.field(), UrlRefusal.SCHEME_DOWNGRADE,
            "The upstream redirected from https to http (" + target + "); only https redirects are followed "
                + "from an https URL.");
      }
      return next;
    }

    private FetchedBody answer(HttpGet request, ClassicHttpResponse response) {
      var contentTypeHeader = response.getFirstHeader(HttpHeaders.CONTENT_TYPE);
      var contentType = contentTypeHeader == null ? null : contentTypeHeader.getValue();
      if (!limits.allows(contentType)) {
        discard(request, response);
        throw new ApiException(ApiError.of(ErrorCode.UNSUPPORTED_MEDIA_TYPE, (contentType == null
                ? "The upstream sent no Content-Type"
                : "The upstream sent Content-Type '" + contentType + "'") + " for " + checked.uri()
                + "; accepted here: " + String.join(", ", limits.allowedContentTypes()) + ".")
            .with("contentType", contentType)
            .with("field", limits.field()));
      }
      var entity = response.getEntity();
      Long contentLength = null;
      if (entity != null && entity.getContentLength() >= 0) {
        contentLength = entity.getContentLength();
      }
      if (contentLength != null && contentLength > limits.maxBytes()) {
        discard(request, response);
        throw tooLarge("announces " + contentLength + " bytes");
      }
      InputStream raw;
      try {
        raw = entity == null ? InputStream.nullInputStream() : entity.getContent();
      } catch (IOException e) {
        throw failure(e);
      }
      var headers = new TreeMap<String, List<String>>();
      for (Header header : response.getHeaders()) {
        headers.computeIfAbsent(header.getName().toLowerCase(Locale.ROOT), k -> new ArrayList<>())
            .add(header.getValue());
      }
      headers.replaceAll((k, v) -> List.copyOf(v));
      var finalUri = checked.uri();
      return new FetchedBody(finalUri, response.getCode(), contentType, contentLength,
          Collections.unmodifiableMap(headers), new LimitedStream(raw), () -> {
            discard(request, response);
            close();
          });
    }

    private ClassicHttpResponse execute(HttpGet request) {
      if (remaining().isZero()) {
        throw timeout();
      }
      try {
        return client.executeOpen(null, request, null);
      } catch (IOException e) {
        throw failure(e);
      }
    }

    private ApiException failure(IOException e) {
      if (timedOut.get() || e instanceof InterruptedIOException || remaining().isZero()) {
        return timeout();
      }
      return new ApiException(ApiError.of(ErrorCode.UPSTREAM_ERROR, "The upstream at " + checked.host()
              + " could not be reached or broke off (" + describe(e) + ").")
          .with("upstreamHost", checked.host()));
    }

    private ApiException timeout() {
      return new ApiException(ApiError.of(ErrorCode.UPSTREAM_TIMEOUT, "The upstream at " + checked.host()
              + " did not answer in time (connect " + connectTimeout.toMillis() + " ms, read "
              + readTimeout.toMillis() + " ms, whole fetch " + deadline.toMillis() + " ms).")
          .with("upstreamHost", checked.host()));
    }

    private ApiException tooLarge(String what) {
      return new ApiException(ApiError.of(ErrorCode.PAYLOAD_TOO_LARGE, "The body at " + checked.uri() + " " + what
              + ", more than the " + limits.maxBytes() + " bytes accepted here.")
          .with("limit", limits.maxBytes())
          .with("field", limits.field()));
    }

    private void expire() {
      timedOut.set(true);
      var request = current.get();
      if (request != null) {
        request.cancel();
      }
      client.close(CloseMode.IMMEDIATE);
    }

    private void discard(HttpGet request, ClassicHttpResponse response) {
      // Cancel first: it drops the connection, so closing the response does not drain a body nobody reads.
      request.cancel();
      try {
        response.close();
      } catch (IOException | RuntimeException ignored) {
        // The connection is gone either way.
      }
    }

    private void close() {
      if (closed.compareAndSet(false, true)) {
        watchdog.cancel(false);
        var request = current.get();
        if (request != null) {
          request.cancel();
        }
        client.close(CloseMode.IMMEDIATE);
      }
    }

    private Duration remaining() {
      long left = deadlineNanos - System.nanoTime();
      return left <= 0 ? Duration.ZERO : Duration.ofNanos(left);
    }

    /** The body, counted against the limit and the deadline; failures become the suite's errors. */
    private final class LimitedStream extends InputStream {
      private final InputStream in;
      private long count;

      LimitedStream(InputStream in) {
        this.in = in;
      }

      @Override
      public int read() throws IOException {
        var one = new byte[1];
        int n = read(one, 0, 1);
        return n < 0 ? -1 : one[0] & 0xff;
      }

      @Override
      public int read(byte[] buffer, int offset, int length) throws IOException {
        Objects.checkFromIndexSize(offset, length, buffer.length);
        if (length == 0) {
          return 0;
        }
        if (closed.get() && !timedOut.get()) {
          throw new IOException("The fetched body is closed.");
        }
        if (timedOut.get() || remaining().isZero()) {
          throw timeout();
        }
        // Read at most one byte past the limit: enough to know it was passed.
        int allowed = (int) Math.min(length, limits.maxBytes() - count + 1);
        int n;
        try {
          n = in.read(buffer, offset, allowed);
        } catch (IOException e) {
          throw failure(e);
        }
        if (n > 0) {
          count += n;
          if (count > limits.maxBytes()) {
            close();
            throw tooLarge("is longer");
          }
        }
        return n;
      }

      @Override
      public void close() {
        Fetch.this.close();
      }
    }
  }

  /** Answers only with the addresses the guard checked; any other host is unknown. */
  private static final class PinnedResolver implements DnsResolver {
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

  private static boolean isRedirect(int status) {
    return status == 301 || status == 302 || status == 303 || status == 307 || status == 308;
  }

  private static String origin(URI uri) {
    return uri.getScheme().toLowerCase(Locale.ROOT) + "://" + uri.getRawAuthority().toLowerCase(Locale.ROOT);
  }

  private static String describe(IOException e) {
    var message = e.getMessage();
    return e.getClass().getSimpleName() + (message == null ? "" : ": " + message);
  }

  private static Duration min(Duration a, Duration b) {
    var smaller = a.compareTo(b) <= 0 ? a : b;
    return smaller.isZero() ? Duration.ofMillis(1) : smaller;
  }

  private static Duration positive(Duration value, String name) {
    Objects.requireNonNull(value, name);
    if (value.isNegative() || value.isZero()) {
      throw new IllegalArgumentException(name + " must be positive");
    }
    return value;
  }
}

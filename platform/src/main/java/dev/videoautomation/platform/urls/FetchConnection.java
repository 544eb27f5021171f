package dev.videoautomation.platform.urls;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;

import org.apache.hc.client5.http.classic.methods.HttpGet;
import org.apache.hc.client5.http.config.ConnectionConfig;
import org.apache.hc.client5.http.config.RequestConfig;
import org.apache.hc.client5.http.impl.classic.CloseableHttpClient;
import org.apache.hc.client5.http.impl.classic.HttpClients;
import org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManagerBuilder;
import org.apache.hc.client5.http.ssl.DefaultClientTlsStrategy;
import org.apache.hc.client5.http.ssl.TlsSocketStrategy;
import org.apache.hc.core5.http.ClassicHttpResponse;
import org.apache.hc.core5.io.CloseMode;
import org.apache.hc.core5.util.Timeout;

import dev.videoautomation.platform.errors.ApiError;
import dev.videoautomation.platform.errors.ApiException;
import dev.videoautomation.platform.errors.ErrorCode;

/**
 * The connection side of one {@link GuardedFetcher} fetch: its own HTTP client, resolving only the addresses pinned
 * for each checked URL, no redirects, retries, cookies or decompression; the deadline of the whole fetch, with a
 * watchdog that cuts the connection when it passes; and the errors a broken or slow upstream becomes.
 */
final class FetchConnection {
  private static final TlsSocketStrategy TLS = DefaultClientTlsStrategy.createDefault();
  private static final ScheduledExecutorService WATCHDOG = Executors.newSingleThreadScheduledExecutor(runnable -> {
    var thread = new Thread(runnable, "url-guard-deadline");
    thread.setDaemon(true);
    return thread;
  });

  private final Duration connectTimeout;
  private final Duration readTimeout;
  private final Duration deadline;
  private final long deadlineNanos;
  private final PinnedResolver resolver = new PinnedResolver();
  private final AtomicReference<HttpGet> current = new AtomicReference<>();
  private final AtomicBoolean timedOut = new AtomicBoolean();
  private final AtomicBoolean closed = new AtomicBoolean();
  private final CloseableHttpClient client;
  private final ScheduledFuture<?> watchdog;

  FetchConnection(Duration connectTimeout, Duration readTimeout, Duration deadline) {
    this.connectTimeout = connectTimeout;
    this.readTimeout = readTimeout;
    this.deadline = deadline;
    this.deadlineNanos = System.nanoTime() + deadline.toNanos();
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

  /** Sends GET to {@code url}, connecting only to its checked addresses, with {@code headers}. */
  ClassicHttpResponse get(CheckedUrl url, Map<String, String> headers) {
    resolver.pin(url);
    var request = new HttpGet(url.uri());
    request.setConfig(RequestConfig.custom()
        .setRedirectsEnabled(false)
        .setResponseTimeout(Timeout.of(min(readTimeout, remaining())))
        .setConnectionRequestTimeout(Timeout.of(min(connectTimeout, remaining())))
        .build());
    headers.forEach(request::setHeader);
    current.set(request);
    if (remaining().isZero()) {
      throw timeout(url);
    }
    try {
      return client.executeOpen(null, request, null);
    } catch (IOException e) {
      throw failure(e, url);
    }
  }

  /** Drops the answer of the last request without reading the rest of its body. */
  void discard(ClassicHttpResponse response) {
    // Cancel first: it drops the connection, so closing the response does not drain a body nobody reads.
    current.get().cancel();
    try {
      response.close();
    } catch (IOException | RuntimeException ignored) {
      // The connection is gone either way.
    }
  }

  /** Ends the fetch: the watchdog, the last request and the client (once; later calls do nothing). */
  void close() {
    if (closed.compareAndSet(false, true)) {
      watchdog.cancel(false);
      var request = current.get();
      if (request != null) {
        request.cancel();
      }
      client.close(CloseMode.IMMEDIATE);
    }
  }

  boolean isClosed() {
    return closed.get();
  }

  /** Whether the watchdog cut the fetch or the deadline has passed. */
  boolean pastDeadline() {
    return timedOut.get() || remaining().isZero();
  }

  boolean timedOut() {
    return timedOut.get();
  }

  /** What an I/O failure talking to {@code url} is: a timeout once the fetch ran out of time, else a 502. */
  ApiException failure(IOException e, CheckedUrl url) {
    if (timedOut.get() || e instanceof InterruptedIOException || remaining().isZero()) {
      return timeout(url);
    }
    return new ApiException(ApiError.of(ErrorCode.UPSTREAM_ERROR, "The upstream at " + url.host()
            + " could not be reached or broke off (" + describe(e) + ").")
        .with("upstreamHost", url.host()));
  }

  ApiException timeout(CheckedUrl url) {
    return new ApiException(ApiError.of(ErrorCode.UPSTREAM_TIMEOUT, "The upstream at " + url.host()
            + " did not answer in time (connect " + connectTimeout.toMillis() + " ms, read "
            + readTimeout.toMillis() + " ms, whole fetch " + deadline.toMillis() + " ms).")
        .with("upstreamHost", url.host()));
  }

  private void expire() {
    timedOut.set(true);
    var request = current.get();
    if (request != null) {
      request.cancel();
    }
    client.close(CloseMode.IMMEDIATE);
  }

  private Duration remaining() {
    long left = deadlineNanos - System.nanoTime();
    return left <= 0 ? Duration.ZERO : Duration.ofNanos(left);
  }

  private static String describe(IOException e) {
    var message = e.getMessage();
    return e.getClass().getSimpleName() + (message == null ? "" : ": " + message);
  }

  private static Duration min(Duration a, Duration b) {
    var smaller = a.compareTo(b) <= 0 ? a : b;
    return smaller.isZero() ? Duration.ofMillis(1) : smaller;
  }
}

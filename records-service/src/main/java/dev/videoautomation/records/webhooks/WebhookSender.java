package dev.videoautomation.records.webhooks;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.ByteBuffer;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import jakarta.enterprise.context.ApplicationScoped;

import org.apache.hc.client5.http.DnsResolver;
import org.apache.hc.client5.http.classic.methods.HttpPost;
import org.apache.hc.client5.http.config.ConnectionConfig;
import org.apache.hc.client5.http.config.RequestConfig;
import org.apache.hc.client5.http.impl.classic.HttpClients;
import org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManagerBuilder;
import org.apache.hc.core5.http.ContentType;
import org.apache.hc.core5.http.io.entity.StringEntity;
import org.apache.hc.core5.util.Timeout;

import dev.videoautomation.platform.errors.ApiException;
import dev.videoautomation.platform.urls.CheckedUrl;
import dev.videoautomation.platform.urls.UrlGuard;

/**
 * POSTs one attempt of a delivery. The URL passes the URL guard again at every attempt (DNS may have changed since
 * the endpoint was made) and must be https unless the guard lets loopback through (tests); the connection goes only
 * to the addresses the guard just checked. No redirect is followed (a 3xx is a failed attempt), and the whole attempt
 * ends after the configured timeout (10 s). The first 4 KiB of the answer are kept for the delivery log.
 */
@ApplicationScoped
public class WebhookSender {
  static final int MAX_LOGGED_BYTES = 4096;
  private static final int MAX_ERROR = 1024;

  private final UrlGuard guard;
  private final WebhooksConfig config;

  public WebhookSender(UrlGuard guard, WebhooksConfig config) {
    this.guard = guard;
    this.config = config;
  }

  /** What one attempt got: the status and the answer's start, or why there was none. */
  public record Outcome(Integer statusCode, String response, String error) {
    boolean delivered() {
      return statusCode != null && statusCode >= 200 && statusCode < 300;
    }
  }

  public Outcome post(String url, String body, Map<String, String> headers) {
    CheckedUrl checked;
    try {
      checked = guard.checkReceiver(url, "url");
    } catch (ApiException e) {
      return failed("url_not_allowed: " + e.error().getMessage());
    }
    var timeout = Timeout.of(config.timeout());
    var manager = PoolingHttpClientConnectionManagerBuilder.create().setDnsResolver(pinned(checked))
        .setDefaultConnectionConfig(ConnectionConfig.custom().setConnectTimeout(timeout).setSocketTimeout(timeout)
            .build()).build();
    try (var client = HttpClients.custom().setConnectionManager(manager).disableRedirectHandling()
        .disableAutomaticRetries().disableCookieManagement().build()) {
      var request = new HttpPost(checked.uri());
      request.setConfig(RequestConfig.custom().setResponseTimeout(timeout).setRedirectsEnabled(false).build());
      headers.forEach(request::setHeader);
      request.setHeader("User-Agent", "video-automation-webhooks/1");
      request.setEntity(new StringEntity(body, ContentType.APPLICATION_JSON.withCharset(StandardCharsets.UTF_8)));
      // The whole attempt, slow bodies included, ends at the timeout: the socket timeout alone restarts per read.
      var watchdog = CompletableFuture.runAsync(request::cancel,
          CompletableFuture.delayedExecutor(config.timeout().toMillis(), TimeUnit.MILLISECONDS));
      try {
        return client.execute(request, response -> new Outcome(response.getCode(),
            response.getEntity() == null ? null : start(response.getEntity().getContent()), null));
      } finally {
        watchdog.cancel(false);
      }
    } catch (IOException | RuntimeException e) {
      var message = e.getMessage() == null ? "" : ": " + e.getMessage();
      return failed(e.getClass().getSimpleName() + message);
    }
  }

  private static Outcome failed(String error) {
    return new Outcome(null, null, error.length() > MAX_ERROR ? error.substring(0, MAX_ERROR) : error);
  }

  /** The first {@value #MAX_LOGGED_BYTES} bytes as text (a character cut in half is replaced). */
  private static String start(InputStream body) throws IOException {
    try (body) {
      var bytes = body.readNBytes(MAX_LOGGED_BYTES);
      if (bytes.length == 0) {
        return null;
      }
      var decoder = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPLACE)
          .onUnmappableCharacter(CodingErrorAction.REPLACE);
      var text = decoder.decode(ByteBuffer.wrap(bytes)).toString();
      // The log column is text: a NUL byte cannot be stored in it.
      return text.replace('\u0000', '\uFFFD');
    }
  }

  private static DnsResolver pinned(CheckedUrl checked) {
    return new DnsResolver() {
      @Override
      public InetAddress[] resolve(String host) throws UnknownHostException {
        if (host.equalsIgnoreCase(checked.host())) {
          return checked.addresses().toArray(InetAddress[]::new);
        }
        throw new UnknownHostException(host + " was not checked by the URL guard");
      }

      @Override
      public String resolveCanonicalHostname(String host) throws UnknownHostException {
        resolve(host);
        return host;
      }
    };
  }
}

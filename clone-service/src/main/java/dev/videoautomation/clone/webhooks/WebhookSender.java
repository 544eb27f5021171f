package dev.videoautomation.clone.webhooks;

import java.io.IOException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.util.Map;

import jakarta.enterprise.context.ApplicationScoped;

import org.apache.hc.client5.http.DnsResolver;
import org.apache.hc.client5.http.classic.methods.HttpPost;
import org.apache.hc.client5.http.config.ConnectionConfig;
import org.apache.hc.client5.http.config.RequestConfig;
import org.apache.hc.client5.http.impl.classic.HttpClients;
import org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManagerBuilder;
import org.apache.hc.core5.http.ContentType;
import org.apache.hc.core5.http.io.entity.EntityUtils;
import org.apache.hc.core5.http.io.entity.StringEntity;
import org.apache.hc.core5.util.Timeout;

import dev.videoautomation.clone.config.CloneConfig;
import dev.videoautomation.platform.urls.CheckedUrl;
import dev.videoautomation.platform.urls.UrlGuard;

/**
 * POSTs one webhook. The URL passes the platform URL guard again at every attempt (DNS may have changed since the
 * task was created), and the connection goes only to the addresses the guard just checked (no second lookup). No
 * redirect is followed: a 3xx is a failed attempt.
 */
@ApplicationScoped
public class WebhookSender {
  private final UrlGuard guard;
  private final CloneConfig config;

  public WebhookSender(UrlGuard guard, CloneConfig config) {
    this.guard = guard;
    this.config = config;
  }

  /** What the receiver answered; {@code error} when it could not be reached or the URL was refused. */
  public record Outcome(Integer statusCode, String error) {
    public boolean delivered() {
      return statusCode != null && statusCode >= 200 && statusCode < 300;
    }
  }

  public Outcome post(String url, String body, Map<String, String> headers) {
    CheckedUrl checked;
    try {
      checked = guard.check(url, "webhookUrl");
    } catch (RuntimeException e) {
      return new Outcome(null, "url_not_allowed: " + e.getMessage());
    }
    var timeout = Timeout.of(config.webhooks().timeout());
    DnsResolver pinned = new DnsResolver() {
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
    var manager = PoolingHttpClientConnectionManagerBuilder.create().setDnsResolver(pinned)
        .setDefaultConnectionConfig(ConnectionConfig.custom().setConnectTimeout(timeout).setSocketTimeout(timeout)
            .build()).build();
    try (var client = HttpClients.custom().setConnectionManager(manager).disableRedirectHandling()
        .disableAutomaticRetries().disableCookieManagement().build()) {
      var request = new HttpPost(checked.uri());
      request.setConfig(RequestConfig.custom().setResponseTimeout(timeout).setRedirectsEnabled(false).build());
      headers.forEach(request::setHeader);
      request.setEntity(new StringEntity(body, ContentType.APPLICATION_JSON.withCharset(StandardCharsets.UTF_8)));
      return client.execute(request, response -> {
        EntityUtils.consumeQuietly(response.getEntity());
        return new Outcome(response.getCode(), null);
      });
    } catch (IOException e) {
      return new Outcome(null, e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": " + e.getMessage()));
    }
  }
}

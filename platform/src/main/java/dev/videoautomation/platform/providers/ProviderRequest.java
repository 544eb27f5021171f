package dev.videoautomation.platform.providers;

import java.net.URI;
import java.net.http.HttpRequest;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One request to a provider: method, URL (from operator configuration, never from callers, so the URL guard does not
 * apply), headers, an optional {@link ProviderBody}, the time the whole answer may take and how long connecting may
 * take. Answers are asked for as JSON; redirects are not followed unless asked for.
 */
public final class ProviderRequest {
  static final Duration DEFAULT_CONNECT = Duration.ofSeconds(10);

  private final String method;
  private final URI uri;
  private final Map<String, String> headers = new LinkedHashMap<>();
  private ProviderBody body;
  private Duration timeout = Duration.ofSeconds(30);
  private Duration connectTimeout = DEFAULT_CONNECT;
  private boolean followRedirects;

  private ProviderRequest(String method, String url) {
    this.method = method;
    this.uri = URI.create(url);
    headers.put("Accept", "application/json");
  }

  public static ProviderRequest get(String url) {
    return new ProviderRequest("GET", url);
  }

  public static ProviderRequest post(String url, ProviderBody body) {
    return new ProviderRequest("POST", url).body(body);
  }

  public static ProviderRequest of(String method, String url) {
    return new ProviderRequest(method, url);
  }

  /** {@code base} without its trailing slashes, then {@code path}: base URLs are written either way. */
  public static String url(String base, String path) {
    return base.replaceAll("/+$", "") + path;
  }

  /** Sets a header; a null value sends none. */
  public ProviderRequest header(String name, String value) {
    if (value != null) {
      headers.put(name, value);
    }
    return this;
  }

  /** {@code Authorization: Bearer <key>}, unless there is no key (a self-hosted server may need none). */
  public ProviderRequest bearer(String key) {
    return key == null || key.isBlank() ? this : header("Authorization", "Bearer " + key);
  }

  public ProviderRequest body(ProviderBody content) {
    this.body = content;
    return this;
  }

  public ProviderRequest timeout(Duration answerWithin) {
    this.timeout = answerWithin;
    return this;
  }

  public ProviderRequest connectTimeout(Duration connectWithin) {
    this.connectTimeout = connectWithin;
    return this;
  }

  public ProviderRequest followRedirects() {
    this.followRedirects = true;
    return this;
  }

  Duration connectTimeout() {
    return connectTimeout;
  }

  boolean followsRedirects() {
    return followRedirects;
  }

  HttpRequest build() {
    var builder = HttpRequest.newBuilder(uri).timeout(timeout);
    headers.forEach(builder::header);
    if (body == null) {
      return builder.method(method, HttpRequest.BodyPublishers.noBody()).build();
    }
    return builder.header("Content-Type", body.contentType()).method(method, body.publisher()).build();
  }
}

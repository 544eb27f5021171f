package dev.videoautomation.suite.contract;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Optional;

import javax.net.ssl.SSLSession;

/**
 * An answer as the JDK client received it, with its body read by the test rather than by the client's handler: what
 * {@link JdkExchange#check} judges against the snapshot, and what the caller is handed back.
 */
public record BodyRead<T>(HttpResponse<?> raw, T body) implements HttpResponse<T> {
  @Override
  public int statusCode() {
    return raw.statusCode();
  }

  @Override
  public HttpRequest request() {
    return raw.request();
  }

  @Override
  public Optional<HttpResponse<T>> previousResponse() {
    return Optional.empty();
  }

  @Override
  public HttpHeaders headers() {
    return raw.headers();
  }

  @Override
  public Optional<SSLSession> sslSession() {
    return raw.sslSession();
  }

  @Override
  public URI uri() {
    return raw.uri();
  }

  @Override
  public HttpClient.Version version() {
    return raw.version();
  }
}

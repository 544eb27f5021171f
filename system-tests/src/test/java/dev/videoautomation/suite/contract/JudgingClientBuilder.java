package dev.videoautomation.suite.contract;

import java.net.Authenticator;
import java.net.CookieHandler;
import java.net.InetAddress;
import java.net.ProxySelector;
import java.net.http.HttpClient;
import java.time.Duration;
import java.util.concurrent.Executor;

import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLParameters;

/**
 * A client builder for code that builds its own client from a builder (the generated client's {@code ApiClient}):
 * every setting goes to the JDK's builder, and what it builds is wrapped in a {@link ContractHttpClient}.
 */
public final class JudgingClientBuilder implements HttpClient.Builder {
  private final HttpClient.Builder delegate;

  public JudgingClientBuilder(HttpClient.Builder delegate) {
    this.delegate = delegate;
  }

  @Override
  public HttpClient build() {
    return ContractHttpClient.judging(delegate.build());
  }

  @Override
  public HttpClient.Builder cookieHandler(CookieHandler cookieHandler) {
    delegate.cookieHandler(cookieHandler);
    return this;
  }

  @Override
  public HttpClient.Builder connectTimeout(Duration duration) {
    delegate.connectTimeout(duration);
    return this;
  }

  @Override
  public HttpClient.Builder sslContext(SSLContext sslContext) {
    delegate.sslContext(sslContext);
    return this;
  }

  @Override
  public HttpClient.Builder sslParameters(SSLParameters sslParameters) {
    delegate.sslParameters(sslParameters);
    return this;
  }

  @Override
  public HttpClient.Builder executor(Executor executor) {
    delegate.executor(executor);
    return this;
  }

  @Override
  public HttpClient.Builder followRedirects(HttpClient.Redirect policy) {
    delegate.followRedirects(policy);
    return this;
  }

  @Override
  public HttpClient.Builder version(HttpClient.Version version) {
    delegate.version(version);
    return this;
  }

  @Override
  public HttpClient.Builder priority(int priority) {
    delegate.priority(priority);
    return this;
  }

  @Override
  public HttpClient.Builder proxy(ProxySelector proxySelector) {
    delegate.proxy(proxySelector);
    return this;
  }

  @Override
  public HttpClient.Builder authenticator(Authenticator authenticator) {
    delegate.authenticator(authenticator);
    return this;
  }

  @Override
  public HttpClient.Builder localAddress(InetAddress localAddr) {
    delegate.localAddress(localAddr);
    return this;
  }
}

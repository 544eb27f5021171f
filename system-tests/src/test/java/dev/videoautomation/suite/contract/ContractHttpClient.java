package dev.videoautomation.suite.contract;

import java.io.IOException;
import java.net.Authenticator;
import java.net.CookieHandler;
import java.net.ProxySelector;
import java.net.http.HttpClient;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.Flow;

import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLParameters;

/**
 * A java.net.http client whose every exchange the snapshot judges before the caller sees the answer: the answer is
 * read whole, checked, then handed to the caller's body handler as if it had just arrived. The generated client and
 * the reliability suites send through it.
 */
public final class ContractHttpClient extends HttpClient {
  private final HttpClient delegate;
  private final boolean answersOnly;

  private ContractHttpClient(HttpClient delegate, boolean answersOnly) {
    this.delegate = delegate;
    this.answersOnly = answersOnly;
  }

  /** Judges every request and its answer. */
  public static HttpClient judging(HttpClient delegate) {
    return new ContractHttpClient(delegate, false);
  }

  /** Judges only the answers: for {@code Agents.invalidRequest(HttpRequest)}, the one way to send invalid requests. */
  public static HttpClient judgingAnswersToInvalidRequests(HttpClient delegate) {
    return new ContractHttpClient(delegate, true);
  }

  @Override
  public <T> HttpResponse<T> send(HttpRequest request, HttpResponse.BodyHandler<T> handler)
      throws IOException, InterruptedException {
    return judged(request, delegate.send(request, HttpResponse.BodyHandlers.ofByteArray()), handler);
  }

  @Override
  public <T> CompletableFuture<HttpResponse<T>> sendAsync(HttpRequest request,
      HttpResponse.BodyHandler<T> handler) {
    return delegate.sendAsync(request, HttpResponse.BodyHandlers.ofByteArray())
        .thenApply(raw -> judged(request, raw, handler));
  }

  @Override
  public <T> CompletableFuture<HttpResponse<T>> sendAsync(HttpRequest request, HttpResponse.BodyHandler<T> handler,
      HttpResponse.PushPromiseHandler<T> pushPromiseHandler) {
    return sendAsync(request, handler);
  }

  private <T> HttpResponse<T> judged(HttpRequest request, HttpResponse<byte[]> raw,
      HttpResponse.BodyHandler<T> handler) {
    var validated = JdkExchange.request(request);
    var answer = JdkExchange.response(raw, raw.body());
    if (answersOnly || JdkExchange.streamed(request)) { // a streamed body is gone: its answer is still judged
      Contract.snapshot().checkAnswer(validated, answer);
    } else {
      Contract.snapshot().check(validated, answer);
    }
    return new BodyRead<>(raw, replay(raw, handler));
  }

  /** Feeds the bytes already read to the caller's handler, one buffer on its first demand, then the end. */
  private static <T> T replay(HttpResponse<byte[]> raw, HttpResponse.BodyHandler<T> handler) {
    var subscriber = handler.apply(new HttpResponse.ResponseInfo() {
      @Override
      public int statusCode() {
        return raw.statusCode();
      }

      @Override
      public HttpHeaders headers() {
        return raw.headers();
      }

      @Override
      public Version version() {
        return raw.version();
      }
    });
    subscriber.onSubscribe(new Flow.Subscription() {
      private boolean sent;
      private boolean ended;

      @Override
      public synchronized void request(long demand) {
        if (ended || demand <= 0) {
          return;
        }
        if (!sent && raw.body().length > 0) {
          sent = true;
          subscriber.onNext(List.of(ByteBuffer.wrap(raw.body())));
          if (demand == 1 || ended) {
            return;
          }
        }
        ended = true;
        subscriber.onComplete();
      }

      @Override
      public synchronized void cancel() {
        ended = true;
      }
    });
    return subscriber.getBody().toCompletableFuture().join();
  }

  @Override
  public Optional<CookieHandler> cookieHandler() {
    return delegate.cookieHandler();
  }

  @Override
  public Optional<Duration> connectTimeout() {
    return delegate.connectTimeout();
  }

  @Override
  public Redirect followRedirects() {
    return delegate.followRedirects();
  }

  @Override
  public Optional<ProxySelector> proxy() {
    return delegate.proxy();
  }

  @Override
  public SSLContext sslContext() {
    return delegate.sslContext();
  }

  @Override
  public SSLParameters sslParameters() {
    return delegate.sslParameters();
  }

  @Override
  public Optional<Authenticator> authenticator() {
    return delegate.authenticator();
  }

  @Override
  public Version version() {
    return delegate.version();
  }

  @Override
  public Optional<Executor> executor() {
    return delegate.executor();
  }
}

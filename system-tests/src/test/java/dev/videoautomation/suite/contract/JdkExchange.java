package dev.videoautomation.suite.contract;

import java.io.ByteArrayOutputStream;
import java.net.URLDecoder;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Flow;
import java.util.concurrent.TimeUnit;

import com.atlassian.oai.validator.model.Request;
import com.atlassian.oai.validator.model.Response;
import com.atlassian.oai.validator.model.SimpleRequest;
import com.atlassian.oai.validator.model.SimpleResponse;

/**
 * A java.net.http exchange in the validator's terms, for the tests that do not use REST Assured (concurrent bursts,
 * the reliability suites, the generated client through {@link ContractHttpClient}).
 */
public final class JdkExchange {
  private JdkExchange() {
  }

  /** Judges the request and its answer (e.g. after a burst whose timing validation must not disturb). */
  public static void check(HttpRequest request, HttpResponse<String> response) {
    Contract.snapshot().check(request(request), response(response, response.body().getBytes(StandardCharsets.UTF_8)));
  }

  static Request request(HttpRequest request) {
    var builder = new SimpleRequest.Builder(request.method(), request.uri().getRawPath());
    request.headers().map().forEach(builder::withHeader);
    var query = request.uri().getRawQuery();
    if (query != null && !query.isEmpty()) {
      for (var pair : query.split("&")) {
        var equals = pair.indexOf('=');
        var name = equals < 0 ? pair : pair.substring(0, equals);
        var value = equals < 0 ? "" : pair.substring(equals + 1);
        builder.withQueryParam(decode(name), decode(value));
      }
    }
    var body = body(request);
    if (body.length > 0) {
      builder.withBody(body);
    }
    return builder.build();
  }

  static Response response(HttpResponse<?> response, byte[] body) {
    var builder = new SimpleResponse.Builder(response.statusCode());
    response.headers().map().forEach(builder::withHeader);
    if (body.length > 0) {
      builder.withBody(body);
    }
    return builder.build();
  }

  /** A percent-decoded query part; one that does not decode (a lone surrogate's bytes) is judged as sent. */
  private static String decode(String text) {
    try {
      return URLDecoder.decode(text, StandardCharsets.UTF_8);
    } catch (IllegalArgumentException e) {
      return text;
    }
  }

  /**
   * Whether the request's body was streamed (unknown length: a pipe or an input stream, as a generated client's
   * multipart upload is): such a body was consumed by the send and cannot be read again to be judged.
   */
  static boolean streamed(HttpRequest request) {
    return request.bodyPublisher().map(publisher -> publisher.contentLength() < 0).orElse(false);
  }

  /** The bytes a request's body publisher gives (the JDK's sized publishers can be read again after the send). */
  private static byte[] body(HttpRequest request) {
    var publisher = request.bodyPublisher().orElse(null);
    if (publisher == null || publisher.contentLength() <= 0) {
      return new byte[0];
    }
    var bytes = new ByteArrayOutputStream();
    var done = new CompletableFuture<byte[]>();
    publisher.subscribe(new Flow.Subscriber<>() {
      @Override
      public void onSubscribe(Flow.Subscription subscription) {
        subscription.request(Long.MAX_VALUE);
      }

      @Override
      public void onNext(ByteBuffer item) {
        var chunk = new byte[item.remaining()];
        item.get(chunk);
        bytes.writeBytes(chunk);
      }

      @Override
      public void onError(Throwable failure) {
        done.completeExceptionally(failure);
      }

      @Override
      public void onComplete() {
        done.complete(bytes.toByteArray());
      }
    });
    try {
      return done.get(30, TimeUnit.SECONDS);
    } catch (Exception e) {
      throw new IllegalStateException("Could not read the body of " + request.method() + " " + request.uri()
          + " again to check it", e);
    }
  }
}

package dev.videoautomation.gateway.proxy;

import java.net.URI;
import java.util.Locale;
import java.util.Set;
import java.util.function.Consumer;

import jakarta.enterprise.context.ApplicationScoped;

import io.quarkus.logging.Log;
import io.vertx.core.MultiMap;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.HttpClientResponse;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.PoolOptions;
import io.vertx.core.http.RequestOptions;
import io.vertx.ext.web.RoutingContext;

import dev.videoautomation.gateway.config.GatewayConfig;
import dev.videoautomation.platform.errors.ApiError;
import dev.videoautomation.platform.errors.ErrorCode;
import dev.videoautomation.platform.errors.ErrorResponses;
import dev.videoautomation.platform.http.ApiVersion;
import dev.videoautomation.platform.http.ResponseHeadersFilter;
import dev.videoautomation.platform.http.TraceParent;

/**
 * Streams a request to its owner and the answer back, never holding a whole body: the request is piped with
 * back-pressure into the upstream request and the upstream response into ours, so a 1 GiB upload costs buffers,
 * not a gigabyte. The caller's key stays here; the owner gets the internal token instead.
 */
@ApplicationScoped
public class Forwarder {
  /** Hop-by-hop headers (RFC 9110 §7.6.1) and the ones the gateway replaces; never copied across. */
  private static final Set<String> NOT_FORWARDED = Set.of("connection", "keep-alive", "proxy-authenticate",
      "proxy-authorization", "te", "trailer", "transfer-encoding", "upgrade", "host", "authorization", "x-api-key",
      "x-forwarded-for", "x-forwarded-host", "x-forwarded-proto", "x-request-id", "x-client-address",
      "idempotency-key");
  private static final Set<String> NOT_RETURNED = Set.of("connection", "keep-alive", "proxy-authenticate",
      "proxy-authorization", "te", "trailer", "transfer-encoding", "upgrade");

  private final HttpClient client;
  private final long idleTimeoutMillis;
  private final ClientAddresses clientAddresses;

  Forwarder(Vertx vertx, GatewayConfig config, ClientAddresses clientAddresses) {
    this.clientAddresses = clientAddresses;
    var upstream = config.upstream();
    this.idleTimeoutMillis = upstream.idleTimeout().toMillis();
    this.client = vertx.createHttpClient(new HttpClientOptions()
            .setConnectTimeout((int) upstream.connectTimeout().toMillis())
            .setKeepAlive(true)
            .setTcpNoDelay(true)
            .setDecompressionSupported(false),
        new PoolOptions().setHttp1MaxSize(upstream.maxConnections()));
  }

  /**
   * How one forward goes: the request body already read ({@code body}, for idempotent requests) or streamed, whether
   * the answer is read whole to be stored ({@code capture}), and who hears the outcome.
   */
  public record Options(Buffer body, boolean capture, Consumer<Outcome> onOutcome) {
    public static final Options STREAMING = new Options(null, false, outcome -> {
    });
  }

  /**
   * What the caller got: the owner's status, or the gateway's 502/504 when the owner failed ({@code reached}
   * false); with {@code capture}, the answer's headers and body.
   */
  public record Outcome(int status, boolean reached, MultiMap headers, Buffer body) {
  }

  /** Forwards the request in {@code rc} to {@code owner} with {@code internalToken} as its bearer token. */
  public void forward(RoutingContext rc, URI owner, String internalToken) {
    forward(rc, owner, internalToken, Options.STREAMING);
  }

  /** As {@link #forward(RoutingContext, URI, String)}, the way {@code options} say. */
  public void forward(RoutingContext rc, URI owner, String internalToken, Options options) {
    var request = rc.request();
    request.pause();
    var requestOptions = new RequestOptions()
        .setMethod(request.method())
        .setHost(owner.getHost())
        .setPort(owner.getPort())
        .setURI(request.uri())
        .setIdleTimeout(idleTimeoutMillis)
        .setHeaders(upstreamHeaders(rc, internalToken));
    var hasBody = request.headers().contains(HttpHeaders.CONTENT_LENGTH)
        || request.headers().contains(HttpHeaders.TRANSFER_ENCODING);
    client.request(requestOptions)
        .compose(upstream -> {
          if (options.body() != null) {
            upstream.headers().remove(HttpHeaders.TRANSFER_ENCODING);
            upstream.putHeader(HttpHeaders.CONTENT_LENGTH, String.valueOf(options.body().length()));
            return upstream.send(options.body());
          }
          if (!request.headers().contains(HttpHeaders.CONTENT_LENGTH) && hasBody) {
            upstream.setChunked(true);
          }
          if (hasBody) {
            return upstream.send(request);
          }
          request.resume();
          return upstream.send();
        })
        .onSuccess(upstreamResponse -> {
          if (options.capture()) {
            captureAndRelay(rc, upstreamResponse, options.onOutcome());
          } else {
            relay(rc, upstreamResponse);
            options.onOutcome().accept(new Outcome(upstreamResponse.statusCode(), true, upstreamResponse.headers(),
                null));
          }
        })
        .onFailure(failure -> options.onOutcome().accept(failed(rc, owner, failure)));
  }

  private void captureAndRelay(RoutingContext rc, HttpClientResponse upstream, Consumer<Outcome> onOutcome) {
    upstream.body()
        .onSuccess(body -> {
          var response = rc.response();
          if (response.ended() || response.closed()) {
            onOutcome.accept(new Outcome(upstream.statusCode(), true, upstream.headers(), body));
            return;
          }
          response.setStatusCode(upstream.statusCode());
          response.setStatusMessage(upstream.statusMessage());
          copyReturnedHeaders(upstream.headers(), response.headers());
          response.headers().remove(HttpHeaders.TRANSFER_ENCODING);
          response.end(body);
          onOutcome.accept(new Outcome(upstream.statusCode(), true, upstream.headers(), body));
        })
        .onFailure(failure -> onOutcome.accept(failed(rc, URI.create("upstream:response"), failure)));
  }

  private MultiMap upstreamHeaders(RoutingContext rc, String internalToken) {
    var request = rc.request();
    var headers = MultiMap.caseInsensitiveMultiMap();
    request.headers().forEach(header -> {
      if (!NOT_FORWARDED.contains(header.getKey().toLowerCase(Locale.ROOT))) {
        headers.add(header.getKey(), header.getValue());
      }
    });
    headers.set(HttpHeaders.AUTHORIZATION, "Bearer " + internalToken);
    headers.set(ApiVersion.REQUEST_ID_HEADER, (String) rc.get(ResponseHeadersFilter.ROUTING_KEY));
    // The owner's span is a child of the gateway's (which joined the agent's trace, if it sent one).
    headers.set(TraceParent.HEADER, rc.<TraceParent>get(ResponseHeadersFilter.TRACE_KEY).header());
    var clientAddress = clientAddresses.of(request);
    if (clientAddress != null) {
      headers.set("X-Forwarded-For", clientAddress);
      headers.set(ClientAddresses.HEADER, clientAddress);
    }
    headers.set("X-Forwarded-Proto", request.scheme() == null ? "http" : request.scheme());
    if (request.authority() != null) {
      headers.set("X-Forwarded-Host", request.authority().toString());
    }
    return headers;
  }

  private static void relay(RoutingContext rc, HttpClientResponse upstream) {
    var response = rc.response();
    if (response.ended() || response.closed()) {
      upstream.request().reset();
      return;
    }
    response.setStatusCode(upstream.statusCode());
    response.setStatusMessage(upstream.statusMessage());
    copyReturnedHeaders(upstream.headers(), response.headers());
    if (!upstream.headers().contains(HttpHeaders.CONTENT_LENGTH)) {
      response.setChunked(true);
    }
    response.send(upstream);
  }

  private static void copyReturnedHeaders(MultiMap from, MultiMap to) {
    from.forEach(header -> {
      if (!NOT_RETURNED.contains(header.getKey().toLowerCase(Locale.ROOT))) {
        to.add(header.getKey(), header.getValue());
      }
    });
  }

  private static Outcome failed(RoutingContext rc, URI owner, Throwable failure) {
    var timedOut = failure.getClass().getSimpleName().contains("Timeout")
        || String.valueOf(failure.getMessage()).toLowerCase(Locale.ROOT).contains("timeout");
    var status = timedOut ? 504 : 502;
    if (rc.response().headWritten()) {
      rc.response().reset();
      return new Outcome(status, false, null, null);
    }
    Log.warnf("Forwarding %s %s to %s failed: %s", rc.request().method(), rc.normalizedPath(), owner, failure);
    var error = timedOut
        ? ApiError.of(ErrorCode.UPSTREAM_TIMEOUT, "The service behind this path did not answer in time. Retry later.")
        : ApiError.of(ErrorCode.UPSTREAM_ERROR, "The service behind this path is unavailable. Retry shortly.");
    rc.request().resume();
    ErrorResponses.send(rc, error);
    return new Outcome(status, false, null, null);
  }
}

package dev.videoautomation.gateway.proxy;

import java.net.URI;
import java.util.Locale;
import java.util.Set;

import jakarta.enterprise.context.ApplicationScoped;

import io.quarkus.logging.Log;
import io.vertx.core.MultiMap;
import io.vertx.core.Vertx;
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
      "x-forwarded-for", "x-forwarded-host", "x-forwarded-proto", "x-request-id");
  private static final Set<String> NOT_RETURNED = Set.of("connection", "keep-alive", "proxy-authenticate",
      "proxy-authorization", "te", "trailer", "transfer-encoding", "upgrade");

  private final HttpClient client;
  private final long idleTimeoutMillis;

  Forwarder(Vertx vertx, GatewayConfig config) {
    var upstream = config.upstream();
    this.idleTimeoutMillis = upstream.idleTimeout().toMillis();
    this.client = vertx.createHttpClient(new HttpClientOptions()
            .setConnectTimeout((int) upstream.connectTimeout().toMillis())
            .setKeepAlive(true)
            .setTcpNoDelay(true)
            .setDecompressionSupported(false),
        new PoolOptions().setHttp1MaxSize(upstream.maxConnections()));
  }

  /** Forwards the request in {@code rc} to {@code owner} with {@code internalToken} as its bearer token. */
  public void forward(RoutingContext rc, URI owner, String internalToken) {
    var request = rc.request();
    request.pause();
    var options = new RequestOptions()
        .setMethod(request.method())
        .setHost(owner.getHost())
        .setPort(owner.getPort())
        .setURI(request.uri())
        .setIdleTimeout(idleTimeoutMillis)
        .setHeaders(upstreamHeaders(rc, internalToken));
    var hasBody = request.headers().contains(HttpHeaders.CONTENT_LENGTH)
        || request.headers().contains(HttpHeaders.TRANSFER_ENCODING);
    client.request(options)
        .compose(upstream -> {
          if (!request.headers().contains(HttpHeaders.CONTENT_LENGTH) && hasBody) {
            upstream.setChunked(true);
          }
          if (hasBody) {
            return upstream.send(request);
          }
          request.resume();
          return upstream.send();
        })
        .onSuccess(upstreamResponse -> relay(rc, upstreamResponse))
        .onFailure(failure -> failed(rc, owner, failure));
  }

  private static MultiMap upstreamHeaders(RoutingContext rc, String internalToken) {
    var request = rc.request();
    var headers = MultiMap.caseInsensitiveMultiMap();
    request.headers().forEach(header -> {
      if (!NOT_FORWARDED.contains(header.getKey().toLowerCase(Locale.ROOT))) {
        headers.add(header.getKey(), header.getValue());
      }
    });
    headers.set(HttpHeaders.AUTHORIZATION, "Bearer " + internalToken);
    headers.set(ApiVersion.REQUEST_ID_HEADER, (String) rc.get(ResponseHeadersFilter.ROUTING_KEY));
    var remote = request.remoteAddress();
    if (remote != null) {
      headers.set("X-Forwarded-For", remote.hostAddress());
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
    upstream.headers().forEach(header -> {
      if (!NOT_RETURNED.contains(header.getKey().toLowerCase(Locale.ROOT))) {
        response.headers().add(header.getKey(), header.getValue());
      }
    });
    if (!upstream.headers().contains(HttpHeaders.CONTENT_LENGTH)) {
      response.setChunked(true);
    }
    response.send(upstream);
  }

  private static void failed(RoutingContext rc, URI owner, Throwable failure) {
    if (rc.response().headWritten()) {
      rc.response().reset();
      return;
    }
    var timedOut = failure.getClass().getSimpleName().contains("Timeout")
        || String.valueOf(failure.getMessage()).toLowerCase(Locale.ROOT).contains("timeout");
    Log.warnf("Forwarding %s %s to %s failed: %s", rc.request().method(), rc.normalizedPath(), owner, failure);
    var error = timedOut
        ? ApiError.of(ErrorCode.UPSTREAM_TIMEOUT, "The service behind this path did not answer in time. Retry later.")
        : ApiError.of(ErrorCode.UPSTREAM_ERROR, "The service behind this path is unavailable. Retry shortly.");
    rc.request().resume();
    ErrorResponses.send(rc, error);
  }
}

package dev.videoautomation.gateway.sizes;

import java.util.Iterator;
import java.util.Map;
import java.util.Optional;

import jakarta.inject.Singleton;


import io.vertx.core.Future;
import io.vertx.core.MultiMap;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpHeaders;

import dev.videoautomation.gateway.config.GatewayConfig;
import dev.videoautomation.gateway.routing.Body;
import dev.videoautomation.gateway.routing.Route;
import dev.videoautomation.platform.errors.ApiError;
import dev.videoautomation.platform.errors.ApiException;
import dev.videoautomation.platform.errors.ErrorCode;

/**
 * The largest request the gateway takes: request target, header block and body (per route kind). It answers these
 * itself, with the suite's error body, because an owner refusing them would answer bare (Vert.x's decoder and
 * Quarkus' body limit write no JSON) or, mid-stream, not at all. The HTTP decoder's own limits are set far above
 * these (application.properties), so only requests past both are refused bare.
 */
@Singleton
public class RequestSizes {
  private final GatewayConfig config;

  RequestSizes(GatewayConfig config) {
    this.config = config;
  }

  /** 414 for a request target past the limit, 431 for a header block past it; empty when both fit. */
  public Optional<ApiError> refusedHead(String uri, MultiMap headers) {
    var uriBytes = uri.length();
    if (uriBytes > config.maxUriBytes()) {
      return Optional.of(ApiError.of(ErrorCode.URI_TOO_LONG, "The path and query string are " + uriBytes
          + " bytes; the gateway takes at most " + config.maxUriBytes() + ". Send fewer or shorter query "
          + "parameters, and cursors as the API gave them.").with("limit", config.maxUriBytes()));
    }
    var headerBytes = 0L;
    // Netty's view of Vert.x's header map hands out its own entries; MultiMap's iterator wraps each one.
    Iterator<? extends Map.Entry<? extends CharSequence, ? extends CharSequence>> entries =
        headers instanceof io.netty.handler.codec.http.HttpHeaders netty ? netty.iteratorCharSequence()
            : headers.iterator();
    while (entries.hasNext()) {
      var header = entries.next();
      headerBytes += header.getKey().length() + 2 + header.getValue().length();
    }
    if (headerBytes > config.maxHeaderBytes()) {
      return Optional.of(ApiError.of(ErrorCode.HEADERS_TOO_LARGE, "The request headers are " + headerBytes
          + " bytes together; the gateway takes at most " + config.maxHeaderBytes() + ". Send fewer or smaller "
          + "headers.").with("limit", config.maxHeaderBytes()));
    }
    return Optional.empty();
  }

  /** The largest body {@code route} takes, in bytes. */
  public long bodyLimit(Route route) {
    return route.body() == Body.UPLOAD ? config.maxUploadBytes() : config.maxBodyBytes();
  }

  /**
   * The whole body of a request to {@code route} that must be read before it is forwarded (one with an
   * {@code Idempotency-Key}), up to the document limit whatever the route takes: 413 past it, declared or sent.
   */
  public Future<Buffer> readWhole(IncomingRequest request, Route route) {
    var limit = config.maxBodyBytes();
    var tooLarge = route.body() == Body.DOCUMENT ? tooLarge(limit) : ApiError.of(ErrorCode.PAYLOAD_TOO_LARGE,
        "A request with an Idempotency-Key may carry at most " + limit + " bytes, because its body is read whole; "
            + "send larger bodies without one.").with("limit", limit);
    if (refusedDeclaredBody(request.headers(), limit).isPresent()) {
      return Future.failedFuture(new ApiException(tooLarge));
    }
    return request.readWhole(limit, tooLarge);
  }

  /** 413 when the request declares a {@code Content-Length} past {@code limit}; empty otherwise. */
  public Optional<ApiError> refusedDeclaredBody(MultiMap headers, long limit) {
    var declared = headers.get(HttpHeaders.CONTENT_LENGTH);
    if (declared == null) {
      return Optional.empty();
    }
    try {
      return Long.parseLong(declared.trim()) > limit ? Optional.of(tooLarge(limit)) : Optional.empty();
    } catch (NumberFormatException e) {
      return Optional.empty(); // the HTTP decoder refuses a malformed length before any filter runs
    }
  }

  /** The 413 of a body past {@code limit}. */
  public static ApiError tooLarge(long limit) {
    return ApiError.of(ErrorCode.PAYLOAD_TOO_LARGE, "The request body is larger than this operation takes: at most "
        + limit + " bytes. Send a smaller body; media files go to POST /v1/upload.").with("limit", limit);
  }
}

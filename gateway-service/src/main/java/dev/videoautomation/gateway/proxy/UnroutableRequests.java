package dev.videoautomation.gateway.proxy;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

import io.quarkus.logging.Log;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpHeaders;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;

import dev.videoautomation.platform.errors.ApiError;
import dev.videoautomation.platform.errors.ErrorCode;
import dev.videoautomation.platform.errors.ErrorResponses;
import dev.videoautomation.platform.http.ApiVersion;
import dev.videoautomation.platform.http.RequestIds;
import dev.videoautomation.platform.http.ResponseHeadersFilter;
import dev.videoautomation.platform.metrics.SuiteMetrics;

/**
 * A request the HTTP decoder took but the router refuses before any filter sees it: an HTTP/1.1 request without a
 * valid {@code Host} (RFC 9112 §3.2), or a request target that is not a path ({@code *}, {@code ?x}). Vert.x Web fails
 * those in its routing context, and Quarkus' default answer is its own error body (with the exception) and an ERROR
 * log. The caller's mistake gets the suite's JSON 400 instead, with {@code Service-Version} and {@code X-Request-Id}
 * set here since the filters that set them never ran. What the decoder itself refuses (bad framing, control
 * characters, two lengths) never reaches a router: Vert.x answers it with a bare 400 and closes the connection.
 */
@ApplicationScoped
class UnroutableRequests {
  static final String NO_HOST = "An HTTP/1.1 request needs one valid Host header (RFC 9112 §3.2), such as "
      + "Host: api.example.com.";
  static final String NOT_A_PATH = "The request target must be a path that starts with /, such as /v1/info.";

  void register(@Observes Router router) {
    router.route().order(Integer.MIN_VALUE).failureHandler(this::answer);
  }

  void answer(RoutingContext rc) {
    var response = rc.response();
    if (rc.get(ResponseHeadersFilter.ROUTING_KEY) != null || response.ended()) {
      // Routed: the failure is the filters' or a resource's, for the handlers that know it.
      rc.next();
      return;
    }
    var path = rc.request().path();
    var error = path == null || !path.startsWith("/")
        ? ApiError.of(ErrorCode.INVALID_REQUEST, NOT_A_PATH)
        : ApiError.of(ErrorCode.INVALID_REQUEST, NO_HOST).with("field", "Host");
    Log.debugf("Refused a request the router cannot route: %s", rc.failure() == null ? rc.statusCode()
        : rc.failure().getMessage());
    SuiteMetrics.answered(error.getError());
    response.setStatusCode(error.status())
        .putHeader(HttpHeaders.CONTENT_TYPE, "application/json")
        .putHeader(ApiVersion.SERVICE_VERSION_HEADER, ApiVersion.CURRENT)
        .putHeader(ApiVersion.REQUEST_ID_HEADER, RequestIds.accept(rc.request().getHeader(
            ApiVersion.REQUEST_ID_HEADER)));
    response.end(Buffer.buffer(ErrorResponses.toJson(error)));
  }
}

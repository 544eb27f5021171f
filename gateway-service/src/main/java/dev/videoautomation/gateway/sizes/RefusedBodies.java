package dev.videoautomation.gateway.sizes;

import io.vertx.core.http.HttpHeaders;
import io.vertx.ext.web.RoutingContext;

import dev.videoautomation.platform.errors.ApiError;
import dev.videoautomation.platform.errors.ErrorResponses;

/**
 * Answers a request whose body the gateway will not take while the caller may still be sending it. Most HTTP clients
 * read the answer only after sending the whole body, and a connection closed under them loses the answer; so the
 * rest of the body is read and dropped, up to {@link #DRAIN_BYTES}, and only then is the connection closed (the
 * answer says {@code Connection: close}). A caller declaring or sending more than that loses the connection
 * right after the answer instead.
 */
public final class RefusedBodies {
  /** How much of a refused body is read and dropped so that the caller sees the answer. */
  static final long DRAIN_BYTES = 64L * 1024 * 1024;

  private RefusedBodies() {
  }

  /** Sends {@code error} (the request's body unread or partly read), then drains and closes the connection. */
  public static void answer(RoutingContext rc, ApiError error) {
    var request = rc.request();
    var response = rc.response();
    if (request.isEnded()) {
      ErrorResponses.send(rc, error);
      return;
    }
    if (response.headWritten()) {
      request.connection().close();
      return;
    }
    response.putHeader(HttpHeaders.CONNECTION, "close");
    if (declaredLength(rc) > DRAIN_BYTES) {
      response.endHandler(ignored -> request.connection().close());
      ErrorResponses.send(rc, error);
      return;
    }
    ErrorResponses.send(rc, error);
    var drained = new long[1];
    request.exceptionHandler(ignored -> {
    });
    request.handler(chunk -> {
      drained[0] += chunk.length();
      if (drained[0] > DRAIN_BYTES) {
        request.handler(null);
        request.connection().close();
      }
    });
    request.endHandler(ignored -> request.connection().close());
    request.resume();
  }

  private static long declaredLength(RoutingContext rc) {
    try {
      var declared = rc.request().getHeader(HttpHeaders.CONTENT_LENGTH);
      return declared == null ? 0 : Long.parseLong(declared.trim());
    } catch (NumberFormatException e) {
      return 0;
    }
  }
}

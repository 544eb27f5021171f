package dev.videoautomation.platform.errors;

import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpHeaders;
import io.vertx.ext.web.RoutingContext;

import dev.videoautomation.platform.metrics.SuiteMetrics;

/**
 * Renders an {@link ApiError} the one way the suite does: plain JSON, or problem+json on the auth family; 429 also
 * gets a {@code Retry-After} header. Used by the JAX-RS mappers and by Vert.x-level filters alike.
 */
public final class ErrorResponses {
  private static final ObjectMapper FALLBACK_MAPPER = new ObjectMapper();

  private ErrorResponses() {
  }

  public static Response toResponse(String path, ApiError error) {
    SuiteMetrics.answered(error.getError());
    var builder = Response.status(error.status());
    retryAfter(error).ifPresent(seconds -> builder.header("Retry-After", seconds));
    if (ProblemDetails.appliesTo(path)) {
      return builder.type(ProblemDetails.MEDIA_TYPE).entity(ProblemDetails.from(error)).build();
    }
    return builder.type(MediaType.APPLICATION_JSON_TYPE).entity(error).build();
  }

  /** Ends a Vert.x response with the error; for filters that answer before any JAX-RS resource is reached. */
  public static void send(RoutingContext rc, ApiError error) {
    var response = rc.response();
    if (response.ended()) {
      return;
    }
    SuiteMetrics.answered(error.getError());
    var problem = ProblemDetails.appliesTo(rc.normalizedPath());
    response.setStatusCode(error.status())
        .putHeader(HttpHeaders.CONTENT_TYPE, problem ? ProblemDetails.MEDIA_TYPE : MediaType.APPLICATION_JSON);
    retryAfter(error).ifPresent(seconds -> response.putHeader("Retry-After", String.valueOf(seconds)));
    response.end(Buffer.buffer(toJson(problem ? ProblemDetails.from(error) : error)));
  }

  public static byte[] toJson(Object body) {
    try {
      return FALLBACK_MAPPER.writeValueAsBytes(body);
    } catch (JsonProcessingException e) {
      return ("{\"error\":\"internal_error\",\"message\":\"The error could not be rendered.\"}").getBytes();
    }
  }

  private static java.util.Optional<Object> retryAfter(ApiError error) {
    return java.util.Optional.ofNullable(error.extra().get("retryAfter"));
  }
}

package dev.videoautomation.platform.calls;

import java.util.List;

import jakarta.ws.rs.ProcessingException;
import jakarta.ws.rs.WebApplicationException;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.quarkus.logging.Log;

import dev.videoautomation.platform.errors.ApiError;
import dev.videoautomation.platform.errors.ErrorCode;

/** Turns a failed call to another service into an {@link OwnerRefusal} that keeps the owner's code and fields. */
public final class OwnerErrors {
  /** The extra fields of the suite's error bodies worth passing on to an agent. */
  private static final List<String> KEPT_FIELDS =
      List.of("field", "reason", "limit", "contentType", "upstreamStatus", "balance", "cost", "max", "creditBudget",
          "creditsSpent", "setup");
  private static final ObjectMapper JSON = new ObjectMapper();

  private OwnerErrors() {
  }

  /**
   * Makes one REST-client call to {@code owner}, turning an error answer into an {@link OwnerRefusal} and an
   * unreachable owner into an {@link OwnerUnavailable}.
   */
  public static <T> T call(String owner, java.util.function.Supplier<T> call) {
    try {
      return call.get();
    } catch (WebApplicationException e) {
      throw fromAnswer(owner, e);
    } catch (ProcessingException e) {
      throw unreachable(owner, e);
    }
  }

  /** The refusal for an error answer, or an {@link OwnerUnavailable} when the answer was 502/504. */
  public static OwnerRefusal fromAnswer(String owner, WebApplicationException e) {
    var status = e.getResponse().getStatus();
    JsonNode body = null;
    try {
      body = JSON.readTree(e.getResponse().readEntity(String.class));
    } catch (RuntimeException | java.io.IOException unreadable) {
      // every service answers JSON errors; anything else (a proxy's HTML page) is judged by its status alone
    }
    var code = body == null ? null : ErrorCode.fromCode(body.path("error").asText(""));
    if (code == null) {
      code = status >= 500 ? ErrorCode.UPSTREAM_ERROR : ErrorCode.forStatus(status);
    }
    var message = body == null ? "" : body.path("message").asText("");
    var error = ApiError.of(code, message.isBlank() ? "The " + owner + " answered " + status + "." : message)
        .withStatus(status);
    if (body != null) {
      for (var field : KEPT_FIELDS) {
        if (body.hasNonNull(field)) {
          error = error.with(field, JSON.convertValue(body.get(field), Object.class));
        }
      }
    }
    return status == 502 || status == 504 ? new OwnerUnavailable(error) : new OwnerRefusal(error);
  }

  /** The owner could not be reached at all (connection refused, reset, DNS). */
  public static OwnerUnavailable unreachable(String owner, ProcessingException e) {
    Log.warnf("The %s could not be reached: %s", owner, e.getMessage());
    return new OwnerUnavailable(ApiError.of(ErrorCode.SERVICE_UNAVAILABLE,
        "The " + owner + " could not be reached; retry in a moment."));
  }

  /** The call ran past its timeout. */
  public static OwnerUnavailable timedOut(String owner) {
    return new OwnerUnavailable(ApiError.of(ErrorCode.UPSTREAM_TIMEOUT,
        "The " + owner + " took too long to answer; retry later."));
  }
}

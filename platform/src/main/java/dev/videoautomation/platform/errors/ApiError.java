package dev.videoautomation.platform.errors;

import java.util.LinkedHashMap;
import java.util.Map;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;

import io.quarkus.runtime.annotations.RegisterForReflection;

/**
 * The one error body of the suite: {@code {"error": "snake_case_code", "message": "what to do"}} plus optional
 * fields such as {@code setup}, {@code field}, {@code limit} and {@code retryAfter}. Immutable: the {@code with*}
 * methods return a copy.
 */
@RegisterForReflection
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonPropertyOrder({"error", "message"})
public final class ApiError {
  private final int status;
  private final String error;
  private final String message;
  private final Map<String, Object> extra;

  private ApiError(int status, String error, String message, Map<String, Object> extra) {
    this.status = status;
    this.error = error;
    this.message = message;
    this.extra = extra;
  }

  public static ApiError of(ErrorCode code, String message) {
    return new ApiError(code.status(), code.code(), message, Map.of());
  }

  /** A 400 {@code invalid_request} that names the offending field, in the message and in {@code field}. */
  public static ApiError invalidField(String field, String problem) {
    return of(ErrorCode.INVALID_REQUEST, "Field '" + field + "' " + problem + ".").with("field", field);
  }

  public ApiError with(String name, Object value) {
    if (value == null) {
      return this;
    }
    var copy = new LinkedHashMap<>(extra);
    copy.put(name, value);
    return new ApiError(status, error, message, java.util.Collections.unmodifiableMap(copy));
  }

  /** The {@code setup} sentence telling an operator or agent what to configure or call first. */
  public ApiError withSetup(String setup) {
    return with("setup", setup);
  }

  public ApiError withStatus(int newStatus) {
    return new ApiError(newStatus, error, message, extra);
  }

  @com.fasterxml.jackson.annotation.JsonIgnore
  public int status() {
    return status;
  }

  public String getError() {
    return error;
  }

  public String getMessage() {
    return message;
  }

  @JsonAnyGetter
  public Map<String, Object> extra() {
    return new LinkedHashMap<>(extra);
  }
}

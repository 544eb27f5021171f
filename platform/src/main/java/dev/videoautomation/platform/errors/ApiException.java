package dev.videoautomation.platform.errors;

/**
 * Thrown anywhere in a service to answer with an {@link ApiError}; the error mappers render it. No stack trace is
 * filled in: these are expected outcomes, not faults.
 */
public class ApiException extends RuntimeException {
  private final transient ApiError error;

  public ApiException(ApiError error) {
    super(error.getError() + ": " + error.getMessage(), null, false, false);
    this.error = error;
  }

  public ApiException(ErrorCode code, String message) {
    this(ApiError.of(code, message));
  }

  public static ApiException invalidField(String field, String problem) {
    return new ApiException(ApiError.invalidField(field, problem));
  }

  public static ApiException notFound(String what) {
    return new ApiException(ErrorCode.NOT_FOUND, what + " was not found.");
  }

  public ApiError error() {
    return error;
  }
}

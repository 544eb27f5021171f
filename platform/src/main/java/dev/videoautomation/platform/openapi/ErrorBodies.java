package dev.videoautomation.platform.openapi;

import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * The error bodies as every service's OpenAPI document names them: one {@code Error} (application/json) and one
 * {@code Problem} (application/problem+json, the registration family {@code /v1/auth/agent/**}). The platform's
 * error mappers render them ({@code ApiError}, {@code ProblemDetails}); these types exist for the document only, so
 * every service declares its error answers with {@code @Schema(implementation = ErrorBodies.Error.class)} and the
 * merged document holds one definition of each. Extra fields beyond those listed may appear (docs/errors.md).
 */
public final class ErrorBodies {
  /** Limits are sizes in bytes (up to the largest upload) or calls per day. */
  static final String MAX_LIMIT = "9223372036854775807";
  /** Retries are asked for at most until the next daily reset. */
  static final String MAX_RETRY_AFTER = "86400";
  static final String LIMIT = "The limit that was reached: bytes on 413/414/431, calls on 429.";
  static final String RETRY_AFTER = "Seconds to wait before calling again, as the `Retry-After` header.";
  static final String TYPE = "`/docs/errors#<code>`, a reference relative to the API's base URL (RFC 3986 §5): "
      + "it resolves to the row of the error-codes page that explains the code.";
  static final String BUCKET = "With 429 `rate_limited` from a daily limit: the bucket that is used up, as `GET "
      + "/v1/usage` and the `RateLimit-Policy` header name it (several operations may share one, as the 24 scrape "
      + "operations share `scrape`).";

  private ErrorBodies() {
  }

  @Schema(name = "Error", additionalProperties = Schema.True.class, description = "The error body of every answer "
      + "outside the registration family. Branch on `error`; `message` says what to do. `field` names the input at "
      + "fault (400), `setup` what to configure or call first, `limit` and `retryAfter` come with 413 and 429, "
      + "`bucket` with the 429 of a daily limit. docs/errors.md lists every code.")
  public record Error(
      @Schema(required = true, maxLength = 64, pattern = "^[a-z]+(_[a-z]+)*$", example = "invalid_request") String error,
      @Schema(required = true, maxLength = 2000, example = "Field 'title' must be at most 300 characters.")
      String message,
      @Schema(maxLength = 300, example = "title") String field,
      @Schema(maxLength = 2000) String setup,
      @Schema(format = "int64", minimum = "0", maximum = MAX_LIMIT, description = LIMIT) Long limit,
      @Schema(format = "int64", minimum = "0", maximum = MAX_RETRY_AFTER, description = RETRY_AFTER)
      Long retryAfter,
      @Schema(maxLength = 64, pattern = "^[a-z]+([._][a-z]+)*$", example = "scrape", description = BUCKET)
      String bucket) {
  }

  @Schema(name = "Problem", additionalProperties = Schema.True.class, description = "RFC 9457 problem details "
      + "(application/problem+json), every error answer on /v1/auth/agent/**. It keeps `error` and `message` "
      + "(the same text as `detail`), so a caller reading those two everywhere needs no special case.")
  public record Problem(
      @Schema(required = true, maxLength = 200, description = TYPE, example = "/docs/errors#invalid_code")
      String type,
      @Schema(required = true, maxLength = 200, example = "Invalid code") String title,
      @Schema(required = true, format = "int32", minimum = "400", maximum = "599", example = "401") int status,
      @Schema(required = true, maxLength = 2000, example = "The code is wrong or has expired.") String detail,
      @Schema(required = true, maxLength = 64, pattern = "^[a-z]+(_[a-z]+)*$", example = "invalid_code")
      String error,
      @Schema(required = true, maxLength = 2000) String message,
      @Schema(maxLength = 300) String field,
      @Schema(format = "int64", minimum = "0", maximum = MAX_LIMIT, description = LIMIT) Long limit,
      @Schema(format = "int64", minimum = "0", maximum = MAX_RETRY_AFTER, description = RETRY_AFTER)
      Long retryAfter) {
  }
}

package dev.videoautomation.auth.openapi;

import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * Shapes of auth's error answers, for the OpenAPI document only (the platform renders them): problem details on
 * {@code /v1/auth/agent/**}, the suite's plain error body elsewhere.
 */
public final class ErrorSchemas {
  private ErrorSchemas() {
  }

  @Schema(name = "AuthProblem", description = "RFC 9457 problem details (application/problem+json), every error of "
      + "the registration family. `error` is the stable code to act on; `field` names a bad field (400); 429 adds "
      + "`limit` and `retryAfter` (seconds) and a Retry-After header.")
  public record Problem(
      @Schema(example = "/docs/errors#invalid_code") String type,
      @Schema(example = "Invalid code") String title,
      @Schema(example = "401") int status,
      @Schema(example = "This code is not right. Check the mail and try again (5 attempts in all).") String detail,
      @Schema(example = "invalid_code") String error,
      @Schema(description = "The same text as detail.") String message,
      @Schema(nullable = true, example = "claim_token") String field,
      @Schema(nullable = true) Integer limit,
      @Schema(nullable = true) Integer retryAfter) {
  }

  @Schema(name = "AuthError", description = "The suite's error body. `field` names a bad field (400); 429 adds "
      + "`limit` and `retryAfter` (seconds) and a Retry-After header.")
  public record Error(
      @Schema(example = "invalid_code") String error,
      @Schema(example = "This email and code do not match a recovery in progress.") String message,
      @Schema(nullable = true) String field,
      @Schema(nullable = true) Integer limit,
      @Schema(nullable = true) Integer retryAfter) {
  }
}

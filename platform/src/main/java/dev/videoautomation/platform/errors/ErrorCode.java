package dev.videoautomation.platform.errors;

import java.util.Arrays;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Every error code the suite answers with, and the HTTP status that goes with it. docs/errors.md lists each one with
 * what the caller should do; keep the two in step (ErrorCodeTest checks that).
 */
public enum ErrorCode {
  INVALID_REQUEST(400),
  URL_NOT_ALLOWED(400),
  UNSUPPORTED_PLATFORM(400),
  UNSUPPORTED_TYPE(400),
  NOT_ANONYMOUS_REGISTRATION(400),
  UNAUTHORIZED(401),
  INVALID_CODE(401),
  CODE_ATTEMPTS_EXHAUSTED(401),
  INSUFFICIENT_CREDITS(402),
  BUDGET_EXCEEDED(402),
  INSUFFICIENT_SCOPE(403),
  SUBSCRIPTION_REQUIRED(403),
  KEY_ROTATING(403),
  NOT_FOUND(404),
  METHOD_NOT_ALLOWED(405),
  NOT_ACCEPTABLE(406),
  IDEMPOTENCY_KEY_IN_USE(409),
  CONFLICT(409),
  NOT_CANCELABLE(409),
  CREDENTIAL_ISSUED(409),
  PAYLOAD_TOO_LARGE(413),
  URI_TOO_LONG(414),
  UNSUPPORTED_MEDIA_TYPE(415),
  IDEMPOTENCY_KEY_MISMATCH(422),
  NO_VIDEO(422),
  UNPROCESSABLE(422),
  RATE_LIMITED(429),
  TOO_MANY_WAITS(429),
  TOO_MANY_STREAMS(429),
  HEADERS_TOO_LARGE(431),
  INTERNAL_ERROR(500),
  NOT_IMPLEMENTED(501),
  UPSTREAM_ERROR(502),
  PROVIDER_AUTH_FAILED(502),
  PROVIDER_CREDITS_EXHAUSTED(502),
  PROVIDER_NOT_CONFIGURED(503),
  SERVICE_UNAVAILABLE(503),
  UPSTREAM_TIMEOUT(504);

  private static final Map<String, ErrorCode> BY_CODE =
      Arrays.stream(values()).collect(Collectors.toUnmodifiableMap(ErrorCode::code, Function.identity()));

  private final int status;

  ErrorCode(int status) {
    this.status = status;
  }

  /** The snake_case string that goes into the {@code error} field. */
  public String code() {
    return name().toLowerCase(Locale.ROOT);
  }

  public int status() {
    return status;
  }

  /** The code a bare HTTP status stands for when nothing more specific is known. */
  public static ErrorCode forStatus(int status) {
    return switch (status) {
      case 400 -> INVALID_REQUEST;
      case 401 -> UNAUTHORIZED;
      case 402 -> INSUFFICIENT_CREDITS;
      case 403 -> INSUFFICIENT_SCOPE;
      case 404 -> NOT_FOUND;
      case 405 -> METHOD_NOT_ALLOWED;
      case 406 -> NOT_ACCEPTABLE;
      case 409 -> CONFLICT;
      case 413 -> PAYLOAD_TOO_LARGE;
      case 414 -> URI_TOO_LONG;
      case 415 -> UNSUPPORTED_MEDIA_TYPE;
      case 422 -> UNPROCESSABLE;
      case 429 -> RATE_LIMITED;
      case 431 -> HEADERS_TOO_LARGE;
      case 501 -> NOT_IMPLEMENTED;
      case 502 -> UPSTREAM_ERROR;
      case 503 -> SERVICE_UNAVAILABLE;
      case 504 -> UPSTREAM_TIMEOUT;
      default -> status >= 500 ? INTERNAL_ERROR : INVALID_REQUEST;
    };
  }

  public static ErrorCode fromCode(String code) {
    return BY_CODE.get(code);
  }
}

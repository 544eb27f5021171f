package dev.videoautomation.platform.providers;

import dev.videoautomation.platform.errors.ApiError;
import dev.videoautomation.platform.errors.ApiException;
import dev.videoautomation.platform.errors.ErrorCode;

/** The suite's errors for provider failures, worded once for every provider. */
public final class ProviderErrors {
  private ProviderErrors() {
  }

  /** The 503 an unconfigured provider answers with; {@code setup} tells the operator what to set. */
  public static ApiException notConfigured(String what, String setup) {
    return new ApiException(ApiError.of(ErrorCode.PROVIDER_NOT_CONFIGURED, what + " is not configured on this server.")
        .withSetup(setup));
  }

  /** The 503 of {@code provider} when its key (or base URL) is not set. */
  public static ApiException notConfigured(Provider provider) {
    return notConfigured("The " + provider.name() + " provider", provider.setup());
  }

  public static ApiException authFailed(Provider provider, int status) {
    return new ApiException(ApiError.of(ErrorCode.PROVIDER_AUTH_FAILED,
        "The " + provider.name() + " provider refused this server's credentials.")
        .with("upstreamStatus", status).withSetup(provider.setup() != null ? provider.setup()
            : "Check " + provider.keyVariable() + "."));
  }

  public static ApiException creditsExhausted(Provider provider, int status) {
    return new ApiException(ApiError.of(ErrorCode.PROVIDER_CREDITS_EXHAUSTED,
        "The " + provider.name() + " provider account has no credit left.")
        .with("upstreamStatus", status).withSetup("Operator: top up the provider account behind "
            + provider.keyVariable() + "; retrying will not help until then."));
  }

  /** Any other non-2xx: {@code upstream_error} with the provider's own words, if it gave any. */
  public static ApiException failed(Provider provider, int status, String detail) {
    return upstream(provider, "answered " + status + (detail.isEmpty() ? "" : ": " + detail), status);
  }

  public static ApiException unreadable(Provider provider, int status) {
    return upstream(provider, "answered with something that is not JSON", status);
  }

  public static ApiException transport(Provider provider, TransportFailure.Kind kind) {
    return switch (kind) {
      case UNREACHABLE -> upstream(provider, "could not be reached", null);
      case BROKEN -> upstream(provider, "broke off the connection", null);
      case TIMED_OUT -> timedOut(provider);
    };
  }

  public static ApiException timedOut(Provider provider) {
    return new ApiException(ApiError.of(ErrorCode.UPSTREAM_TIMEOUT,
        "The " + provider.name() + " provider did not answer in time; try again later."));
  }

  /** The circuit breaker is open: calls are not even tried for a few seconds. */
  public static ApiException paused(Provider provider) {
    return new ApiException(ApiError.of(ErrorCode.UPSTREAM_ERROR,
        "The " + provider.name() + " provider is failing; calls to it are paused for a few seconds.")
        .withSetup("Retry in a few seconds, with backoff."));
  }

  private static ApiException upstream(Provider provider, String what, Integer status) {
    return new ApiException(ApiError.of(ErrorCode.UPSTREAM_ERROR, "The " + provider.name() + " provider " + what + ".")
        .with("upstreamStatus", status));
  }
}

package dev.videoautomation.media.compliance;

import java.net.URI;
import java.time.temporal.ChronoUnit;
import java.util.concurrent.TimeUnit;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.ProcessingException;
import jakarta.ws.rs.WebApplicationException;

import org.eclipse.microprofile.faulttolerance.CircuitBreaker;
import org.eclipse.microprofile.faulttolerance.Timeout;

import io.quarkus.logging.Log;
import io.quarkus.rest.client.reactive.QuarkusRestClientBuilder;
import io.smallrye.faulttolerance.api.CircuitBreakerName;

import dev.videoautomation.platform.errors.ApiError;
import dev.videoautomation.platform.errors.ApiException;
import dev.videoautomation.platform.errors.ErrorCode;

/**
 * One HTTP call to the moderations provider, under a timeout and a circuit breaker, with the provider's failures
 * turned into the suite's errors: 401/403 provider_auth_failed, 429 insufficient_quota provider_credits_exhausted,
 * anything else upstream_error, a read timeout upstream_timeout. {@link ModerationClient} is the public face.
 */
@ApplicationScoped
class ModerationCalls {
  static final String SETUP = "Set MEDIA_MODERATION_API_KEY to a valid key of an OpenAI-compatible moderations API "
      + "(and MEDIA_MODERATION_BASE_URL if it is not OpenAI), then restart media-service.";

  private final ModerationConfig config;
  private volatile ModerationApi api;

  ModerationCalls(ModerationConfig config) {
    this.config = config;
  }

  @Timeout(value = 20, unit = ChronoUnit.SECONDS)
  @CircuitBreaker(requestVolumeThreshold = 8, failureRatio = 0.5, delay = 10, delayUnit = ChronoUnit.SECONDS)
  @CircuitBreakerName("media-moderation")
  public ModerationApi.Answer moderate(Object input) {
    var key = config.apiKey().orElseThrow();
    try {
      return api().moderate("Bearer " + key, new ModerationApi.Request(config.model(), input));
    } catch (WebApplicationException e) {
      throw refusal(e.getResponse().getStatus(), body(e));
    } catch (ProcessingException e) {
      if (isTimeout(e)) {
        throw new ApiException(ErrorCode.UPSTREAM_TIMEOUT, "The moderation provider did not answer in time; retry "
            + "shortly.");
      }
      Log.warnf("Moderation provider unreachable: %s", e.getClass().getSimpleName());
      throw new ApiException(ErrorCode.UPSTREAM_ERROR, "The moderation provider could not be reached; retry "
          + "shortly.");
    }
  }

  static ApiException refusal(int status, String body) {
    Log.warnf("Moderation provider answered %d", status);
    if (status == 401 || status == 403) {
      return new ApiException(ApiError.of(ErrorCode.PROVIDER_AUTH_FAILED, "The moderation provider refused this "
          + "server's API key.").withSetup(SETUP));
    }
    if (status == 429 && body != null && body.contains("insufficient_quota")) {
      return new ApiException(ApiError.of(ErrorCode.PROVIDER_CREDITS_EXHAUSTED, "The moderation provider account "
          + "has run out of credits.").withSetup("Top up the moderation provider account behind "
          + "MEDIA_MODERATION_API_KEY."));
    }
    return new ApiException(ApiError.of(ErrorCode.UPSTREAM_ERROR, "The moderation provider failed (HTTP " + status
        + "); retry shortly.").with("upstreamStatus", status));
  }

  private static String body(WebApplicationException e) {
    try {
      return e.getResponse().readEntity(String.class);
    } catch (RuntimeException unreadable) {
      return null;
    }
  }

  private static boolean isTimeout(Throwable e) {
    for (var cause = e; cause != null; cause = cause.getCause()) {
      // A read timeout of the client, or the interrupt of the @Timeout that gave up waiting.
      if (cause instanceof java.util.concurrent.TimeoutException || cause instanceof InterruptedException
          || cause.getClass().getSimpleName().contains("Timeout")) {
        return true;
      }
    }
    return false;
  }

  private ModerationApi api() {
    var current = api;
    if (current == null) {
      synchronized (this) {
        if (api == null) {
          api = QuarkusRestClientBuilder.newBuilder()
              .baseUri(URI.create(config.baseUrl().replaceAll("/+$", "")))
              .connectTimeout(config.connectTimeout().toMillis(), TimeUnit.MILLISECONDS)
              .readTimeout(config.readTimeout().toMillis(), TimeUnit.MILLISECONDS)
              .build(ModerationApi.class);
        }
        current = api;
      }
    }
    return current;
  }
}

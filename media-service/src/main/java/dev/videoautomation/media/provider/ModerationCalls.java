package dev.videoautomation.media.provider;

import java.time.temporal.ChronoUnit;

import jakarta.enterprise.context.ApplicationScoped;

import org.eclipse.microprofile.faulttolerance.CircuitBreaker;
import org.eclipse.microprofile.faulttolerance.Timeout;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.smallrye.faulttolerance.api.CircuitBreakerName;

import dev.videoautomation.platform.errors.ApiException;
import dev.videoautomation.platform.errors.ErrorCode;
import dev.videoautomation.platform.providers.Provider;
import dev.videoautomation.platform.providers.ProviderBody;
import dev.videoautomation.platform.providers.ProviderHttp;
import dev.videoautomation.platform.providers.ProviderRequest;

/**
 * One HTTP call to the moderations provider, under a timeout and a circuit breaker; its failures are the suite's
 * provider errors ({@link dev.videoautomation.platform.providers.ProviderFailures}). {@link ModerationClient} is the
 * public face.
 */
@ApplicationScoped
class ModerationCalls {
  static final String KEY_VARIABLE = "MEDIA_MODERATION_API_KEY";
  static final Provider PROVIDER = Provider.of("moderation", KEY_VARIABLE, "Set " + KEY_VARIABLE + " to a valid key "
      + "of an OpenAI-compatible moderations API (and MEDIA_MODERATION_BASE_URL if it is not OpenAI), then restart "
      + "media-service.");

  private final ModerationConfig config;
  private final ProviderHttp http;
  private final ObjectMapper json;

  ModerationCalls(ModerationConfig config, ProviderHttp http, ObjectMapper json) {
    this.config = config;
    this.http = http;
    this.json = json;
  }

  @Timeout(value = 20, unit = ChronoUnit.SECONDS)
  @CircuitBreaker(requestVolumeThreshold = 8, failureRatio = 0.5, delay = 10, delayUnit = ChronoUnit.SECONDS)
  @CircuitBreakerName("media-moderation")
  public ModerationBodies.Answer moderate(Object input) {
    var request = ProviderRequest.post(ProviderRequest.url(config.baseUrl(), "/moderations"),
        ProviderBody.json(json, new ModerationBodies.Request(config.model(), input)))
        .bearer(config.apiKey().orElseThrow()).connectTimeout(config.connectTimeout()).timeout(config.readTimeout());
    var answer = http.json(PROVIDER, request);
    try {
      return json.treeToValue(answer, ModerationBodies.Answer.class);
    } catch (JsonProcessingException | IllegalArgumentException e) {
      throw new ApiException(ErrorCode.UPSTREAM_ERROR, "The moderation provider answered in a shape this server "
          + "does not read; retry shortly.");
    }
  }
}

package dev.videoautomation.clone.provider;

import java.net.URI;
import java.time.temporal.ChronoUnit;
import java.util.Locale;
import java.util.Map;

import jakarta.enterprise.context.ApplicationScoped;

import org.eclipse.microprofile.faulttolerance.CircuitBreaker;
import org.eclipse.microprofile.faulttolerance.Timeout;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.smallrye.faulttolerance.api.CircuitBreakerName;

import dev.videoautomation.clone.config.CloneConfig;
import dev.videoautomation.platform.errors.ApiError;
import dev.videoautomation.platform.errors.ApiException;
import dev.videoautomation.platform.errors.ErrorCode;
import dev.videoautomation.platform.providers.Provider;
import dev.videoautomation.platform.providers.ProviderBody;
import dev.videoautomation.platform.providers.ProviderErrors;
import dev.videoautomation.platform.providers.ProviderHttp;
import dev.videoautomation.platform.providers.ProviderRequest;

/**
 * The fal.ai queue API (https://docs.fal.ai/model-endpoints/queue): submit {@code POST {base}/{modelId}} with
 * {@code Authorization: Key <key>} answers {@code request_id}, {@code status_url}, {@code response_url},
 * {@code cancel_url}; {@code GET status_url} answers {@code status} {@code IN_QUEUE} (with {@code queue_position}),
 * {@code IN_PROGRESS} or {@code COMPLETED}; {@code GET response_url} answers the model's output (or the model's error);
 * {@code PUT cancel_url} cancels a request that has not started. The URLs fal hands back are kept as given (a model id
 * with a subpath, like {@code fal-ai/flux/dev}, is submitted with it but polled without it) and accepted only on the
 * configured base URL's origin, so a provider answer can never make this service call elsewhere with its key.
 */
@ApplicationScoped
public class QueueProvider {
  static final String KEY_VARIABLE = "CLONE_PROVIDER_API_KEY";
  static final Provider PROVIDER = Provider.of("generation", KEY_VARIABLE, "Set " + KEY_VARIABLE + " to a fal.ai API "
      + "key (and optionally CLONE_PROVIDER_BASE_URL, default https://queue.fal.run, and the model ids "
      + "CLONE_MODELS_*).");
  private final CloneConfig config;
  private final ProviderHttp http;
  private final ObjectMapper json;

  public QueueProvider(CloneConfig config, ProviderHttp http, ObjectMapper json) {
    this.config = config;
    this.http = http;
    this.json = json;
  }

  /** What submit answered; the URLs are checked against the base URL's origin. */
  public record Submitted(String requestId, String statusUrl, String responseUrl, String cancelUrl) {
  }

  /** One status answer: {@code IN_QUEUE}, {@code IN_PROGRESS}, {@code COMPLETED} (or a future value). */
  public record QueueStatus(String status, Integer queuePosition) {
    public boolean completed() {
      return "COMPLETED".equals(status);
    }

    public boolean failed() {
      return "FAILED".equals(status) || "ERROR".equals(status) || "CANCELED".equals(status)
          || "CANCELLED".equals(status);
    }
  }

  public boolean configured() {
    return config.provider().apiKey().filter(k -> !k.isBlank()).isPresent();
  }

  public void requireConfigured(String what) {
    if (!configured()) {
      throw ProviderErrors.notConfigured(what, PROVIDER.setup());
    }
  }

  @Timeout(value = 60, unit = ChronoUnit.SECONDS)
  @CircuitBreaker(requestVolumeThreshold = 8, failureRatio = 0.5, delay = 30, delayUnit = ChronoUnit.SECONDS)
  @CircuitBreakerName("clone-provider-submit")
  public Submitted submit(String modelId, Map<String, Object> arguments) {
    requireConfigured("The generation provider");
    var base = config.provider().baseUrl().replaceAll("/+$", "");
    var answer = send(ProviderRequest.post(base + "/" + modelId.replaceAll("^/+", ""),
        ProviderBody.json(json, arguments)));
    var requestId = answer.path("request_id").asText("");
    if (requestId.isBlank()) {
      throw new ApiException(ApiError.of(ErrorCode.UPSTREAM_ERROR,
          "The generation provider accepted the request without a request_id."));
    }
    // fal documents the three URLs in the submit answer; when absent they follow its documented path scheme.
    var fallback = base + "/" + modelId + "/requests/" + requestId;
    return new Submitted(requestId, sameOrigin(text(answer, "status_url", fallback + "/status")),
        sameOrigin(text(answer, "response_url", fallback)), sameOrigin(text(answer, "cancel_url", fallback + "/cancel")));
  }

  @Timeout(value = 60, unit = ChronoUnit.SECONDS)
  @CircuitBreaker(requestVolumeThreshold = 8, failureRatio = 0.5, delay = 30, delayUnit = ChronoUnit.SECONDS)
  @CircuitBreakerName("clone-provider-status")
  public QueueStatus status(String statusUrl) {
    var answer = send(ProviderRequest.get(sameOrigin(statusUrl)));
    var position = answer.path("queue_position");
    return new QueueStatus(answer.path("status").asText("").toUpperCase(Locale.ROOT),
        position.isNumber() ? position.asInt() : null);
  }

  @Timeout(value = 60, unit = ChronoUnit.SECONDS)
  @CircuitBreaker(requestVolumeThreshold = 8, failureRatio = 0.5, delay = 30, delayUnit = ChronoUnit.SECONDS)
  @CircuitBreakerName("clone-provider-result")
  public JsonNode result(String responseUrl) {
    return send(ProviderRequest.get(sameOrigin(responseUrl)));
  }

  /** Best effort: fal cancels only requests that have not started; any failure is ignored by callers. */
  @Timeout(value = 15, unit = ChronoUnit.SECONDS)
  public void cancel(String cancelUrl) {
    send(ProviderRequest.of("PUT", sameOrigin(cancelUrl)));
  }

  private JsonNode send(ProviderRequest request) {
    return http.json(PROVIDER, request.header("Authorization", "Key " + config.provider().apiKey().orElse(""))
        .timeout(config.provider().timeout()));
  }

  private static String text(JsonNode node, String field, String fallback) {
    var value = node.path(field).asText("");
    return value.isBlank() ? fallback : value;
  }

  /** Refuses a provider URL outside the configured base URL's scheme, host and port. */
  String sameOrigin(String url) {
    if (url == null || !origin(url).equals(origin(config.provider().baseUrl()))) {
      throw new ApiException(ApiError.of(ErrorCode.UPSTREAM_ERROR,
          "The generation provider handed back a URL outside its own origin; it was not followed."));
    }
    return url;
  }

  private static String origin(String url) {
    try {
      var uri = URI.create(url);
      int port = uri.getPort() >= 0 ? uri.getPort() : "https".equalsIgnoreCase(uri.getScheme()) ? 443 : 80;
      return (uri.getScheme() + "://" + uri.getHost() + ":" + port).toLowerCase(Locale.ROOT);
    } catch (RuntimeException e) {
      return "invalid";
    }
  }

}

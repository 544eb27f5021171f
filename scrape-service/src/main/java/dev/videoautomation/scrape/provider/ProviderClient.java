package dev.videoautomation.scrape.provider;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.temporal.ChronoUnit;
import java.util.Map;
import java.util.stream.Collectors;

import jakarta.enterprise.context.ApplicationScoped;

import org.eclipse.microprofile.faulttolerance.CircuitBreaker;
import org.eclipse.microprofile.faulttolerance.Retry;
import org.eclipse.microprofile.faulttolerance.Timeout;

import com.fasterxml.jackson.databind.JsonNode;

import io.quarkus.logging.Log;
import io.smallrye.faulttolerance.api.CircuitBreakerName;

import dev.videoautomation.platform.providers.ProviderHttp;
import dev.videoautomation.platform.providers.ProviderRequest;
import dev.videoautomation.scrape.config.ScrapeConfig;

/**
 * The provider's REST API, called directly: a GET with query parameters and the {@code x-api-key} header, answering
 * JSON. The paths are data (the route table), so a typed REST client interface would not fit. Reads are idempotent,
 * so failures worth it (5xx, broken connections) are retried once; one breaker guards the whole provider.
 */
@ApplicationScoped
public class ProviderClient {
  static final String BREAKER = "scrape-provider";
  private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(5);

  private final ScrapeConfig.Provider config;
  private final ProviderHttp http;

  ProviderClient(ScrapeConfig config, ProviderHttp http) {
    this.config = config.provider();
    this.http = http;
  }

  /** The provider's JSON answer to {@code GET path?query}; {@code route} names the neutral path in errors. */
  @Timeout(value = 120, unit = ChronoUnit.SECONDS)
  @Retry(maxRetries = 1, delay = 100, jitter = 50, retryOn = ProviderUnavailable.class)
  @CircuitBreaker(requestVolumeThreshold = 8, failureRatio = 0.5, delay = 2, delayUnit = ChronoUnit.SECONDS,
      failOn = {ProviderUnavailable.class, ProviderTimedOut.class,
          org.eclipse.microprofile.faulttolerance.exceptions.TimeoutException.class})
  @CircuitBreakerName(BREAKER)
  public JsonNode get(String route, String path, Map<String, String> query, String apiKey) {
    var provider = ScrapeFailures.provider(route, config.timeout());
    var request = ProviderRequest.get(url(path, query)).header("x-api-key", apiKey).timeout(config.timeout())
        .connectTimeout(CONNECT_TIMEOUT).followRedirects();
    var body = http.json(provider, request);
    Log.debugf("Provider GET %s answered", path);
    if (!body.isContainerNode()) {
      throw provider.failures().unreadable(provider, 200);
    }
    return body;
  }

  private String url(String path, Map<String, String> query) {
    var queryString = query.entrySet().stream()
        .map(e -> encode(e.getKey()) + "=" + encode(e.getValue()))
        .collect(Collectors.joining("&"));
    return ProviderRequest.url(config.baseUrl(), path) + (queryString.isEmpty() ? "" : "?" + queryString);
  }

  private static String encode(String value) {
    return URLEncoder.encode(value, StandardCharsets.UTF_8).replace("+", "%20");
  }
}

package dev.videoautomation.scrape.provider;

import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
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
import com.fasterxml.jackson.databind.ObjectMapper;

import io.quarkus.logging.Log;
import io.smallrye.faulttolerance.api.CircuitBreakerName;

import dev.videoautomation.scrape.config.ScrapeConfig;

/**
 * The provider's REST API, called directly: a GET with query parameters and the {@code x-api-key} header, answering
 * JSON. The paths are data (the route table), so a typed REST client interface would not fit. Reads are idempotent,
 * so failures worth it (5xx, broken connections) are retried once; one breaker guards the whole provider.
 */
@ApplicationScoped
public class ProviderClient {
  static final String BREAKER = "scrape-provider";

  private final ScrapeConfig.Provider config;
  private final ObjectMapper json;
  private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5))
      .followRedirects(HttpClient.Redirect.NORMAL).build();

  ProviderClient(ScrapeConfig config, ObjectMapper json) {
    this.config = config.provider();
    this.json = json;
  }

  /** The provider's JSON answer to {@code GET path?query}; {@code route} names the neutral path in errors. */
  @Timeout(value = 120, unit = ChronoUnit.SECONDS)
  @Retry(maxRetries = 1, delay = 100, jitter = 50, retryOn = ProviderUnavailable.class)
  @CircuitBreaker(requestVolumeThreshold = 8, failureRatio = 0.5, delay = 2, delayUnit = ChronoUnit.SECONDS,
      failOn = {ProviderUnavailable.class, ProviderTimedOut.class,
          org.eclipse.microprofile.faulttolerance.exceptions.TimeoutException.class})
  @CircuitBreakerName(BREAKER)
  public JsonNode get(String route, String path, Map<String, String> query, String apiKey) {
    var request = HttpRequest.newBuilder(uri(path, query)).GET().timeout(config.timeout())
        .header("x-api-key", apiKey).header("Accept", "application/json").build();
    HttpResponse<byte[]> response;
    try {
      response = http.send(request, HttpResponse.BodyHandlers.ofByteArray());
    } catch (HttpTimeoutException e) {
      Log.debugf("Provider %s timed out after %s", path, config.timeout());
      throw ProviderErrors.timedOut(config.timeout());
    } catch (IOException e) {
      Log.debugf("Provider %s unreachable: %s", path, e.toString());
      throw ProviderErrors.unreachable();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw ProviderErrors.timedOut(config.timeout());
    }
    var body = parse(response.body());
    Log.debugf("Provider GET %s -> %d", path, response.statusCode());
    if (response.statusCode() / 100 != 2) {
      throw ProviderErrors.forStatus(response.statusCode(), body, route);
    }
    if (body == null || !body.isContainerNode()) {
      throw ProviderErrors.unreadable(route);
    }
    return body;
  }

  private URI uri(String path, Map<String, String> query) {
    var base = config.baseUrl().endsWith("/") ? config.baseUrl().substring(0, config.baseUrl().length() - 1)
        : config.baseUrl();
    var queryString = query.entrySet().stream()
        .map(e -> encode(e.getKey()) + "=" + encode(e.getValue()))
        .collect(Collectors.joining("&"));
    return URI.create(base + path + (queryString.isEmpty() ? "" : "?" + queryString));
  }

  private JsonNode parse(byte[] body) {
    if (body == null || body.length == 0) {
      return null;
    }
    try {
      return json.readTree(body);
    } catch (IOException e) {
      return null;
    }
  }

  private static String encode(String value) {
    return URLEncoder.encode(value, StandardCharsets.UTF_8).replace("+", "%20");
  }
}

package dev.videoautomation.scrape.provider;

import java.util.LinkedHashMap;
import java.util.Map;

import jakarta.enterprise.context.ApplicationScoped;

import org.eclipse.microprofile.faulttolerance.exceptions.CircuitBreakerOpenException;
import org.eclipse.microprofile.faulttolerance.exceptions.TimeoutException;

import com.fasterxml.jackson.databind.JsonNode;

import io.quarkus.logging.Log;

import dev.videoautomation.platform.errors.ApiError;
import dev.videoautomation.platform.errors.ApiException;
import dev.videoautomation.platform.errors.ErrorCode;
import dev.videoautomation.platform.providers.ProviderErrors;
import dev.videoautomation.platform.urls.UrlGuard;
import dev.videoautomation.scrape.config.ScrapeConfig;

/**
 * The one way the service reads the provider: a neutral path (e.g. {@code shortvideo/profile}) and our field names
 * go in, the route table turns them into the provider's path and parameters, and the provider's JSON comes out,
 * from the short cache when an identical request was answered a moment ago.
 */
@ApplicationScoped
public class ScrapeProvider {
  private final ScrapeConfig config;
  private final ProviderClient client;
  private final ProviderCache cache;
  private final UrlGuard guard;

  ScrapeProvider(ScrapeConfig config, ProviderClient client, ProviderCache cache, UrlGuard guard) {
    this.config = config;
    this.client = client;
    this.cache = cache;
    this.guard = guard;
  }

  /** 503 provider_not_configured (with setup) unless a provider key is set. */
  public String requireKey() {
    return config.provider().apiKey().map(String::strip).filter(k -> !k.isEmpty())
        .orElseThrow(() -> ProviderErrors.notConfigured(ScrapeFailures.PROVIDER));
  }

  /**
   * The provider's answer for {@code route} with our {@code fields} (public names; null or blank values are not
   * sent). Fields map to the provider's names through {@code scrape.routes."<route>".params}. The request passes
   * {@link #check} first.
   */
  public JsonNode fetch(String route, Map<String, String> fields) {
    var checked = prepare(route, fields);
    var query = query(checked.target(), fields);
    var key = ProviderCache.key(checked.target().path(), query);
    var cached = cache.get(key);
    if (cached.isPresent()) {
      Log.debugf("Provider %s answered from the cache", checked.target().path());
      return cached.get();
    }
    var answer = call(route, checked.target().path(), query, checked.apiKey());
    cache.put(key, answer);
    return answer;
  }

  /**
   * Everything {@link #fetch} checks before it calls out, with the same answers; a dry run stops after it. A post
   * {@code url} is fetched by the provider, never by this service, so it passes the URL guard's check for URLs handed
   * on (no DNS lookup: a host name, or a public address literal; 400 {@code url_not_allowed} naming {@code url}),
   * before the key is looked at: bad input is a 400 even where no provider is configured. Then an unset key, or a
   * route without a provider path, is 503 {@code provider_not_configured}.
   */
  public void check(String route, Map<String, String> fields) {
    prepare(route, fields);
  }

  /** What a checked request is sent with: the route's provider path and parameter names, and the key. */
  private record Call(ScrapeConfig.Route target, String apiKey) {
  }

  private Call prepare(String route, Map<String, String> fields) {
    var url = fields.get("url");
    if (url != null) {
      guard.checkHandedOn(url, "url");
    }
    var apiKey = requireKey();
    var target = config.routes().get(route);
    if (target == null) {
      throw new ApiException(ApiError.of(ErrorCode.PROVIDER_NOT_CONFIGURED, "No provider route is configured for "
          + route + ".").withSetup("Operator: set scrape.routes.\"" + route + "\".path (and its params) for "
          + "scrape-service."));
    }
    return new Call(target, apiKey);
  }

  static Map<String, String> query(ScrapeConfig.Route route, Map<String, String> fields) {
    var query = new LinkedHashMap<String, String>();
    fields.forEach((field, value) -> {
      if (value != null && !value.isBlank()) {
        query.put(route.params().getOrDefault(field, field), value.strip());
      }
    });
    route.defaults().forEach(query::putIfAbsent);
    return query;
  }

  private JsonNode call(String route, String path, Map<String, String> query, String apiKey) {
    try {
      return client.get(route, path, query, apiKey);
    } catch (CircuitBreakerOpenException e) {
      throw ProviderErrors.paused(ScrapeFailures.PROVIDER);
    } catch (TimeoutException e) {
      throw ScrapeFailures.timedOut(config.provider().timeout());
    }
  }
}

package dev.videoautomation.scrape.config;

import java.time.Duration;
import java.util.Map;
import java.util.Optional;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

/** scrape-service settings: the provider, its route table, staging and the short cache. */
@ConfigMapping(prefix = "scrape")
public interface ScrapeConfig {

  Provider provider();

  /** The neutral path (e.g. {@code shortvideo/profile}) → the provider's path and parameter names. */
  Map<String, Route> routes();

  Staging staging();

  Cache cache();

  interface Provider {
    /** The provider's API base URL, env SCRAPE_PROVIDER_BASE_URL. */
    @WithDefault("https://api.scrapecreators.com")
    String baseUrl();

    /** The provider's key sent as {@code x-api-key}, env SCRAPE_PROVIDER_API_KEY; unset = 503 provider_not_configured. */
    Optional<String> apiKey();

    /** How long one provider call may take before it is a 504 upstream_timeout. */
    @WithDefault("PT45S")
    Duration timeout();
  }

  interface Route {
    /** The provider's path, e.g. {@code /v1/tiktok/profile}. */
    String path();

    /** Our body field → the provider's query parameter name; a field not listed keeps its own name. */
    Map<String, String> params();

    /** Query parameters sent when the caller gave no value for them, by provider name (e.g. region=US). */
    Map<String, String> defaults();
  }

  interface Staging {
    /** How many files of one response are staged at once. */
    @WithDefault("8")
    int concurrency();

    /** How long staging of one response may take in all; files not done by then are unstaged (upstream_timeout). */
    @WithDefault("PT120S")
    Duration deadline();
  }

  interface Cache {
    /** How long an identical provider request is answered from memory. PT0S turns the cache off. */
    @WithDefault("PT60S")
    Duration ttl();

    /** At most this many provider answers are kept. */
    @WithDefault("500")
    int maxEntries();
  }
}

package dev.videoautomation.scrape.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;

import org.junit.jupiter.api.Test;

import io.smallrye.config.EnvConfigSource;
import io.smallrye.config.PropertiesConfigSource;
import io.smallrye.config.SmallRyeConfigBuilder;

/** An operator repoints a route by environment variable, without a rebuild. */
class RouteTableConfigTest {

  @Test
  void shouldLetTheEnvironmentOverrideARoute() {
    var config = new SmallRyeConfigBuilder()
        .withSources(new PropertiesConfigSource(Map.of(
            "scrape.routes.\"shortvideo/profile\".path", "/v1/tiktok/profile",
            "scrape.routes.\"shortvideo/profile\".params.handle", "handle",
            "scrape.routes.\"ads/search\".path", "/v1/google/company/ads"), "application.properties", 250))
        .withSources(new EnvConfigSource(Map.of(
            "SCRAPE_ROUTES__SHORTVIDEO_PROFILE__PATH", "/v2/tiktok/profile",
            "SCRAPE_ROUTES__SHORTVIDEO_PROFILE__PARAMS_HANDLE", "username",
            "SCRAPE_PROVIDER_API_KEY", "sc_env"), 300))
        .withMapping(ScrapeConfig.class)
        .build()
        .getConfigMapping(ScrapeConfig.class);

    assertThat(config.routes().get("shortvideo/profile").path()).isEqualTo("/v2/tiktok/profile");
    assertThat(config.routes().get("shortvideo/profile").params()).containsEntry("handle", "username");
    assertThat(config.routes().get("ads/search").params()).isEmpty();
    assertThat(config.routes().get("ads/search").defaults()).isEmpty();
    assertThat(config.provider().apiKey()).contains("sc_env");
    assertThat(config.staging().concurrency()).isEqualTo(8);
  }
}

package dev.videoautomation.scrape;

import static dev.videoautomation.scrape.Simulated.asClient;
import static dev.videoautomation.scrape.Simulated.asService;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.emptyOrNullString;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;

import dev.videoautomation.platform.testing.PostgresResource;

/** Without SCRAPE_PROVIDER_API_KEY every provider-backed path answers 503 with setup, and never invents data. */
@QuarkusTest
@WithTestResource(PostgresResource.class)
class ProviderNotConfiguredTest {

  @ParameterizedTest
  @ValueSource(strings = {"shortvideo/profile", "photo/profile", "microblog/profile"})
  void shouldAnswer503WithSetupForScrape(String path) {
    asClient().body("{\"handle\": \"some.creator\", \"download_media\": true}").when().post("/v1/scrape/" + path)
        .then().statusCode(503).body("error", is("provider_not_configured"))
        .body("message", not(emptyOrNullString())).body("setup", containsString("SCRAPE_PROVIDER_API_KEY"));
  }

  @ParameterizedTest
  @ValueSource(strings = {"account", "video"})
  void shouldAnswer503ForLookupsAndImport(String lookup) {
    asService("records-service").body("{\"platform\": \"shortvideo\", \"" + (lookup.equals("account") ? "handle"
        : "url") + "\": \"https://www.tiktok.com/@a/video/1\"}").when().post("/internal/lookup/" + lookup).then()
        .statusCode(503).body("error", is("provider_not_configured"))
        .body("setup", containsString("SCRAPE_PROVIDER_API_KEY"));
    asClient().body("{\"url\": \"https://www.tiktok.com/@a/video/1\"}").when().post("/v1/videos/download/shortvideo")
        .then().statusCode(503).body("error", is("provider_not_configured"));
  }
}

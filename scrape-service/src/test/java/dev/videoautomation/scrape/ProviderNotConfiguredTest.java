package dev.videoautomation.scrape;

import static dev.videoautomation.scrape.Simulated.asClient;
import static dev.videoautomation.scrape.Simulated.asService;
import static dev.videoautomation.scrape.Simulated.tree;
import static org.assertj.core.api.Assertions.assertThat;
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

  /** The input is judged first: a URL the guard refuses is a 400 even though the answer would otherwise be 503. */
  @ParameterizedTest
  @ValueSource(strings = {"/v1/scrape/shortvideo/video", "/v1/scrape/photo/post/comments",
      "/v1/scrape/microblog/tweet/transcript", "/v1/scrape/videosite/video", "/v1/videos/download/photo"})
  void shouldRefuseABadUrlBeforeSayingTheProviderIsMissing(String path) {
    asClient().body("{\"url\": \"http://127.0.0.1:8080/p/1\"}").when().post(path).then().statusCode(400)
        .body("error", is("url_not_allowed")).body("reason", is("loopback")).body("field", is("url"))
        .body("setup", not(emptyOrNullString()));
    asService("records-service").body("{\"platform\": \"photo\", \"url\": \"http://192.168.1.1/p/1\"}").when()
        .post("/internal/lookup/video").then().statusCode(400).body("error", is("url_not_allowed"))
        .body("reason", is("private_address"));
  }

  @ParameterizedTest
  @ValueSource(strings = {"shortvideo/profile", "videosite/channel", "ads/search"})
  void shouldRefuseAMissingFieldBeforeSayingTheProviderIsMissing(String path) {
    asClient().body("{}").when().post("/v1/scrape/" + path).then().statusCode(400)
        .body("error", is("invalid_request")).body("setup", not(emptyOrNullString()));
  }

  /**
   * The scrape operations and import cannot run without the provider's key, and know it without calling out: a dry
   * run answers the real call's 503, and bad input still comes first.
   */
  @ParameterizedTest
  @ValueSource(strings = {"/v1/scrape/shortvideo/profile|{\"handle\": \"some.creator\", \"download_media\": true}",
      "/v1/scrape/photo/post|{\"url\": \"https://www.instagram.com/p/Cx1/\"}",
      "/v1/scrape/ads/search|{\"company\": \"somebrand.com\"}",
      "/v1/videos/download/shortvideo|{\"url\": \"https://www.tiktok.com/@a/video/1\"}"})
  void shouldAnswerADryRunWithTheRealCalls503(String pathAndBody) {
    var path = pathAndBody.substring(0, pathAndBody.indexOf('|'));
    var body = pathAndBody.substring(pathAndBody.indexOf('|') + 1);
    var real = asClient().body(body).when().post(path).then().statusCode(503).extract().asString();
    var dry = asClient().queryParam("dryRun", true).body(body).when().post(path).then().statusCode(503)
        .body("error", is("provider_not_configured")).extract().asString();
    assertThat(tree(dry)).isEqualTo(tree(real));
    asClient().queryParam("dryRun", true).body("{\"url\": \"http://10.0.0.1/p/1\"}").when()
        .post("/v1/videos/download/photo").then().statusCode(400).body("error", is("url_not_allowed"));
  }
}

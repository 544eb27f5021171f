package dev.videoautomation.scrape.publicdata;

import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.getRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static dev.videoautomation.scrape.Simulated.asClient;
import static org.hamcrest.Matchers.emptyOrNullString;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.not;

import jakarta.inject.Inject;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import com.github.tomakehurst.wiremock.WireMockServer;

import io.quarkus.test.common.ResourceArg;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;

import dev.videoautomation.platform.testing.InjectWireMock;
import dev.videoautomation.platform.testing.PostgresResource;
import dev.videoautomation.platform.testing.WireMockResource;
import dev.videoautomation.scrape.Simulated;
import dev.videoautomation.scrape.WithProvider;
import dev.videoautomation.scrape.common.ScrapeLimits;
import dev.videoautomation.scrape.provider.ProviderCache;

/** Bodies are exactly the reference's: the identifier is required, unknown fields are refused, with setup. */
@QuarkusTest
@WithTestResource(PostgresResource.class)
@WithTestResource(value = WireMockResource.class, initArgs = @ResourceArg(name = "properties",
    value = "scrape.provider.base-url,quarkus.rest-client.media-client.url"))
@TestProfile(WithProvider.class)
class ValidationTest {
  @InjectWireMock
  WireMockServer wireMock;

  @Inject
  ProviderCache cache;

  @BeforeEach
  void reset() {
    wireMock.resetAll();
    cache.clear();
  }

  @ParameterizedTest(name = "{0} without {1}")
  @CsvSource({"shortvideo/profile, handle", "shortvideo/video, url", "shortvideo/search/users, query",
      "photo/post, url", "microblog/user-tweets, handle", "ads/search, company", "ads/forum, query",
      "videosite/video/comments, url"})
  void shouldNameTheMissingIdentifier(String path, String field) {
    asClient().body("{}").when().post("/v1/scrape/" + path).then().statusCode(400)
        .body("error", is("invalid_request")).body("field", is(field))
        .body("message", not(emptyOrNullString())).body("setup", not(emptyOrNullString()));
    wireMock.verify(0, getRequestedFor(com.github.tomakehurst.wiremock.client.WireMock.anyUrl()));
  }

  @Test
  void shouldRefuseAnUnknownField() {
    asClient().body("{\"handle\": \"a\", \"trim\": true, \"sort_by\": \"latest\"}").when()
        .post("/v1/scrape/shortvideo/profile/videos").then().statusCode(400).body("error", is("invalid_request"))
        .body("field", is("trim")).body("setup", not(emptyOrNullString()));
    asClient().body("{\"handle\": \"a\", \"downloadMedia\": true}").when().post("/v1/scrape/photo/profile").then()
        .statusCode(400).body("field", is("downloadMedia"));
  }

  @ParameterizedTest(name = "{0} with url twice")
  @CsvSource({"/v1/scrape/shortvideo/video/transcript", "/v1/scrape/microblog/tweet/transcript",
      "/v1/videos/download/shortvideo"})
  void shouldNameAKeyGivenTwice(String path) {
    asClient().body("{\"url\": \"https://www.tiktok.com/@a/video/1\", \"url\": \"https://x.com/a/status/2\"}")
        .when().post(path).then().statusCode(400).body("error", is("invalid_request")).body("field", is("url"))
        .body("message", is("Field 'url' appears more than once in its object; send each field once."));
    wireMock.verify(0, getRequestedFor(com.github.tomakehurst.wiremock.client.WireMock.anyUrl()));
  }

  @Test
  void shouldRefuseAWrongType() {
    asClient().body("{\"handle\": \"a\", \"download_media\": \"yes please\"}").when()
        .post("/v1/scrape/photo/profile").then().statusCode(400).body("field", is("download_media"))
        .body("setup", not(emptyOrNullString()));
  }

  @Test
  void shouldRefuseAMissingBody() {
    asClient().when().post("/v1/scrape/shortvideo/profile").then().statusCode(400)
        .body("error", is("invalid_request")).body("setup", not(emptyOrNullString()));
  }

  @Test
  void shouldTakeAChannelByHandleOrChannelId() {
    Simulated.provider(wireMock, "/v1/youtube/channel", Simulated.upstream("youtube-channel", wireMock));

    asClient().body("{\"channel_id\": \"UCX6OQ3DkcsbYNE6H8uQQuVA\"}").when().post("/v1/scrape/videosite/channel")
        .then().statusCode(200).body("data.channelId", is("UCX6OQ3DkcsbYNE6H8uQQuVA"));
    asClient().body("{\"handle\": \"@somecreator\"}").when().post("/v1/scrape/videosite/channel").then()
        .statusCode(200);
    asClient().body("{\"cursor\": \"x\"}").when().post("/v1/scrape/videosite/channel-videos").then()
        .statusCode(400).body("field", is("handle")).body("setup", not(emptyOrNullString()));

    wireMock.verify(getRequestedFor(urlPathEqualTo("/v1/youtube/channel"))
        .withQueryParam("channelId", equalTo("UCX6OQ3DkcsbYNE6H8uQQuVA")));
    wireMock.verify(getRequestedFor(urlPathEqualTo("/v1/youtube/channel"))
        .withQueryParam("handle", equalTo("@somecreator")));
  }

  @ParameterizedTest(name = "{0}: {2} longer than {3}")
  @CsvSource(delimiter = '|', value = {
      "shortvideo/profile | {\"handle\": \"%s\"} | handle | 100",
      "shortvideo/video | {\"url\": \"%s\"} | url | 4096",
      "photo/user/posts | {\"handle\": \"a\", \"cursor\": \"%s\"} | cursor | 4096",
      "shortvideo/search/users | {\"query\": \"%s\"} | query | 500",
      "ads/search | {\"company\": \"%s\"} | company | 253",
      "shortvideo/trending | {\"country\": \"%s\"} | country | 3",
      "ads/social | {\"query\": \"shoes\", \"country\": \"%s\"} | country | 3",
      "videosite/channel-videos | {\"channel_id\": \"%s\"} | channel_id | 100"})
  void shouldRefuseTextLongerThanItsLimitBeforeTheProvider(String path, String body, String field, int limit) {
    asClient().body(body.formatted("x".repeat(limit + 1))).when().post("/v1/scrape/" + path).then().statusCode(400)
        .body("error", is("invalid_request")).body("field", is(field))
        .body("message", is("Field '" + field + "' must be at most " + limit + " characters."))
        .body("setup", not(emptyOrNullString()));
    wireMock.verify(0, getRequestedFor(com.github.tomakehurst.wiremock.client.WireMock.anyUrl()));
  }

  @Test
  void shouldRefuseAnImportUrlLongerThanItsLimit() {
    asClient().body("{\"url\": \"https://www.tiktok.com/" + "x".repeat(ScrapeLimits.URL) + "\"}").when()
        .post("/v1/videos/download/shortvideo").then().statusCode(400).body("error", is("invalid_request"))
        .body("field", is("url")).body("setup", not(emptyOrNullString()));
    wireMock.verify(0, getRequestedFor(com.github.tomakehurst.wiremock.client.WireMock.anyUrl()));
  }

  @Test
  void shouldTakeTextUpToItsLimit() {
    Simulated.provider(wireMock, "/v1/facebook/adLibrary/search/ads", Simulated.upstream("ads-facebook", wireMock));
    var handle = "h".repeat(ScrapeLimits.HANDLE);

    asClient().body("{\"query\": \"shoes\", \"country\": \"ALL\"}").when().post("/v1/scrape/ads/social").then()
        .statusCode(200);

    wireMock.verify(getRequestedFor(urlPathEqualTo("/v1/facebook/adLibrary/search/ads"))
        .withQueryParam("country", equalTo("ALL")));
    Simulated.provider(wireMock, "/v1/instagram/profile", Simulated.upstream("instagram-profile", wireMock));
    asClient().body("{\"handle\": \"" + handle + "\"}").when().post("/v1/scrape/photo/profile").then()
        .statusCode(200);
    wireMock.verify(getRequestedFor(urlPathEqualTo("/v1/instagram/profile")).withQueryParam("handle", equalTo(handle)));
  }

  @Test
  void shouldAskForJsonWhenTheBodyIsNotJson() {
    asClient().contentType("text/plain").body("handle=some.creator").when().post("/v1/scrape/shortvideo/profile")
        .then().statusCode(415).body("error", is("unsupported_media_type"))
        .body("setup", is("Send the body as JSON with Content-Type: application/json."));
  }

  @Test
  void shouldAnswerGetWith405() {
    asClient().when().get("/v1/scrape/shortvideo/profile").then().statusCode(405);
  }
}

package dev.videoautomation.scrape.imports;

import static com.github.tomakehurst.wiremock.client.WireMock.anyUrl;
import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.equalToJson;
import static com.github.tomakehurst.wiremock.client.WireMock.getRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static dev.videoautomation.scrape.Simulated.asClient;
import static dev.videoautomation.scrape.Simulated.asService;
import static org.hamcrest.Matchers.emptyOrNullString;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.startsWith;

import jakarta.inject.Inject;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

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
import dev.videoautomation.scrape.provider.ProviderCache;

/** POST /v1/videos/download/{platform}: resolve the post, stage its video with purpose import. */
@QuarkusTest
@WithTestResource(PostgresResource.class)
@WithTestResource(value = WireMockResource.class, initArgs = @ResourceArg(name = "properties",
    value = "scrape.provider.base-url,quarkus.rest-client.media-client.url"))
@TestProfile(WithProvider.class)
class VideoImportTest {
  @InjectWireMock
  WireMockServer wireMock;

  @Inject
  ProviderCache cache;

  @BeforeEach
  void reset() {
    wireMock.resetAll();
    cache.clear();
  }

  @Test
  void shouldImportAShortVideo() {
    Simulated.provider(wireMock, "/v2/tiktok/video", Simulated.upstream("tiktok-video", wireMock));
    Simulated.mediaStages(wireMock, 0);
    var post = "https://www.tiktok.com/@some.creator/video/7430000000000000007";
    var file = wireMock.baseUrl() + "/tiktokcdn/video/7/1080?x-expires=1763703600&mime_type=video_mp4";

    asClient().body("{\"url\": \"" + post + "\"}").when().post("/v1/videos/download/shortvideo").then()
        .statusCode(200).body("id", startsWith("med_")).body("url", startsWith(Simulated.CDN))
        .body("platform", is("shortvideo")).body("sourceUrl", is(post))
        .body("durationSeconds", is(14.93f)).body("width", is(720)).body("height", is(1280))
        .body("sizeBytes", is(18342211)).body("contentType", is("video/mp4"));

    wireMock.verify(1, postRequestedFor(urlPathEqualTo("/internal/staging/url")).withRequestBody(equalToJson(
        "{\"url\": \"" + file + "\", \"clientId\": \"" + Simulated.CLIENT + "\", \"purpose\": \"import\", "
            + "\"allowedContentTypes\": [\"video/*\"]}")));
  }

  @Test
  void shouldImportAPhotoPlatformVideo() {
    Simulated.provider(wireMock, "/v1/instagram/post", Simulated.upstream("instagram-post", wireMock));
    Simulated.mediaStages(wireMock, 0);
    var post = "https://www.instagram.com/reel/Cx1AbCdEfGh/";

    asClient().body("{\"url\": \"" + post + "\"}").when().post("/v1/videos/download/photo").then()
        .statusCode(200).body("platform", is("photo")).body("sourceUrl", is(post))
        .body("url", startsWith(Simulated.CDN));

    wireMock.verify(getRequestedFor(urlPathEqualTo("/v1/instagram/post")).withQueryParam("url", equalTo(post)));
    wireMock.verify(postRequestedFor(urlPathEqualTo("/internal/staging/url")).withRequestBody(equalToJson(
        "{\"url\": \"" + wireMock.baseUrl() + "/scontent/o1/v/t16/f2/m86/Cx1_best.mp4?oe=6734F2A1\", "
            + "\"clientId\": \"" + Simulated.CLIENT + "\", \"purpose\": \"import\", "
            + "\"allowedContentTypes\": [\"video/*\"]}")));
  }

  @Test
  void shouldAnswerNoVideoForAPhotoPost() {
    Simulated.provider(wireMock, "/v1/instagram/post", Simulated.upstream("instagram-post-photo", wireMock));

    asClient().body("{\"url\": \"https://www.instagram.com/p/Cx3Photo/\"}").when().post("/v1/videos/download/photo")
        .then().statusCode(422).body("error", is("no_video")).body("setup", not(emptyOrNullString()));
    wireMock.verify(0, postRequestedFor(urlPathEqualTo("/internal/staging/url")));
  }

  @Test
  void shouldRefuseOtherPlatforms() {
    asClient().body("{\"url\": \"https://x.com/a/status/1\"}").when().post("/v1/videos/download/microblog").then()
        .statusCode(400).body("error", is("unsupported_platform")).body("setup", not(emptyOrNullString()));
    wireMock.verify(0, getRequestedFor(anyUrl()));
  }

  @Test
  void shouldPassMediasRefusalOnUnchanged() {
    Simulated.provider(wireMock, "/v2/tiktok/video", Simulated.upstream("tiktok-video", wireMock));
    wireMock.stubFor(post(urlPathEqualTo("/internal/staging/url")).willReturn(aResponse().withStatus(413)
        .withHeader("Content-Type", "application/json")
        .withBody("{\"error\": \"payload_too_large\", \"message\": \"The file is larger than 2 GiB.\", "
            + "\"limit\": 2147483648}")));

    asClient().body("{\"url\": \"https://www.tiktok.com/@a/video/7\"}").when().post("/v1/videos/download/shortvideo")
        .then().statusCode(413).body("error", is("payload_too_large")).body("limit", is(2147483648L))
        .body("setup", not(emptyOrNullString()));
  }

  @Test
  void shouldRequireAUrlAndAClient() {
    asClient().body("{}").when().post("/v1/videos/download/shortvideo").then().statusCode(400)
        .body("field", is("url")).body("setup", not(emptyOrNullString()));
    asService("records-service").body("{\"url\": \"https://www.tiktok.com/@a/video/7\"}").when()
        .post("/v1/videos/download/shortvideo").then().statusCode(401);
  }
}

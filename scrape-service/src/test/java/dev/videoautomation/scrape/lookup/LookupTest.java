package dev.videoautomation.scrape.lookup;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.getRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static dev.videoautomation.scrape.Simulated.asClient;
import static dev.videoautomation.scrape.Simulated.asService;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.nullValue;
import static org.hamcrest.Matchers.startsWith;

import jakarta.inject.Inject;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import com.github.tomakehurst.wiremock.WireMockServer;

import io.quarkus.test.common.ResourceArg;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.smallrye.faulttolerance.api.CircuitBreakerMaintenance;

import dev.videoautomation.platform.testing.InjectWireMock;
import dev.videoautomation.platform.testing.PostgresResource;
import dev.videoautomation.platform.testing.WireMockResource;
import dev.videoautomation.scrape.Simulated;
import dev.videoautomation.scrape.WithProvider;
import dev.videoautomation.scrape.provider.ProviderCache;

/** The internal lookups (docs/internal-api.md §3.9–3.10) that records and clone call. */
@QuarkusTest
@WithTestResource(PostgresResource.class)
@WithTestResource(value = WireMockResource.class, initArgs = @ResourceArg(name = "properties",
    value = "scrape.provider.base-url,quarkus.rest-client.media-client.url"))
@TestProfile(WithProvider.class)
class LookupTest {
  @InjectWireMock
  WireMockServer wireMock;

  @Inject
  ProviderCache cache;

  @Inject
  CircuitBreakerMaintenance breakers;

  @BeforeEach
  void reset() {
    wireMock.resetAll();
    cache.clear();
  }

  @AfterEach
  void resetBreakers() {
    breakers.resetAll();
  }

  private void profileAnswers(String path, int status, String contentType, String body) {
    wireMock.stubFor(get(urlPathEqualTo(path)).willReturn(aResponse().withStatus(status)
        .withHeader("Content-Type", contentType).withBody(body)));
  }

  @Test
  void shouldFindAnExistingShortVideoAccount() {
    Simulated.provider(wireMock, "/v1/tiktok/profile", Simulated.upstream("tiktok-profile", wireMock));

    asService("records-service").body("{\"platform\": \"shortvideo\", \"handle\": \"@Some.Creator\"}").when()
        .post("/internal/lookup/account").then().statusCode(200)
        .body("exists", is(true)).body("platform", is("shortvideo")).body("handle", is("some.creator"))
        .body("displayName", is("Some Creator")).body("followers", is(10432))
        .body("profileUrl", is("https://www.tiktok.com/@some.creator"))
        .body("avatarUrl", startsWith(wireMock.baseUrl()));
    wireMock.verify(getRequestedFor(urlPathEqualTo("/v1/tiktok/profile"))
        .withQueryParam("handle", equalTo("some.creator")));
  }

  @Test
  void shouldFindAnExistingPhotoAccountForAClientToo() {
    Simulated.provider(wireMock, "/v1/instagram/profile", Simulated.upstream("instagram-profile", wireMock));

    asClient().body("{\"platform\": \"photo\", \"handle\": \"some.creator\"}").when()
        .post("/internal/lookup/account").then().statusCode(200)
        .body("exists", is(true)).body("displayName", is("Some Creator")).body("followers", is(20480))
        .body("profileUrl", is("https://www.instagram.com/some.creator/"));
  }

  @Test
  void shouldSayAnAccountIsAbsentWhenTheProviderSaysSo() {
    profileAnswers("/v1/tiktok/profile", 404, "application/json",
        "{\"success\": false, \"message\": \"User not found\"}");

    asService("records-service").body("{\"platform\": \"shortvideo\", \"handle\": \"nobody.here\"}").when()
        .post("/internal/lookup/account").then().statusCode(200)
        .body("exists", is(false)).body("handle", is("nobody.here")).body("displayName", nullValue())
        .body("followers", nullValue());

    profileAnswers("/v1/instagram/profile", 200, "application/json",
        "{\"success\": false, \"data\": {\"user\": null}}");
    asService("records-service").body("{\"platform\": \"photo\", \"handle\": \"nobody.here\"}").when()
        .post("/internal/lookup/account").then().statusCode(200).body("exists", is(false));
  }

  @Test
  void shouldNeverReadAMisroutedProvidersBare404AsAbsent() {
    profileAnswers("/v1/tiktok/profile", 404, "text/html", "<html><body>Cannot GET</body></html>");

    asService("records-service").body("{\"platform\": \"shortvideo\", \"handle\": \"some.creator\"}").when()
        .post("/internal/lookup/account").then().statusCode(502).body("error", is("upstream_error"));

    profileAnswers("/v1/tiktok/profile", 200, "application/json", "{\"something\": \"else\"}");
    asService("records-service").body("{\"platform\": \"shortvideo\", \"handle\": \"other.one\"}").when()
        .post("/internal/lookup/account").then().statusCode(502).body("error", is("upstream_error"));
  }

  @Test
  void shouldPassProviderFailuresOn() {
    profileAnswers("/v1/tiktok/profile", 402, "application/json", "{\"success\": false}");

    asService("records-service").body("{\"platform\": \"shortvideo\", \"handle\": \"some.creator\"}").when()
        .post("/internal/lookup/account").then().statusCode(502).body("error", is("provider_credits_exhausted"));
  }

  @Test
  void shouldRefuseOtherPlatformsAndMissingHandles() {
    asService("records-service").body("{\"platform\": \"microblog\", \"handle\": \"a\"}").when()
        .post("/internal/lookup/account").then().statusCode(400).body("error", is("unsupported_platform"));
    asService("records-service").body("{\"platform\": \"photo\", \"handle\": \"@\"}").when()
        .post("/internal/lookup/account").then().statusCode(400).body("field", is("handle"));
    asService("records-service").body("{\"platform\": \"photo\", \"handle\": \"a\", \"extra\": 1}").when()
        .post("/internal/lookup/account").then().statusCode(400).body("field", is("extra"));
  }

  @Test
  void shouldResolveAShortVideoToItsBestUnwatermarkedFile() {
    Simulated.provider(wireMock, "/v2/tiktok/video", Simulated.upstream("tiktok-video", wireMock));
    var post = "https://www.tiktok.com/@some.creator/video/7430000000000000007";

    asService("clone-service").body("{\"platform\": \"shortvideo\", \"url\": \"" + post + "\"}").when()
        .post("/internal/lookup/video").then().statusCode(200)
        .body("platform", is("shortvideo")).body("sourceUrl", is(post))
        .body("videoUrl", is(wireMock.baseUrl()
            + "/tiktokcdn/video/7/1080?x-expires=1763703600&mime_type=video_mp4"))
        .body("contentType", is("video/mp4")).body("width", is(1080)).body("height", is(1920))
        .body("durationSeconds", is(14.93f)).body("hasWatermark", is(false))
        .body("expiresAt", is(1763703600000L));
  }

  @Test
  void shouldResolveAPhotoPlatformReel() {
    Simulated.provider(wireMock, "/v1/instagram/post", Simulated.upstream("instagram-post", wireMock));

    asService("records-service").body("{\"platform\": \"photo\", \"url\": \"https://www.instagram.com/reel/Cx1/\"}")
        .when().post("/internal/lookup/video").then().statusCode(200)
        .body("videoUrl", is(wireMock.baseUrl() + "/scontent/o1/v/t16/f2/m86/Cx1_best.mp4?oe=6734F2A1"))
        .body("width", is(1080)).body("height", is(1920)).body("durationSeconds", is(21.4f))
        .body("expiresAt", is(0x6734F2A1 * 1000L));
  }

  @Test
  void shouldPickTheLargestVideoVersion() {
    Simulated.provider(wireMock, "/v1/instagram/post", Simulated.upstream("instagram-reels", wireMock));

    asService("records-service").body("{\"platform\": \"photo\", \"url\": \"https://www.instagram.com/reel/Cx9/\"}")
        .when().post("/internal/lookup/video").then().statusCode(200)
        .body("videoUrl", is(wireMock.baseUrl() + "/scontent/o1/v/t16/f2/m86/Cx9Reel0001_720.mp4?oe=6734F2A1"))
        .body("width", is(720));
  }

  @Test
  void shouldAnswerNoVideoForAPhotoPost() {
    Simulated.provider(wireMock, "/v1/instagram/post", Simulated.upstream("instagram-post-photo", wireMock));

    asService("records-service").body("{\"platform\": \"photo\", \"url\": \"https://www.instagram.com/p/Cx3/\"}")
        .when().post("/internal/lookup/video").then().statusCode(422).body("error", is("no_video"));
  }
}

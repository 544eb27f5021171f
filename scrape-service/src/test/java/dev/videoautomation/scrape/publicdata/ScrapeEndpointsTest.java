package dev.videoautomation.scrape.publicdata;

import static com.github.tomakehurst.wiremock.client.WireMock.absent;
import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.getRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static dev.videoautomation.scrape.Simulated.asClient;
import static dev.videoautomation.scrape.Simulated.tree;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.notNullValue;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Stream;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.matching.RequestPatternBuilder;

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

/** Each of the 24 endpoints against the simulated provider: the mapped path and parameters, and the pass-through. */
@QuarkusTest
@WithTestResource(PostgresResource.class)
@WithTestResource(value = WireMockResource.class, initArgs = @ResourceArg(name = "properties",
    value = "scrape.provider.base-url,quarkus.rest-client.media-client.url"))
@TestProfile(WithProvider.class)
class ScrapeEndpointsTest {
  @InjectWireMock
  WireMockServer wireMock;

  @jakarta.inject.Inject
  ProviderCache cache;

  @jakarta.inject.Inject
  CircuitBreakerMaintenance breakers;

  /** One endpoint: its body, the provider path and query it must map to, its payload, and whether it stages. */
  record Case(String path, String body, String upstreamPath, Map<String, String> query, String fixture,
      boolean media) {
    @Override
    public String toString() {
      return path;
    }
  }

  static Map<String, String> query(String... pairs) {
    var map = new LinkedHashMap<String, String>();
    for (int i = 0; i < pairs.length; i += 2) {
      map.put(pairs[i], pairs[i + 1]);
    }
    return map;
  }

  static Stream<Case> endpoints() {
    var tiktokUrl = "https://www.tiktok.com/@some.creator/video/7430000000000000007";
    var igUrl = "https://www.instagram.com/reel/Cx1AbCdEfGh/";
    var tweetUrl = "https://x.com/some_creator/status/1828402665845322123";
    var ytUrl = "https://www.youtube.com/watch?v=dQw4w9WgXcQ";
    return Stream.of(
        new Case("shortvideo/profile", "{\"handle\": \"some.creator\", \"trim\": true}", "/v1/tiktok/profile",
            query("handle", "some.creator", "trim", "true"), "tiktok-profile", true),
        new Case("shortvideo/profile/videos", "{\"handle\": \"some.creator\", \"cursor\": \"1729990000000\"}",
            "/v3/tiktok/profile/videos", query("handle", "some.creator", "max_cursor", "1729990000000"),
            "tiktok-profile-videos", true),
        new Case("shortvideo/video", "{\"url\": \"" + tiktokUrl + "\", \"trim\": false}", "/v2/tiktok/video",
            query("url", tiktokUrl), "tiktok-video", true),
        new Case("shortvideo/video/transcript", "{\"url\": \"" + tiktokUrl + "\"}", "/v1/tiktok/video/transcript",
            query("url", tiktokUrl), "tiktok-transcript", false),
        new Case("shortvideo/video/comments", "{\"url\": \"" + tiktokUrl + "\", \"cursor\": \"20\"}",
            "/v1/tiktok/video/comments", query("url", tiktokUrl, "cursor", "20"), "tiktok-comments", false),
        new Case("shortvideo/search/users", "{\"query\": \"home cooking\", \"cursor\": \"10\"}",
            "/v1/tiktok/search/users", query("query", "home cooking", "cursor", "10"), "tiktok-search-users", false),
        new Case("shortvideo/trending", "{\"country\": \"GB\"}", "/v1/tiktok/get-trending-feed",
            query("region", "GB"), "tiktok-trending", true),
        new Case("photo/profile", "{\"handle\": \"some.creator\"}", "/v1/instagram/profile",
            query("handle", "some.creator"), "instagram-profile", true),
        new Case("photo/user/posts", "{\"handle\": \"some.creator\", \"cursor\": \"3456_260462810\"}",
            "/v2/instagram/user/posts", query("handle", "some.creator", "next_max_id", "3456_260462810"),
            "instagram-user-posts", true),
        new Case("photo/post", "{\"url\": \"" + igUrl + "\"}", "/v1/instagram/post", query("url", igUrl),
            "instagram-post", true),
        new Case("photo/post/comments", "{\"url\": \"" + igUrl + "\", \"cursor\": \"QVFCdGhl\"}",
            "/v2/instagram/post/comments", query("url", igUrl, "cursor", "QVFCdGhl"), "instagram-comments", false),
        new Case("photo/user/reels", "{\"handle\": \"some.creator\", \"cursor\": \"QVFDb3\"}",
            "/v1/instagram/user/reels", query("handle", "some.creator", "max_id", "QVFDb3"), "instagram-reels", true),
        new Case("microblog/profile", "{\"handle\": \"some_creator\"}", "/v1/twitter/profile",
            query("handle", "some_creator"), "twitter-profile", true),
        new Case("microblog/user-tweets", "{\"handle\": \"some_creator\", \"trim\": true, \"cursor\": \"c2\"}",
            "/v1/twitter/user-tweets", query("handle", "some_creator", "trim", "true", "cursor", "c2"),
            "twitter-user-tweets", true),
        new Case("microblog/tweet", "{\"url\": \"" + tweetUrl + "\", \"trim\": true}", "/v1/twitter/tweet",
            query("url", tweetUrl, "trim", "true"), "twitter-tweet", true),
        new Case("microblog/tweet/transcript", "{\"url\": \"" + tweetUrl + "\"}", "/v1/twitter/tweet/transcript",
            query("url", tweetUrl), "twitter-transcript", false),
        new Case("videosite/channel", "{\"handle\": \"somecreator\"}", "/v1/youtube/channel",
            query("handle", "somecreator"), "youtube-channel", true),
        new Case("videosite/channel-videos", "{\"channel_id\": \"UCX6OQ3DkcsbYNE6H8uQQuVA\", \"cursor\": \"4qmF\"}",
            "/v1/youtube/channel-videos", query("channelId", "UCX6OQ3DkcsbYNE6H8uQQuVA", "continuationToken", "4qmF"),
            "youtube-channel-videos", true),
        new Case("videosite/video", "{\"url\": \"" + ytUrl + "\"}", "/v1/youtube/video", query("url", ytUrl),
            "youtube-video", true),
        new Case("videosite/video/comments", "{\"url\": \"" + ytUrl + "\", \"cursor\": \"Eg0S\"}",
            "/v1/youtube/video/comments", query("url", ytUrl, "continuationToken", "Eg0S"), "youtube-comments",
            false),
        new Case("ads/social", "{\"query\": \"running shoes\", \"country\": \"US\"}",
            "/v1/facebook/adLibrary/search/ads", query("query", "running shoes", "country", "US"), "ads-facebook",
            true),
        new Case("ads/search", "{\"company\": \"somebrand.com\"}", "/v1/google/company/ads",
            query("domain", "somebrand.com"), "ads-google", true),
        new Case("ads/professional", "{\"query\": \"software engineer\"}", "/v1/linkedin/ads/search",
            query("keyword", "software engineer"), "ads-linkedin", true),
        new Case("ads/forum", "{\"query\": \"vpn\"}", "/v1/reddit/ads/search", query("query", "vpn"), "ads-reddit",
            true));
  }

  static Stream<Case> stagingEndpoints() {
    return endpoints().filter(Case::media);
  }

  @BeforeEach
  void reset() {
    wireMock.resetAll();
    cache.clear();
  }

  @AfterEach
  void resetBreakers() {
    breakers.resetAll();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("endpoints")
  void shouldMapThePathAndParametersAndPassTheDataThrough(Case endpoint) {
    var upstream = Simulated.upstream(endpoint.fixture(), wireMock);
    Simulated.provider(wireMock, endpoint.upstreamPath(), upstream);

    var answer = asClient().body(endpoint.body()).when().post("/v1/scrape/" + endpoint.path()).then()
        .statusCode(200).extract().asString();

    assertThat(tree(answer).get("data")).isEqualTo(tree(upstream));
    assertThat(tree(answer).has("meta")).isFalse();
    RequestPatternBuilder expected = getRequestedFor(urlPathEqualTo(endpoint.upstreamPath()))
        .withHeader("x-api-key", equalTo(WithProvider.API_KEY))
        .withQueryParam("download_media", absent());
    endpoint.query().forEach((name, value) -> expected.withQueryParam(name, equalTo(value)));
    wireMock.verify(1, expected);
    var sent = wireMock.getAllServeEvents().getFirst().getRequest().getQueryParams().keySet();
    assertThat(sent).containsExactlyInAnyOrderElementsOf(endpoint.query().keySet());
    wireMock.verify(0, postRequestedFor(urlPathEqualTo("/internal/staging/url")));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("stagingEndpoints")
  void shouldLeaveOnlyServiceUrlsForMediaWhenDownloadMediaIsTrue(Case endpoint) {
    var upstream = Simulated.upstream(endpoint.fixture(), wireMock);
    Simulated.provider(wireMock, endpoint.upstreamPath(), upstream);
    Simulated.mediaStages(wireMock, 0);
    var body = endpoint.body().replaceFirst("}$", ", \"download_media\": true}");

    var answer = tree(asClient().body(body).when().post("/v1/scrape/" + endpoint.path()).then().statusCode(200)
        .body("meta.staged", notNullValue()).extract().asString());

    var left = Simulated.httpStrings(answer.get("data")).stream()
        .filter(url -> url.startsWith(wireMock.baseUrl())).toList();
    assertThat(left).as("source media URLs left in the answer").isEmpty();
    assertThat(Simulated.httpStrings(answer.get("data"))).anyMatch(url -> url.startsWith(Simulated.CDN));
    assertThat(answer.path("meta").path("staged").asInt()).isPositive();
    for (var unstaged : answer.path("meta").path("unstaged")) {
      assertThat(unstaged.path("reason").asText()).isEqualTo("unsupported_media_type");
      assertThat(unstaged.path("sourceUrl").asText()).matches(".*\\.(m3u8|mpd)(\\?.*)?");
    }
    wireMock.verify(0, getRequestedFor(urlPathEqualTo(endpoint.upstreamPath()))
        .withQueryParam("download_media", equalTo("true")));
    wireMock.verify(postRequestedFor(urlPathEqualTo("/internal/staging/url"))
        .withRequestBody(com.github.tomakehurst.wiremock.client.WireMock.matchingJsonPath("$.purpose",
            equalTo("scrape")))
        .withRequestBody(com.github.tomakehurst.wiremock.client.WireMock.matchingJsonPath("$.clientId",
            equalTo(Simulated.CLIENT))));
  }

  @Test
  void shouldLeaveTheRawSourceUrlsWhenDownloadMediaIsFalse() {
    var upstream = Simulated.upstream("tiktok-video", wireMock);
    Simulated.provider(wireMock, "/v2/tiktok/video", upstream);

    var answer = asClient().body("{\"url\": \"https://www.tiktok.com/@a/video/1\", \"download_media\": false}")
        .when().post("/v1/scrape/shortvideo/video").then().statusCode(200).extract().asString();

    assertThat(Simulated.httpStrings(tree(answer))).anyMatch(url -> url.startsWith(wireMock.baseUrl()));
  }
}

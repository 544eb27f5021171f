package dev.videoautomation.scrape;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.any;
import static com.github.tomakehurst.wiremock.client.WireMock.anyUrl;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static dev.videoautomation.scrape.Simulated.asClient;
import static dev.videoautomation.scrape.Simulated.tree;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import com.github.tomakehurst.wiremock.WireMockServer;

import io.quarkus.test.common.ResourceArg;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;

import dev.videoautomation.platform.spending.SpendingOperation;
import dev.videoautomation.platform.testing.InjectWireMock;
import dev.videoautomation.platform.testing.PostgresResource;
import dev.videoautomation.platform.testing.WireMockResource;
import dev.videoautomation.scrape.provider.ProviderCache;

/**
 * Every spending operation scrape serves, with {@code dryRun=true} (issue 32 §1): a bad body is refused exactly as the
 * real call refuses it; a good one answers the free {@code DryRun} with the provider and media (one WireMock) never
 * asked and nothing cached, and the real call then runs.
 */
@QuarkusTest
@WithTestResource(PostgresResource.class)
@WithTestResource(value = WireMockResource.class, initArgs = @ResourceArg(name = "properties",
    value = "scrape.provider.base-url,quarkus.rest-client.media-client.url"))
@TestProfile(WithProvider.class)
class DryRunTest {
  static final String TIKTOK_POST = "https://www.tiktok.com/@some.creator/video/7430000000000000007";
  static final String IG_POST = "https://www.instagram.com/reel/Cx1AbCdEfGh/";
  static final String TWEET = "https://x.com/some_creator/status/1828402665845322123";
  static final String YT_VIDEO = "https://www.youtube.com/watch?v=dQw4w9WgXcQ";
  static final String LOOPBACK_POST = "http://127.0.0.1:8080/p/1";

  @InjectWireMock
  WireMockServer wireMock;

  @jakarta.inject.Inject
  ProviderCache cache;

  /** One operation of the table: where it is served, a body the real call takes (or none), and one it refuses. */
  record Case(String name, SpendingOperation operation, String path, String good, String bad) {
    @Override
    public String toString() {
      return name;
    }
  }

  static Stream<Case> operations() {
    return Stream.of(
        scrape(SpendingOperation.SCRAPE_SHORTVIDEO_PROFILE, "{\"handle\": \"some.creator\", \"download_media\": true}",
            "{\"trim\": true}"),
        scrape(SpendingOperation.SCRAPE_SHORTVIDEO_PROFILE_VIDEOS, "{\"handle\": \"some.creator\", \"cursor\": \"1\"}",
            "{\"handle\": \"" + "h".repeat(101) + "\"}"),
        scrape(SpendingOperation.SCRAPE_SHORTVIDEO_VIDEO, url(TIKTOK_POST, true), url(LOOPBACK_POST, false)),
        scrape(SpendingOperation.SCRAPE_SHORTVIDEO_VIDEO_TRANSCRIPT, url(TIKTOK_POST, false),
            "{\"url\": \"ftp://www.tiktok.com/v/1\"}"),
        scrape(SpendingOperation.SCRAPE_SHORTVIDEO_VIDEO_COMMENTS, url(TIKTOK_POST, false), "{}"),
        scrape(SpendingOperation.SCRAPE_SHORTVIDEO_SEARCH_USERS, "{\"query\": \"home cooking\"}",
            "{\"query\": \"cooking\", \"unknown\": 1}"),
        scrape(SpendingOperation.SCRAPE_SHORTVIDEO_TRENDING, "{\"country\": \"GB\", \"download_media\": true}",
            "{\"country\": \"GBRX\"}"),
        scrape(SpendingOperation.SCRAPE_PHOTO_PROFILE, "{\"handle\": \"some.creator\"}", "{\"handle\": \"\"}"),
        scrape(SpendingOperation.SCRAPE_PHOTO_USER_POSTS, "{\"handle\": \"some.creator\", \"download_media\": true}",
            "{\"cursor\": \"3456\"}"),
        scrape(SpendingOperation.SCRAPE_PHOTO_POST, url(IG_POST, true), url("http://192.168.1.1/p/1", true)),
        scrape(SpendingOperation.SCRAPE_PHOTO_POST_COMMENTS, url(IG_POST, false), url("http://user@x.com/p/1",
            false)),
        scrape(SpendingOperation.SCRAPE_PHOTO_USER_REELS, "{\"handle\": \"some.creator\"}",
            "{\"handle\": \"some.creator\", \"download_media\": \"yes\"}"),
        scrape(SpendingOperation.SCRAPE_MICROBLOG_PROFILE, "{\"handle\": \"some_creator\"}", "[]"),
        scrape(SpendingOperation.SCRAPE_MICROBLOG_USER_TWEETS, "{\"handle\": \"some_creator\", \"trim\": true}",
            "{\"handle\": \"some_creator\", \"cursor\": \"" + "c".repeat(4097) + "\"}"),
        scrape(SpendingOperation.SCRAPE_MICROBLOG_TWEET, url(TWEET, true), url("http://localhost/status/1", false)),
        scrape(SpendingOperation.SCRAPE_MICROBLOG_TWEET_TRANSCRIPT, url(TWEET, false), "{\"url\": 7}"),
        scrape(SpendingOperation.SCRAPE_VIDEOSITE_CHANNEL, "{\"handle\": \"somecreator\"}", "{}"),
        scrape(SpendingOperation.SCRAPE_VIDEOSITE_CHANNEL_VIDEOS, "{\"channel_id\": \"UCX6OQ3DkcsbYNE6H8uQQuVA\"}",
            "{\"channel_id\": \"" + "u".repeat(101) + "\"}"),
        scrape(SpendingOperation.SCRAPE_VIDEOSITE_VIDEO, url(YT_VIDEO, true), url("http://[::1]/watch", false)),
        scrape(SpendingOperation.SCRAPE_VIDEOSITE_VIDEO_COMMENTS, url(YT_VIDEO, false),
            "{\"url\": \"http://169.254.169.254/latest\"}"),
        scrape(SpendingOperation.SCRAPE_ADS_SOCIAL, "{\"query\": \"running shoes\", \"country\": \"US\"}",
            "{\"query\": \"" + "q".repeat(501) + "\"}"),
        scrape(SpendingOperation.SCRAPE_ADS_SEARCH, "{\"company\": \"somebrand.com\", \"download_media\": true}",
            "{\"company\": null}"),
        scrape(SpendingOperation.SCRAPE_ADS_PROFESSIONAL, "{\"query\": \"software engineer\"}", "{\"query\": \" \"}"),
        scrape(SpendingOperation.SCRAPE_ADS_FORUM, "{\"query\": \"vpn\"}", "not json"),
        new Case("importVideo", SpendingOperation.IMPORT_VIDEO, "/v1/videos/download/shortvideo",
            url(TIKTOK_POST, false), url(LOOPBACK_POST, false)),
        new Case("importVideo (photo)", SpendingOperation.IMPORT_VIDEO, "/v1/videos/download/photo",
            url(IG_POST, false), "{\"url\": \"\"}"),
        new Case("importVideo on an unsupported platform", SpendingOperation.IMPORT_VIDEO,
            "/v1/videos/download/microblog", null, url(TWEET, false)));
  }

  private static Case scrape(SpendingOperation operation, String good, String bad) {
    return new Case(operation.operationId(), operation, operation.path(), good, bad);
  }

  private static String url(String url, boolean downloadMedia) {
    return "{\"url\": \"" + url + "\"" + (downloadMedia ? ", \"download_media\": true" : "") + "}";
  }

  @BeforeEach
  void reset() {
    wireMock.resetAll();
    cache.clear();
  }

  @Test
  void shouldCoverEverySpendingOperationScrapeServes() {
    var served = Arrays.stream(SpendingOperation.values())
        .filter(o -> o.path().startsWith("/v1/scrape/") || o == SpendingOperation.IMPORT_VIDEO)
        .collect(Collectors.toSet());
    assertThat(operations().map(Case::operation).collect(Collectors.toSet())).isEqualTo(served).hasSize(25);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("operations")
  void shouldRefuseABadBodyAsTheRealCallDoes(Case operation) {
    var real = refusal(operation, false);
    var dry = refusal(operation, true);
    assertThat(dry.status()).as("status").isEqualTo(real.status()).isBetween(400, 499);
    assertThat(dry.body()).as("body").isEqualTo(real.body());
    assertThat(wireMock.getAllServeEvents()).as("calls to the provider or media").isEmpty();
  }

  private record Answer(int status, Object body) {
  }

  private Answer refusal(Case operation, boolean dryRun) {
    var response = asClient().queryParam("dryRun", dryRun).body(operation.bad()).when().post(operation.path())
        .then().extract();
    return new Answer(response.statusCode(), tree(response.asString()));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("operations")
  void shouldAnswerAGoodBodysDryRunWithoutCallingOutAndThenRunForReal(Case operation) {
    if (operation.good() == null) {
      return;
    }
    var answer = tree(asClient().queryParam("dryRun", true).body(operation.good()).when().post(operation.path())
        .then().statusCode(200).extract().asString());

    assertThat(answer).isEqualTo(tree("{\"dryRun\": true, \"wouldRun\": true, \"cost\": {\"credits\": 0}, "
        + "\"refusal\": null}"));
    assertThat(wireMock.getAllServeEvents()).as("calls to the provider or media").isEmpty();

    // wouldRun: the real call, the provider and media answering, runs (and only now is the provider asked).
    wireMock.stubFor(get(anyUrl()).willReturn(aResponse().withHeader("Content-Type", "application/json")
        .withBody(Simulated.upstream("tiktok-video", wireMock))));
    Simulated.provider(wireMock, "/v1/instagram/post", Simulated.upstream("instagram-post", wireMock));
    Simulated.mediaStages(wireMock, 0);
    asClient().body(operation.good()).when().post(operation.path()).then().statusCode(200);
    assertThat(wireMock.getAllServeEvents()).as("calls of the real call").isNotEmpty();
  }

  @Test
  void shouldTakeDryRunFalseAsTheRealCall() {
    wireMock.stubFor(any(anyUrl()).willReturn(aResponse().withHeader("Content-Type", "application/json")
        .withBody("{\"user\": {\"id\": \"1\"}}")));
    var answer = tree(asClient().queryParam("dryRun", false).body(Map.of("handle", "some.creator")).when()
        .post("/v1/scrape/shortvideo/profile").then().statusCode(200).extract().asString());
    assertThat(answer.path("data").path("user").path("id").asText()).isEqualTo("1");
    assertThat(answer.has("dryRun")).isFalse();
  }
}

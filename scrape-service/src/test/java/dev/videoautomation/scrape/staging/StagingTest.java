package dev.videoautomation.scrape.staging;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.getRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.matching;
import static com.github.tomakehurst.wiremock.client.WireMock.matchingJsonPath;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static dev.videoautomation.scrape.Simulated.asClient;
import static dev.videoautomation.scrape.Simulated.asService;
import static dev.videoautomation.scrape.Simulated.tree;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.is;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Comparator;

import jakarta.inject.Inject;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.stubbing.ServeEvent;

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

/** download_media: refusals become null plus meta.unstaged, identical URLs stage once, staging runs concurrently. */
@QuarkusTest
@WithTestResource(PostgresResource.class)
@WithTestResource(value = WireMockResource.class, initArgs = @ResourceArg(name = "properties",
    value = "scrape.provider.base-url,quarkus.rest-client.media-client.url"))
@TestProfile(WithProvider.class)
class StagingTest {
  static final int DELAY_MS = 300;
  static final int FILES = 6;

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

  /** A trending feed of {@code count} videos whose covers are distinct files. */
  private String feed(int count) {
    var items = new ArrayList<String>();
    for (int i = 0; i < count; i++) {
      items.add("{\"aweme_id\": \"" + i + "\", \"video\": {\"cover\": {\"url_list\": [\"" + wireMock.baseUrl()
          + "/tiktokcdn/obj/cover" + i + "\"]}}}");
    }
    return "{\"aweme_list\": [" + String.join(", ", items) + "]}";
  }

  @Test
  void shouldNullAnUnstageableFileAndListItWithTheReason() {
    Simulated.provider(wireMock, "/v2/tiktok/video", Simulated.upstream("tiktok-video", wireMock));
    Simulated.mediaStages(wireMock, 0);
    var refused = wireMock.baseUrl() + "/tiktokcdn/obj/origin7~tplv-photomode-zoomcover:720:720.jpeg";
    wireMock.stubFor(post(urlPathEqualTo("/internal/staging/url")).atPriority(1)
        .withRequestBody(matchingJsonPath("$.url", matching(".*/origin7~.*")))
        .willReturn(aResponse().withStatus(400).withHeader("Content-Type", "application/json")
            .withBody("{\"error\": \"url_not_allowed\", \"message\": \"The URL points at a private address.\", "
                + "\"reason\": \"private_address\", \"field\": \"url\"}")));

    var answer = tree(asClient().body("{\"url\": \"https://www.tiktok.com/@a/video/7\", \"download_media\": true}")
        .when().post("/v1/scrape/shortvideo/video").then().statusCode(200).extract().asString());

    // Both mirrors of the origin cover are refused: each place becomes null and is listed.
    assertThat(answer.at("/data/aweme_detail/video/origin_cover/url_list/0").isNull()).isTrue();
    assertThat(answer.at("/data/aweme_detail/video/origin_cover/url_list/1").isNull()).isTrue();
    assertThat(answer.at("/data/aweme_detail/video/cover/url_list/0").asText()).startsWith(Simulated.CDN);
    var unstaged = answer.at("/meta/unstaged");
    assertThat(unstaged).hasSize(2);
    assertThat(unstaged.get(0).path("path").asText()).isEqualTo("$.data.aweme_detail.video.origin_cover.url_list[0]");
    assertThat(unstaged.get(0).path("sourceUrl").asText()).isEqualTo(refused);
    assertThat(unstaged.get(0).path("reason").asText()).isEqualTo("url_not_allowed");
    assertThat(unstaged.get(1).path("path").asText()).isEqualTo("$.data.aweme_detail.video.origin_cover.url_list[1]");
    assertThat(Simulated.httpStrings(answer.get("data"))).noneMatch(url -> url.startsWith(wireMock.baseUrl()));
  }

  @Test
  void shouldStageOneMirrorOfAUrlListAndFallBackToTheNextWhenOneIsRefused() {
    var first = wireMock.baseUrl() + "/tiktokcdn/video/play-a";
    var second = wireMock.baseUrl() + "/tiktokcdn-us/video/play-a";
    Simulated.provider(wireMock, "/v2/tiktok/video", "{\"aweme_detail\": {\"video\": {\"play_addr\": {\"url_list\": [\""
        + first + "\", \"" + second + "\"]}}}}");
    Simulated.mediaStages(wireMock, 0);
    wireMock.stubFor(post(urlPathEqualTo("/internal/staging/url")).atPriority(1)
        .withRequestBody(matchingJsonPath("$.url", equalTo(first)))
        .willReturn(aResponse().withStatus(502).withHeader("Content-Type", "application/json")
            .withBody("{\"error\": \"upstream_error\", \"message\": \"The source answered 403.\"}")));

    var answer = tree(asClient().body("{\"url\": \"https://www.tiktok.com/@a/video/9\", \"download_media\": true}")
        .when().post("/v1/scrape/shortvideo/video").then().statusCode(200).body("meta.staged", is(1))
        .extract().asString());

    var mirrors = answer.at("/data/aweme_detail/video/play_addr/url_list");
    assertThat(mirrors.get(0).asText()).startsWith(Simulated.CDN).isEqualTo(mirrors.get(1).asText());
    assertThat(answer.at("/meta/unstaged")).isEmpty();
    wireMock.verify(2, postRequestedFor(urlPathEqualTo("/internal/staging/url")));
  }

  @Test
  void shouldStageAnIdenticalUrlOnceAndReplaceEveryOccurrence() {
    var same = wireMock.baseUrl() + "/scontent/v/t51.2885-19/pic_hd.jpg";
    Simulated.provider(wireMock, "/v1/instagram/profile", "{\"data\": {\"user\": {\"profile_pic_url\": \"" + same
        + "\", \"profile_pic_url_hd\": \"" + same + "\"}}}");
    Simulated.mediaStages(wireMock, 0);

    var answer = tree(asClient().body("{\"handle\": \"dup\", \"download_media\": true}")
        .when().post("/v1/scrape/photo/profile").then().statusCode(200).body("meta.staged", is(1))
        .extract().asString());

    wireMock.verify(1, postRequestedFor(urlPathEqualTo("/internal/staging/url")));
    var user = answer.at("/data/data/user");
    assertThat(user.path("profile_pic_url").asText()).startsWith(Simulated.CDN)
        .isEqualTo(user.path("profile_pic_url_hd").asText());
  }

  @Test
  void shouldStageFilesConcurrentlyWithinTheConfiguredBound() {
    Simulated.provider(wireMock, "/v1/tiktok/get-trending-feed", feed(FILES));
    Simulated.mediaStages(wireMock, DELAY_MS);

    var started = System.nanoTime();
    asClient().body("{\"download_media\": true}").when().post("/v1/scrape/shortvideo/trending").then()
        .statusCode(200).body("meta.staged", is(FILES));
    var elapsedMs = (System.nanoTime() - started) / 1_000_000;

    // Serially the files would take 6 x 300 ms; with 4 at a time they take two rounds.
    assertThat(elapsedMs).isLessThan((long) FILES * DELAY_MS);
    var staging = wireMock.getAllServeEvents().stream()
        .filter(e -> e.getRequest().getUrl().startsWith("/internal/staging/url"))
        .sorted(Comparator.comparing(e -> e.getRequest().getLoggedDate())).toList();
    assertThat(staging).hasSize(FILES);
    var overlap = maxOverlap(staging);
    assertThat(overlap).as("requests in flight at once").isGreaterThan(1).isLessThanOrEqualTo(4);
  }

  /** The most staging requests the simulated media host was serving at one moment (each takes at least DELAY_MS). */
  private static int maxOverlap(java.util.List<ServeEvent> events) {
    int best = 0;
    for (var event : events) {
      var at = event.getRequest().getLoggedDate().getTime();
      var inFlight = (int) events.stream().filter(other -> {
        var start = other.getRequest().getLoggedDate().getTime();
        return start <= at && at < start + DELAY_MS;
      }).count();
      best = Math.max(best, inFlight);
    }
    return best;
  }

  @Test
  void shouldStageWithTheCallersOwnToken() {
    Simulated.provider(wireMock, "/v1/tiktok/get-trending-feed", feed(1));
    Simulated.mediaStages(wireMock, 0);

    asClient().body("{\"country\": \"FR\", \"download_media\": true}").when().post("/v1/scrape/shortvideo/trending")
        .then().statusCode(200);

    var authorization = wireMock.getAllServeEvents().stream()
        .filter(e -> e.getRequest().getUrl().startsWith("/internal/staging/url")).findFirst().orElseThrow()
        .getRequest().getHeader("Authorization");
    var payload = new String(Base64.getUrlDecoder().decode(authorization.substring("Bearer ".length())
        .split("\\.")[1]), StandardCharsets.UTF_8);
    assertThat(tree(payload).path("sub").asText()).isEqualTo(Simulated.CLIENT);
  }

  @Test
  void shouldRefuseDownloadMediaWithoutAClient() {
    Simulated.provider(wireMock, "/v1/tiktok/get-trending-feed", feed(1));

    asService("records-service").body("{\"download_media\": true}").when().post("/v1/scrape/shortvideo/trending")
        .then().statusCode(401).body("error", is("unauthorized"))
        .body("setup", org.hamcrest.Matchers.notNullValue());
    wireMock.verify(0, postRequestedFor(urlPathEqualTo("/internal/staging/url")));
  }

  @Test
  void shouldAnswerIdenticalRequestsFromTheCache() {
    Simulated.provider(wireMock, "/v1/tiktok/profile", Simulated.upstream("tiktok-profile", wireMock));

    for (int i = 0; i < 3; i++) {
      asClient("cli_cacheTestClient" + i).body("{\"handle\": \"cached.one\"}").when()
          .post("/v1/scrape/shortvideo/profile").then().statusCode(200).body("data.user.uniqueId",
              is("some.creator"));
    }
    asClient().body("{\"handle\": \"cached.two\"}").when().post("/v1/scrape/shortvideo/profile").then()
        .statusCode(200);

    wireMock.verify(1, getRequestedFor(urlPathEqualTo("/v1/tiktok/profile"))
        .withQueryParam("handle", com.github.tomakehurst.wiremock.client.WireMock.equalTo("cached.one")));
    wireMock.verify(2, getRequestedFor(urlPathEqualTo("/v1/tiktok/profile")));
  }

  @Test
  void shouldNotLetStagingChangeTheCachedAnswer() {
    Simulated.provider(wireMock, "/v1/tiktok/get-trending-feed", feed(2));
    Simulated.mediaStages(wireMock, 0);

    asClient().body("{\"download_media\": true}").when().post("/v1/scrape/shortvideo/trending").then()
        .statusCode(200);
    var raw = tree(asClient().body("{}").when().post("/v1/scrape/shortvideo/trending").then().statusCode(200)
        .extract().asString());

    assertThat(raw.at("/data/aweme_list/0/video/cover/url_list/0").asText()).startsWith(wireMock.baseUrl());
    assertThat(raw.has("meta")).isFalse();
  }
}

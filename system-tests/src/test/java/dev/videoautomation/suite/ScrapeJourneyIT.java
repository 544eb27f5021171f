package dev.videoautomation.suite;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static dev.videoautomation.suite.Agents.as;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.restassured.http.ContentType;

/**
 * An agent scrapes a post with {@code download_media}: the provider (simulated on loopback) answers with media URLs,
 * media-service stages each one, and the agent gets back only the suite's CDN URLs, downloads one, and has spent
 * exactly one unit of the shared scrape bucket.
 */
@ExtendWith(RunningSuite.class)
class ScrapeJourneyIT {
  private static final ObjectMapper JSON = new ObjectMapper();

  @Test
  void shouldStageEveryMediaUrlOfAScrapeAndCountOneUnit() throws Exception {
    var provider = RunningSuite.providers();
    var clip = MediaJourneyIT.clip();
    var clipBytes = Files.readAllBytes(clip);
    provider.stubFor(get(urlEqualTo("/files/play.mp4")).willReturn(aResponse()
        .withHeader("Content-Type", "video/mp4").withBody(clipBytes)));
    provider.stubFor(get(urlEqualTo("/files/cover.mp4")).willReturn(aResponse()
        .withHeader("Content-Type", "video/mp4").withBody(clipBytes)));
    var base = provider.baseUrl();
    provider.stubFor(get(urlPathEqualTo("/v2/tiktok/video")).willReturn(okJson("""
        {"aweme_detail": {"aweme_id": "7300000000000000001", "desc": "a clip",
          "video": {"play_addr": {"url_list": ["%1$s/files/play.mp4"]},
                    "download_addr": {"url_list": ["%1$s/files/play.mp4"]},
                    "cover": {"url_list": ["%1$s/files/cover.mp4"]}, "duration": 2000}}}""".formatted(base))));
    var agent = Agents.subscribedAgent();
    var before = remainingScrape(agent);

    var answer = as(agent).contentType(ContentType.JSON)
        .body(Map.of("url", base + "/@someone/video/7300000000000000001", "download_media", true))
        .when().post("/v1/scrape/shortvideo/video").then().statusCode(200).extract().asString();

    var urls = new ArrayList<String>();
    collectUrls(JSON.readTree(answer).path("data"), urls);
    var cdn = RunningSuite.suite().baseUri(Service.GATEWAY).toString().replaceAll("/$", "") + "/cdn/";
    assertThat(urls).isNotEmpty().allMatch(url -> url.startsWith(cdn), "a service CDN URL");
    var staged = given().when().get(urls.getFirst()).then().statusCode(200).extract().asByteArray();
    assertThat(staged).isEqualTo(clipBytes);
    assertThat(remainingScrape(agent)).isEqualTo(before - 1);
  }

  /**
   * {@code normalize: true} through the gateway: the untouched {@code data} stays, {@code normalized} holds the same
   * post as one cross-platform record whose video is the staged CDN file, {@code fields} keeps only the fields named,
   * and the call still costs one unit.
   */
  @Test
  void shouldAnswerTheNormalizedPostBesideTheProviderDataWithItsMediaStaged() throws Exception {
    var provider = RunningSuite.providers();
    var clipBytes = Files.readAllBytes(MediaJourneyIT.clip());
    provider.stubFor(get(urlEqualTo("/files/normalized.mp4")).willReturn(aResponse()
        .withHeader("Content-Type", "video/mp4").withBody(clipBytes)));
    var base = provider.baseUrl();
    provider.stubFor(get(urlPathEqualTo("/v2/tiktok/video")).willReturn(okJson("""
        {"aweme_detail": {"aweme_id": "7300000000000000002", "desc": "a normalized clip #cooking",
          "create_time": 1730000000, "author": {"uid": "42", "unique_id": "someone", "nickname": "Some One"},
          "statistics": {"play_count": 1200, "digg_count": 34, "comment_count": 5, "share_count": 2},
          "text_extra": [{"hashtag_name": "cooking"}],
          "video": {"play_addr": {"url_list": ["%1$s/files/normalized.mp4"]}, "duration": 2000}}}"""
        .formatted(base))));
    var agent = Agents.subscribedAgent();
    var before = remainingScrape(agent);
    var url = base + "/@someone/video/7300000000000000002";

    var answer = JSON.readTree(as(agent).contentType(ContentType.JSON)
        .body(Map.of("url", url, "download_media", true, "normalize", true))
        .when().post("/v1/scrape/shortvideo/video").then().statusCode(200).extract().asString());

    assertThat(answer.at("/data/aweme_detail/aweme_id").asText()).isEqualTo("7300000000000000002");
    var normalized = answer.path("normalized");
    assertThat(normalized.path("kind").asText()).isEqualTo("post");
    assertThat(normalized.path("version").asInt()).isEqualTo(1);
    assertThat(normalized.path("items")).hasSize(1);
    var post = normalized.path("items").path(0);
    assertThat(post.path("platform").asText()).isEqualTo("shortvideo");
    assertThat(post.path("id").asText()).isEqualTo("7300000000000000002");
    assertThat(post.path("text").asText()).isEqualTo("a normalized clip #cooking");
    assertThat(post.path("createdAt").asLong()).isEqualTo(1_730_000_000_000L);
    assertThat(post.at("/author/handle").asText()).isEqualTo("someone");
    assertThat(post.at("/metrics/views").asLong()).isEqualTo(1200);
    assertThat(post.path("hashtags").get(0).asText()).isEqualTo("cooking");
    var cdn = RunningSuite.suite().baseUri(Service.GATEWAY).toString().replaceAll("/$", "") + "/cdn/";
    var video = post.path("media").path(0);
    assertThat(video.path("type").asText()).isEqualTo("video");
    assertThat(video.path("url").asText()).startsWith(cdn);
    assertThat(given().when().get(video.path("url").asText()).then().statusCode(200).extract().asByteArray())
        .isEqualTo(clipBytes);
    assertThat(remainingScrape(agent)).isEqualTo(before - 1);

    var picked = JSON.readTree(as(agent).contentType(ContentType.JSON)
        .body(Map.of("url", url, "normalize", true, "fields", List.of("id", "metrics.views")))
        .when().post("/v1/scrape/shortvideo/video").then().statusCode(200).extract().asString());
    assertThat(picked.at("/normalized/items/0")).isEqualTo(JSON.readTree("""
        {"id": "7300000000000000002", "metrics": {"views": 1200}}"""));
  }

  private static int remainingScrape(Agents.Agent agent) {
    return as(agent).when().get("/v1/usage").then().statusCode(200).extract().path("usage.scrape.remaining");
  }

  private static void collectUrls(JsonNode node, List<String> urls) {
    if (node.isTextual() && node.asText().matches("https?://.*")) {
      urls.add(node.asText());
    }
    node.forEach(child -> collectUrls(child, urls));
  }
}

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

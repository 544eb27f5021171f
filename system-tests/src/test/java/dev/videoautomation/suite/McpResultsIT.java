package dev.videoautomation.suite;

import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static dev.videoautomation.suite.Agents.as;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.assertj.core.api.InstanceOfAssertFactories;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.spec.McpError;
import io.modelcontextprotocol.spec.McpSchema;
import io.restassured.http.ContentType;

/**
 * Answers sized for an agent's context over MCP (issue 33), with the official SDK client against the whole suite: a
 * list over the 100 KB result cap answers fewer items and the owner's cursor, which continues it; a larger answer is a
 * truncated envelope whose resource link its client reads whole and another client cannot; a scrape answers the
 * normalized record without the provider's raw data unless asked.
 */
@ExtendWith(RunningSuite.class)
class McpResultsIT {
  private static final int CAP = 102_400;
  private static final ObjectMapper JSON = new ObjectMapper();
  /** Every toolset, so the scrape and records tools are listed whatever the default set is. */
  private static final String ENDPOINT = "/mcp?toolsets=all";
  private final List<McpSyncClient> clients = new ArrayList<>();

  @AfterEach
  void close() {
    clients.forEach(McpSyncClient::closeGracefully);
  }

  @Test
  void shouldContinueAListOverTheCapByItsCursor() {
    var agent = Agents.subscribedAgent();
    var created = new ArrayList<String>();
    for (int i = 0; i < 15; i++) {
      created.add(as(agent).contentType(ContentType.JSON).body(Map.of("url",
              "https://www.tiktok.com/@someone/video/73000000000000000" + (10 + i), "platform", "shortvideo",
              "notes", ("note " + i + " ").repeat(2000).substring(0, 10_000)))
          .when().post("/v1/references").then().statusCode(201).extract().<String>path("id"));
    }
    var client = client(agent.key());

    var seen = new ArrayList<String>();
    var pages = 0;
    Map<String, Object> arguments = new HashMap<>();
    while (true) {
      var page = client.callTool(new McpSchema.CallToolRequest("listReferences", arguments));
      assertThat(page.isError()).as(text(page)).isFalse();
      var content = JSON.valueToTree(page.structuredContent());
      assertThat(content.toString().getBytes(java.nio.charset.StandardCharsets.UTF_8).length)
          .isLessThanOrEqualTo(CAP);
      content.path("data").forEach(item -> seen.add(item.path("id").asText()));
      pages++;
      if (content.path("nextCursor").isNull()) {
        break;
      }
      arguments = Map.of("cursor", content.path("nextCursor").asText());
    }
    // 15 notes of 10,000 characters (about 155 KB) do not fit one result; the owner's cursor continues the list.
    assertThat(pages).isGreaterThan(1);
    assertThat(seen).containsExactlyInAnyOrderElementsOf(created);
  }

  @Test
  void shouldLinkALargeAnswerThatOnlyItsClientReads() {
    var agent = Agents.subscribedAgent();
    var stranger = Agents.subscribedAgent();
    var videos = JSON.createArrayNode();
    for (int i = 0; i < 300; i++) {
      videos.addObject().put("id", "video-" + i).put("desc", "d".repeat(500));
    }
    var provider = JSON.createObjectNode().put("success", true);
    provider.putObject("user").put("uniqueId", "big.creator").put("nickname", "Big");
    provider.putObject("stats").put("followerCount", 12);
    provider.set("videos", videos);
    RunningSuite.providers().stubFor(get(urlPathEqualTo("/v1/tiktok/profile"))
        .withQueryParam("handle", equalTo("big.creator")).willReturn(okJson(provider.toString())));
    var client = client(agent.key());

    var result = client.callTool(new McpSchema.CallToolRequest("scrapeShortvideoProfile",
        Map.of("body", Map.of("handle", "big.creator"), "raw", true)));

    assertThat(result.isError()).as(text(result)).isFalse();
    var envelope = (ObjectNode) JSON.valueToTree(result.structuredContent());
    assertThat(envelope.path("truncated").asBoolean()).isTrue();
    assertThat(envelope.toString().length()).isLessThanOrEqualTo(CAP);
    assertThat(envelope.at("/preview/data/user/uniqueId").asText()).isEqualTo("big.creator");
    assertThat(envelope.at("/preview/data/videos").size()).isBetween(1, 32);
    var uri = envelope.at("/resource/uri").asText();
    assertThat(uri).startsWith("vas://results/");
    assertThat(result.content()).anyMatch(content -> content instanceof McpSchema.ResourceLink link
        && link.uri().equals(uri));

    var whole = client.readResource(new McpSchema.ReadResourceRequest(uri));
    JsonNode answer = read(((McpSchema.TextResourceContents) whole.contents().getFirst()).text());
    assertThat(answer.path("data")).isEqualTo(provider);
    assertThat(answer.at("/normalized/items/0/handle").asText()).isEqualTo("big.creator");

    var other = client(stranger.key());
    assertThatThrownBy(() -> other.readResource(new McpSchema.ReadResourceRequest(uri)))
        .isInstanceOfSatisfying(McpError.class, error -> assertThat(error.getJsonRpcError().code())
            .isEqualTo(McpSchema.ErrorCodes.RESOURCE_NOT_FOUND));
  }

  @Test
  void shouldScrapeNormalizedItemsWithoutTheRawData() {
    var agent = Agents.subscribedAgent();
    RunningSuite.providers().stubFor(get(urlPathEqualTo("/v1/tiktok/profile"))
        .withQueryParam("handle", equalTo("normal.creator")).willReturn(okJson("""
            {"success": true, "user": {"uniqueId": "normal.creator", "nickname": "Normal", "signature": "hi"},
             "stats": {"followerCount": 7, "followingCount": 3}}""")));
    var client = client(agent.key());

    var result = client.callTool(new McpSchema.CallToolRequest("scrapeShortvideoProfile",
        Map.of("body", Map.of("handle", "normal.creator"))));

    assertThat(result.isError()).as(text(result)).isFalse();
    assertThat(result.structuredContent()).asInstanceOf(InstanceOfAssertFactories.MAP).doesNotContainKey("data");
    var normalized = JSON.valueToTree(result.structuredContent()).path("normalized");
    assertThat(normalized.path("kind").asText()).isEqualTo("profile");
    var item = normalized.path("items").path(0);
    assertThat(item.path("platform").asText()).isEqualTo("shortvideo");
    assertThat(item.path("handle").asText()).isEqualTo("normal.creator");
    assertThat(item.path("name").asText()).isEqualTo("Normal");
    assertThat(item.path("followers").asLong()).isEqualTo(7);
    assertThat(text(result)).doesNotContain("followingCount");
  }

  private static JsonNode read(String text) {
    try {
      return JSON.readTree(text);
    } catch (java.io.IOException e) {
      throw new IllegalStateException(e);
    }
  }

  private static String text(McpSchema.CallToolResult result) {
    var texts = new StringBuilder();
    result.content().stream().filter(McpSchema.TextContent.class::isInstance)
        .forEach(content -> texts.append(((McpSchema.TextContent) content).text()));
    return texts.toString();
  }

  private McpSyncClient client(String key) {
    var base = RunningSuite.suite().baseUri(Service.GATEWAY).toString().replaceAll("/$", "");
    var transport = HttpClientStreamableHttpTransport.builder(base).endpoint(ENDPOINT)
        .httpRequestCustomizer((builder, method, uri, body, context) -> builder.header("Authorization",
            "Bearer " + key)).connectTimeout(Duration.ofSeconds(5)).build();
    var client = McpClient.sync(transport).requestTimeout(Duration.ofSeconds(30))
        .clientInfo(new McpSchema.Implementation("mcp-results-it", "1.0")).build();
    clients.add(client);
    client.initialize();
    return client;
  }
}

package dev.videoautomation.suite;

import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static dev.videoautomation.suite.Agents.as;
import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.Executors;
import java.util.stream.Collectors;

import org.assertj.core.api.InstanceOfAssertFactories;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import com.fasterxml.jackson.databind.JsonNode;

import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.spec.McpSchema;

/**
 * An agent uses the API through the gateway's MCP endpoint with the official MCP Java SDK client: the tools are the
 * document's operations, registration works without a key, and with a paid key the tools meet the same usage,
 * records, daily limits and error bodies as REST. Tool names are looked up in the document by method and path.
 */
@ExtendWith(RunningSuite.class)
class McpIT {
  private static final List<String> METHODS = List.of("get", "post", "put", "patch", "delete");
  private final List<McpSyncClient> clients = new ArrayList<>();

  @AfterEach
  void close() {
    clients.forEach(McpSyncClient::closeGracefully);
  }

  @Test
  void shouldOfferTheDocumentsOperationsAndRegisterWithoutAKey() throws Exception {
    var document = document();
    var anonymous = client(null);
    var init = anonymous.initialize();
    assertThat(init.protocolVersion()).isIn("2025-06-18", "2025-11-25");
    assertThat(init.capabilities().tools()).isNotNull();

    var keyless = anonymous.listTools().tools();
    assertThat(names(keyless)).isEqualTo(tools(document, true));

    var registered = anonymous.callTool(new McpSchema.CallToolRequest(tool(document, "post", "/v1/auth/agent"),
        Map.of("body", Map.of("type", "anonymous", "requested_credential_type", "api_key"))));
    assertThat(registered.isError()).as(text(registered)).isFalse();
    assertThat(registered.structuredContent()).asInstanceOf(InstanceOfAssertFactories.MAP)
        .extractingByKey("credential").asString().startsWith("svc_anon_");

    var agent = Agents.subscribedAgent();
    var keyed = client(agent.key());
    keyed.initialize();
    var all = keyed.listTools().tools();
    assertThat(names(all)).isEqualTo(tools(document, false));
    assertThat(all).allSatisfy(tool -> assertThat(tool.inputSchema()).containsEntry("type", "object"));
  }

  @Test
  void shouldMeetTheSameUsageRecordsLimitsAndErrorsAsRest() throws Exception {
    var document = document();
    var agent = Agents.subscribedAgent();
    var client = client(agent.key());
    client.initialize();

    var usage = client.callTool(new McpSchema.CallToolRequest(tool(document, "get", "/v1/usage"), Map.of()));
    assertThat(usage.isError()).as(text(usage)).isFalse();
    assertThat(usage.structuredContent()).asInstanceOf(InstanceOfAssertFactories.MAP)
        .containsEntry("clientId", agent.clientId());
    var usageResource = client.readResource(new McpSchema.ReadResourceRequest("vas://usage"));
    assertThat(((McpSchema.TextResourceContents) usageResource.contents().getFirst()).text())
        .contains(agent.clientId());

    // A reference, then the list filtered by its tag.
    var campaign = "mcp-" + UUID.randomUUID();
    var created = client.callTool(new McpSchema.CallToolRequest(tool(document, "post", "/v1/references"),
        Map.of("body", Map.of("url", "https://www.tiktok.com/@someone/video/7300000000000000042",
            "platform", "shortvideo", "notes", "seen through MCP",
            "tags", List.of(Map.of("key", "campaign", "value", campaign))))));
    assertThat(created.isError()).as(text(created)).isFalse();
    var referenceId = (String) ((Map<?, ?>) created.structuredContent()).get("id");
    var listed = client.callTool(new McpSchema.CallToolRequest(tool(document, "get", "/v1/references"),
        Map.of("query", Map.of("tag.campaign", campaign))));
    assertThat(listed.isError()).as(text(listed)).isFalse();
    List<Object> ids = ((List<?>) ((Map<?, ?>) listed.structuredContent()).get("data")).stream()
        .map(item -> ((Map<?, ?>) item).get("id")).collect(Collectors.toList());
    assertThat(ids).containsExactly(referenceId);

    // A bad argument: the API's 400 names the field, as an isError result.
    var refused = client.callTool(new McpSchema.CallToolRequest(tool(document, "post", "/v1/references"),
        Map.of("body", Map.of("url", "not a url", "platform", "shortvideo"))));
    assertThat(refused.isError()).isTrue();
    assertThat(refused.structuredContent()).asInstanceOf(InstanceOfAssertFactories.MAP)
        .containsEntry("error", "invalid_request").containsEntry("field", "url");

    // One metered call costs exactly one unit.
    RunningSuite.providers().stubFor(get(urlPathEqualTo("/v1/tiktok/profile"))
        .withQueryParam("handle", equalTo("mcp.creator")).willReturn(okJson("""
            {"success": true, "user": {"uniqueId": "mcp.creator", "nickname": "MCP"}, "stats": {"followerCount": 7}}""")));
    var profile = tool(document, "post", "/v1/scrape/shortvideo/profile");
    var before = remaining(agent, "scrape");
    var scraped = client.callTool(new McpSchema.CallToolRequest(profile, Map.of("body", Map.of("handle",
        "mcp.creator"))));
    assertThat(scraped.isError()).as(text(scraped)).isFalse();
    assertThat(remaining(agent, "scrape")).isEqualTo(before - 1);

    // Past the daily limit: 429 as an isError result with retryAfter.
    spendAll(agent, before - 1);
    var limited = client.callTool(new McpSchema.CallToolRequest(profile, Map.of("body", Map.of("handle",
        "mcp.creator"))));
    assertThat(limited.isError()).isTrue();
    assertThat(limited.structuredContent()).asInstanceOf(InstanceOfAssertFactories.MAP)
        .containsEntry("error", "rate_limited").containsKey("retryAfter");
  }

  /** Spends {@code count} scrape units through REST, eight calls at a time. */
  private static void spendAll(Agents.Agent agent, int count) throws Exception {
    var http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    var uri = RunningSuite.suite().baseUri(Service.GATEWAY).resolve("/v1/scrape/shortvideo/profile");
    try (var pool = Executors.newFixedThreadPool(8)) {
      var calls = new ArrayList<java.util.concurrent.Future<Integer>>();
      for (int i = 0; i < count; i++) {
        calls.add(pool.submit(() -> http.send(HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(30))
            .header("Authorization", "Bearer " + agent.key()).header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString("{\"handle\":\"mcp.creator\"}")).build(),
            HttpResponse.BodyHandlers.discarding()).statusCode()));
      }
      for (var call : calls) {
        assertThat(call.get()).isEqualTo(200);
      }
    }
    assertThat(remaining(agent, "scrape")).isZero();
  }

  private static int remaining(Agents.Agent agent, String bucket) {
    return as(agent).when().get("/v1/usage").then().statusCode(200).extract()
        .path("usage.'" + bucket + "'.remaining");
  }

  private static JsonNode document() throws Exception {
    return MergedDocument.document();
  }

  /**
   * The tools the document promises: every operation with an operationId, without {@code x-mcp: false} and not
   * taking a file body (files are staged by URL); only
   * those whose {@code security} allows no key (absent, empty, or with {@code {}}) when {@code keylessOnly}.
   */
  private static Set<String> tools(JsonNode document, boolean keylessOnly) {
    var names = new HashSet<String>();
    document.path("paths").forEach(path -> METHODS.forEach(method -> {
      var operation = path.path(method);
      var name = operation.path("operationId").asText("");
      var content = operation.path("requestBody").path("content");
      var fileBody = !method.equals("get") && !content.isMissingNode() && !content.isEmpty()
          && !content.has("application/json");
      if (name.isEmpty() || operation.path("x-mcp").asText("").equals("false") || fileBody) {
        return;
      }
      var security = operation.has("security") ? operation.get("security") : document.path("security");
      var keyless = security.isMissingNode() || security.isEmpty()
          || java.util.stream.StreamSupport.stream(security.spliterator(), false).anyMatch(JsonNode::isEmpty);
      if (!keylessOnly || keyless) {
        names.add(name);
      }
    }));
    return names;
  }

  private static String tool(JsonNode document, String method, String path) {
    var name = document.path("paths").path(path).path(method).path("operationId").asText("");
    assertThat(name).as("the operationId of " + method.toUpperCase(java.util.Locale.ROOT) + " " + path
        + " in /v1/openapi.json").isNotEmpty();
    return name;
  }

  private static Set<String> names(List<McpSchema.Tool> tools) {
    return tools.stream().map(McpSchema.Tool::name).collect(Collectors.toSet());
  }

  private static String text(McpSchema.CallToolResult result) {
    return result.content().stream().filter(McpSchema.TextContent.class::isInstance)
        .map(c -> ((McpSchema.TextContent) c).text()).collect(Collectors.joining("\n"));
  }

  private McpSyncClient client(String key) {
    var base = RunningSuite.suite().baseUri(Service.GATEWAY).toString().replaceAll("/$", "");
    var transport = HttpClientStreamableHttpTransport.builder(base).endpoint("/mcp")
        .httpRequestCustomizer((builder, method, uri, body, context) -> {
          if (key != null) {
            builder.header("Authorization", "Bearer " + key);
          }
        }).connectTimeout(Duration.ofSeconds(5)).build();
    var client = McpClient.sync(transport).requestTimeout(Duration.ofSeconds(30))
        .clientInfo(new McpSchema.Implementation("mcp-it", "1.0")).build();
    clients.add(client);
    return client;
  }
}

package dev.videoautomation.gateway.mcp;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.equalToJson;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.getRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.matching;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URL;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Collectors;

import jakarta.inject.Inject;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.github.tomakehurst.wiremock.WireMockServer;

import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapper;
import io.modelcontextprotocol.spec.McpError;
import io.modelcontextprotocol.spec.McpSchema;
import io.quarkus.test.common.ResourceArg;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;

import dev.videoautomation.gateway.OwnerStubs;
import dev.videoautomation.gateway.openapi.MergedOpenApi;
import dev.videoautomation.platform.limits.LimitBucket;
import dev.videoautomation.platform.testing.InjectWireMock;
import dev.videoautomation.platform.testing.PostgresResource;
import dev.videoautomation.platform.testing.WireMockResource;

/**
 * The tools read from a small OpenAPI document (as the owners' documents are merged), seen and called with the
 * official MCP Java SDK client over Streamable HTTP; each call goes through the gateway's pipeline to a simulated
 * owner.
 */
@QuarkusTest
@WithTestResource(PostgresResource.class)
@WithTestResource(value = WireMockResource.class, initArgs = @ResourceArg(name = "properties",
    value = "gateway.owners.auth,gateway.owners.billing,gateway.owners.scrape,gateway.owners.media,"
        + "gateway.owners.clone"))
class McpToolsTest {
  static final Set<String> OFFERED = Set.of("listVideos", "getCloneVideo", "cancelCloneVideo", "watchVideo",
      "getPricing", "registerAgent", "getJob", "listAccounts", "createAccount", "stageMediaFromUrl");
  /** What {@code /mcp} lists by default: the start and jobs sets, staging from a URL, the records' reads. */
  static final Set<String> BY_DEFAULT = Set.of("getPricing", "registerAgent", "getJob", "listAccounts",
      "stageMediaFromUrl", "listToolsets", "enableToolsets");
  static final String KEYED = "[{\"bearer\": []}, {\"apiKey\": []}]";
  static final String DOCUMENT = """
      {"openapi": "3.0.3", "info": {"title": "Owner", "version": "2026-11-21"},
       "paths": {
         "/v1/videos": {"get": {"operationId": "listVideos", "summary": "List generated videos", "x-toolset": "create",
            "description": "Newest first.\\n\\nPages of at most 200; tag filters `tag.<key>=<value>`.",
            "security": KEYED,
            "parameters": [{"name": "limit", "in": "query", "schema": {"type": "integer", "minimum": 1}},
                           {"name": "cursor", "in": "query", "schema": {"type": "string"}}],
            "requestBody": {"required": true, "content": {"application/json": {"schema": {"type": "object"}}}},
            "responses": {"200": {"description": "a page", "content": {"application/json":
               {"schema": {"$ref": "#/components/schemas/VideoPage"}}}}}}},
         "/v1/clones/video/{id}": {
            "parameters": [{"name": "id", "in": "path", "required": true,
                            "schema": {"type": "string", "maxLength": 64}}],
            "get": {"operationId": "getCloneVideo", "summary": "A clone job", "security": KEYED,
                    "x-toolset": "create"},
            "delete": {"operationId": "cancelCloneVideo", "summary": "Cancel a clone job", "security": KEYED,
                       "x-toolset": "create"}},
         "/v1/watch": {"post": {"operationId": "watchVideo", "summary": "Watch a video", "security": KEYED,
            "x-toolset": "media",
            "requestBody": {"required": true, "content": {"application/json":
               {"schema": {"$ref": "#/components/schemas/WatchRequest"}}}}}},
         "/v1/pricing": {"get": {"operationId": "getPricing", "summary": "The price list", "security": [{}],
            "x-toolset": "start"}},
         "/v1/jobs/{id}": {"get": {"operationId": "getJob", "summary": "A job", "security": KEYED,
            "x-toolset": "jobs", "parameters": [{"name": "id", "in": "path", "required": true,
                                                 "schema": {"type": "string"}}]}},
         "/v1/accounts": {
            "get": {"operationId": "listAccounts", "summary": "Accounts", "security": KEYED, "x-toolset": "records"},
            "post": {"operationId": "createAccount", "summary": "Create an account", "security": KEYED,
                     "x-toolset": "records"}},
         "/v1/upload/url": {"post": {"operationId": "stageMediaFromUrl", "summary": "Stage a file from a URL",
            "security": KEYED, "x-toolset": "media"}},
         "/v1/auth/agent": {"post": {"operationId": "registerAgent", "summary": "Register", "x-toolset": "start",
            "requestBody": {"content": {"application/json": {"schema": {"type": "object"}}}}}},
         "/v1/billing/webhooks/stripe": {"post": {"operationId": "stripeWebhook", "x-mcp": false}},
         "/v1/upload": {"post": {"operationId": "uploadMedia", "security": KEYED, "requestBody": {"content":
            {"multipart/form-data": {"schema": {"type": "object"}}}}}},
         "/v1/check/rules": {"get": {"summary": "no operationId"}}},
       "components": {"schemas": {
         "Video": {"type": "object", "properties": {"id": {"type": "string"}}},
         "VideoPage": {"type": "object", "properties": {
            "data": {"type": "array", "items": {"$ref": "#/components/schemas/Video"}},
            "nextCursor": {"type": "string", "nullable": true}}},
         "WatchRequest": {"type": "object", "required": ["url"],
            "properties": {"url": {"type": "string", "format": "uri"}}}}}}""".replace("KEYED", KEYED);

  static final org.assertj.core.api.InstanceOfAssertFactory<Map, org.assertj.core.api.MapAssert<String, Object>> MAP =
      org.assertj.core.api.InstanceOfAssertFactories.map(String.class, Object.class);

  @InjectWireMock
  WireMockServer owner;

  @Inject
  MergedOpenApi merged;

  @Inject
  McpTools tools;

  @Inject
  McpSessions sessions;

  @TestHTTPResource("/")
  URL gateway;

  final ObjectMapper json = new ObjectMapper();
  final List<McpSyncClient> clients = new ArrayList<>();
  OwnerStubs stubs;

  @BeforeEach
  void reset() throws Exception {
    owner.resetAll();
    stubs = new OwnerStubs(owner);
    tools.apply(document(DOCUMENT, List.of()));
  }

  @AfterEach
  void close() {
    clients.forEach(McpSyncClient::closeGracefully);
  }

  @Test
  void shouldOfferOneToolPerOperationWithItsSchemasAndHints() {
    var client = client(stubs.subscribed().key());
    var listed = client.listTools().tools().stream()
        .collect(Collectors.toMap(McpSchema.Tool::name, tool -> tool));

    assertThat(listed.keySet()).containsAll(OFFERED).doesNotContain("stripeWebhook", "uploadMedia")
        .containsAll(tools.names()).hasSize(tools.names().size() + ToolsetTools.NAMES.size());
    var list = listed.get("listVideos");
    // The description's opening paragraph (the summary is the title), where the tool goes, and its whole docs.
    assertThat(list.description()).isEqualTo("Newest first. (GET /v1/videos, docs: vas://docs/listVideos)");
    assertThat(listed.get("getCloneVideo").description())
        .isEqualTo("A clone job. (GET /v1/clones/video/{id}, docs: vas://docs/getCloneVideo)");
    assertThat(list.title()).isEqualTo("List generated videos");
    assertThat(list.inputSchema()).containsEntry("type", "object");
    assertThat(properties(list.inputSchema())).containsOnlyKeys("limit", "cursor", "query");
    assertThat(properties(list.inputSchema()).get("query").toString()).doesNotContain("tag");
    assertThat(list.outputSchema()).containsEntry("type", "object");
    var output = properties(list.outputSchema());
    // Lean (LeanSchemas): the answer's fields by name; their values show the rest (vas://docs/listVideos has it).
    assertThat(output).containsOnlyKeys("data", "nextCursor");
    assertThat(output.get("nextCursor")).isEqualTo(Map.of());
    assertThat(list.annotations().readOnlyHint()).isTrue();
    assertThat(list.annotations().destructiveHint()).isFalse();
    assertThat(list.annotations().idempotentHint()).isTrue();
    assertThat(list.annotations().openWorldHint()).isFalse();
    assertThat(listed.get("stageMediaFromUrl").annotations().openWorldHint()).isTrue();
    assertThat(listed.get("createAccount").annotations().openWorldHint()).isFalse();

    var watch = listed.get("watchVideo");
    assertThat(watch.inputSchema().get("required")).isEqualTo(List.of("body"));
    assertThat(properties(watch.inputSchema())).containsOnlyKeys("body", "idempotencyKey");
    assertThat(properties(watch.inputSchema()).get("body").toString()).contains("url").doesNotContain("$ref");
    assertThat(watch.outputSchema()).isNull();
    assertThat(watch.annotations().readOnlyHint()).isFalse();
    assertThat(watch.annotations().idempotentHint()).isFalse();

    var cancel = listed.get("cancelCloneVideo");
    assertThat(cancel.inputSchema().get("required")).isEqualTo(List.of("id"));
    assertThat(cancel.annotations().destructiveHint()).isTrue();
    assertThat(cancel.annotations().idempotentHint()).isTrue();
    assertThat(cancel.annotations().openWorldHint()).isFalse();
  }

  @Test
  void shouldShowASessionWithoutAKeyOnlyTheToolsThatNeedNone() {
    var client = client(null);

    var listed = client.listTools().tools().stream().map(McpSchema.Tool::name).collect(Collectors.toSet());

    assertThat(listed).contains("getPricing", "registerAgent", "listToolsets", "enableToolsets")
        .doesNotContain("listVideos", "watchVideo", "getCloneVideo", "cancelCloneVideo");
    assertThatThrownBy(() -> client.callTool(new McpSchema.CallToolRequest("listVideos", Map.of())))
        .isInstanceOf(McpError.class).hasMessageContaining("listVideos");
  }

  @Test
  void shouldCallThroughTheGatewaysPipelineWithAnInternalToken() {
    var caller = stubs.subscribed();
    owner.stubFor(get(urlPathEqualTo("/v1/videos")).willReturn(jsonAnswer(200,
        "{\"data\": [{\"id\": \"vid_1\"}], \"nextCursor\": null}")));
    var client = client(caller.key());

    var result = client.callTool(new McpSchema.CallToolRequest("listVideos",
        Map.of("limit", 5, "query", Map.of("tag.campaign", "spring"))));

    assertThat(result.isError()).isFalse();
    assertThat(result.structuredContent()).asInstanceOf(MAP)
        .containsEntry("data", List.of(Map.of("id", "vid_1"))).containsEntry("nextCursor", null);
    owner.verify(getRequestedFor(urlEqualTo("/v1/videos?limit=5&tag.campaign=spring"))
        .withHeader("Authorization", matching("Bearer [A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+"))
        .withoutHeader("X-Api-Key"));
  }

  @Test
  void shouldReportProgressWhenTheClientAsksForIt() throws InterruptedException {
    owner.stubFor(get(urlPathEqualTo("/v1/videos")).willReturn(jsonAnswer(200, "{\"data\": [], \"nextCursor\": null}")));
    var progress = new CopyOnWriteArrayList<McpSchema.ProgressNotification>();
    var client = McpClient.sync(transport(stubs.subscribed().key())).requestTimeout(Duration.ofSeconds(10))
        .progressConsumer(progress::add).build();
    clients.add(client);
    client.initialize();

    var result = client.callTool(McpSchema.CallToolRequest.builder("listVideos").arguments(Map.of())
        .progressToken("p-1").build());

    assertThat(result.isError()).isFalse();
    var deadline = System.nanoTime() + Duration.ofSeconds(2).toNanos();
    while (progress.size() < 2 && System.nanoTime() < deadline) {
      Thread.sleep(20);
    }
    assertThat(progress).extracting(McpSchema.ProgressNotification::progressToken).containsOnly("p-1");
    assertThat(progress).extracting(McpSchema.ProgressNotification::message)
        .containsExactly("Calling GET /v1/videos", "Answered");
  }

  @Test
  void shouldSendTheBodyAndIdempotencyKeyAndAnswerErrorsAsIsErrorResults() {
    var caller = stubs.subscribed(Map.of(LimitBucket.WATCH, 1));
    owner.stubFor(post(urlEqualTo("/v1/watch")).willReturn(jsonAnswer(400,
        "{\"error\": \"invalid_request\", \"message\": \"Field 'url' must be a URL.\", \"field\": \"url\"}")));
    var client = client(caller.key());

    var refused = client.callTool(new McpSchema.CallToolRequest("watchVideo",
        Map.of("body", Map.of("url", "nope"), "idempotencyKey", "idem-1")));

    assertThat(refused.isError()).isTrue();
    assertThat(refused.structuredContent()).isEqualTo(Map.of("error", "invalid_request",
        "message", "Field 'url' must be a URL.", "field", "url"));
    assertThat(((McpSchema.TextContent) refused.content().getFirst()).text()).contains("\"field\"");
    owner.verify(postRequestedFor(urlEqualTo("/v1/watch")).withRequestBody(equalToJson("{\"url\": \"nope\"}"))
        .withHeader("Content-Type", matching("application/json.*")));

    // The 400 gave its unit back; the next call takes the only one, the one after is past the daily limit.
    owner.stubFor(post(urlEqualTo("/v1/watch")).willReturn(jsonAnswer(200, "{\"summary\": \"ok\"}")));
    assertThat(client.callTool(new McpSchema.CallToolRequest("watchVideo",
        Map.of("body", Map.of("url", "https://example.test/v.mp4")))).isError()).isFalse();
    var limited = client.callTool(new McpSchema.CallToolRequest("watchVideo",
        Map.of("body", Map.of("url", "https://example.test/v.mp4"))));

    assertThat(limited.isError()).isTrue();
    assertThat(limited.structuredContent()).asInstanceOf(MAP)
        .containsEntry("error", "rate_limited").containsKey("retryAfter");
  }

  @Test
  void shouldNameAMissingPathParameter() {
    var client = client(stubs.subscribed().key());

    var result = client.callTool(new McpSchema.CallToolRequest("getCloneVideo", Map.of()));

    assertThat(result.isError()).isTrue();
    assertThat(result.structuredContent()).asInstanceOf(MAP)
        .containsEntry("error", "invalid_request").containsEntry("field", "id");
  }

  @Test
  void shouldRefuseAnArgumentThatCannotBeSentOrBreaksItsSchemaNamingIt() {
    var client = client(stubs.subscribed().key());
    owner.stubFor(post(urlEqualTo("/v1/watch")).willReturn(jsonAnswer(200, "{\"summary\": \"ok\"}")));
    var watch = Map.<String, Object>of("url", "https://example.test/v.mp4");

    try (var errors = ErrorLog.listen()) {
      for (var key : List.of("idem\r\nX-Injected: 1", "idem\nnext", "idem\u0000", "ключ")) {
        var refused = client.callTool(new McpSchema.CallToolRequest("watchVideo",
            Map.of("body", watch, "idempotencyKey", key)));

        assertInvalid(refused, "idempotencyKey").extractingByKey("message").asString()
            .contains("printable ASCII", "Idempotency-Key");
      }
      assertInvalid(client.callTool(new McpSchema.CallToolRequest("watchVideo",
          Map.of("body", watch, "idempotencyKey", ""))), "idempotencyKey");
      assertInvalid(client.callTool(new McpSchema.CallToolRequest("getCloneVideo", Map.of("id", "c".repeat(65)))),
          "id").extractingByKey("message").asString().contains("64");
      assertInvalid(client.callTool(new McpSchema.CallToolRequest("getCloneVideo", Map.of("id", ".."))), "id");
      assertInvalid(client.callTool(new McpSchema.CallToolRequest("listVideos", Map.of("limit", 0))), "limit");
      assertInvalid(client.callTool(new McpSchema.CallToolRequest("listVideos", Map.of("limit", "five"))), "limit")
          .containsEntry("message", "Field 'limit' must be an integer, not a string.");
      assertInvalid(client.callTool(new McpSchema.CallToolRequest("listVideos",
          Map.of("query", Map.of("long", "q".repeat(5_000))))), "query.long");
      assertThat(errors.lines()).isEmpty();
    }
    assertThat(owner.getAllServeEvents()).noneMatch(event -> event.getRequest().getUrl().startsWith("/v1/"));
  }

  @Test
  void shouldSendADeepObjectParameterAsBracketedNamesAndOfferTagFiltersOnce() throws Exception {
    var withTags = (ObjectNode) json.readTree(DOCUMENT);
    var parameters = (com.fasterxml.jackson.databind.node.ArrayNode) withTags.at("/paths/~1v1~1videos/get/parameters");
    parameters.add(json.readTree("""
        {"name": "tag", "in": "query", "style": "deepObject", "explode": true,
         "description": "Only items with these tags: tag[<key>]=<value>.",
         "schema": {"type": "object", "additionalProperties": {"type": "string"}}}"""));
    tools.apply(document(withTags.toString(), List.of()));
    owner.stubFor(get(urlPathEqualTo("/v1/videos"))
        .willReturn(jsonAnswer(200, "{\"data\": [], \"nextCursor\": null}")));
    var client = client(stubs.subscribed().key());

    var list = client.listTools().tools().stream().filter(tool -> tool.name().equals("listVideos")).findFirst()
        .orElseThrow();
    assertThat(properties(list.inputSchema())).containsOnlyKeys("limit", "cursor", "tag");
    assertThat(properties(list.inputSchema()).get("tag")).asInstanceOf(MAP).containsEntry("type", "object");
    var tags = new java.util.LinkedHashMap<String, Object>();
    tags.put("campaign", "spring sale");
    tags.put("a&b=c", "x/y");
    var result = client.callTool(new McpSchema.CallToolRequest("listVideos", Map.of("limit", 2, "tag", tags)));

    assertThat(result.isError()).as(result.toString()).isFalse();
    owner.verify(getRequestedFor(urlEqualTo(
        "/v1/videos?limit=2&tag%5Bcampaign%5D=spring%20sale&tag%5Ba%26b%3Dc%5D=x%2Fy")));
    assertInvalid(client.callTool(new McpSchema.CallToolRequest("listVideos", Map.of("tag", Map.of("n", 5)))),
        "tag.n");
  }

  @Test
  void shouldRefuseToolArgumentsThatRepeatAKeyNamingIt() {
    var caller = stubs.subscribed();
    owner.stubFor(post(urlEqualTo("/v1/watch")).willReturn(jsonAnswer(200, "{\"summary\": \"ok\"}")));
    var session = McpHttp.open(caller.key());
    McpHttp.post(caller.key(), session, """
        {"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {"name": "enableToolsets",
         "arguments": {"toolsets": ["media", "create"]}}}""").then().statusCode(200);

    try (var errors = ErrorLog.listen()) {
      var answer = McpHttp.post(caller.key(), session, """
          {"jsonrpc": "2.0", "id": 3, "method": "tools/call", "params": {"name": "watchVideo", "arguments":
            {"body": {"url": "https://example.test/1.mp4", "url": "https://example.test/2.mp4"}}}}""");

      assertThat(answer.statusCode()).isEqualTo(200);
      var result = McpHttp.answer(answer);
      assertThat(result.getInt("id")).isEqualTo(3);
      assertThat(result.getBoolean("result.isError")).isTrue();
      assertThat(result.getString("result.structuredContent.error")).isEqualTo("invalid_request");
      assertThat(result.getString("result.structuredContent.field")).isEqualTo("body.url");

      var top = McpHttp.answer(McpHttp.post(caller.key(), session, """
          {"jsonrpc": "2.0", "id": 4, "method": "tools/call", "params": {"name": "getCloneVideo", "arguments":
            {"id": "c_1", "id": "c_2"}}}"""));
      assertThat(top.getBoolean("result.isError")).isTrue();
      assertThat(top.getString("result.structuredContent.field")).isEqualTo("id");
      assertThat(errors.lines()).isEmpty();
    }
    assertThat(owner.getAllServeEvents()).noneMatch(event -> event.getRequest().getUrl().startsWith("/v1/"));
  }

  @Test
  void shouldKeepToolsWhenTheDocumentIsPartialAndAnnounceEveryChange() throws Exception {
    var changes = new CopyOnWriteArrayList<List<McpSchema.Tool>>();
    var client = McpClient.sync(transport(stubs.subscribed().key())).requestTimeout(Duration.ofSeconds(10))
        .toolsChangeConsumer(changes::add).build();
    clients.add(client);
    client.initialize();
    var withoutWatch = (ObjectNode) json.readTree(DOCUMENT);
    ((ObjectNode) withoutWatch.get("paths")).remove("/v1/watch");

    tools.apply(document(withoutWatch.toString(), List.of("records-service")));
    assertThat(tools.names()).contains("watchVideo");

    tools.apply(document(DOCUMENT.replace("Newest first.", "Newest first, 20 a page."), List.of()));
    awaitChange(changes, tools -> tools.stream().anyMatch(t -> t.description().contains("20 a page")));

    tools.apply(document(withoutWatch.toString(), List.of()));
    assertThat(tools.names()).doesNotContain("watchVideo");
    awaitChange(changes, tools -> tools.stream().noneMatch(t -> t.name().equals("watchVideo")));
  }

  @Test
  void shouldListTheDefaultToolsetsWithoutChoosingAndCallNothingElse() {
    var client = client(stubs.subscribed().key(), null);

    assertThat(client.listTools().tools().stream().map(McpSchema.Tool::name)).containsExactlyInAnyOrderElementsOf(
        BY_DEFAULT);
    assertThatThrownBy(() -> client.callTool(new McpSchema.CallToolRequest("watchVideo", Map.of("body",
        Map.of("url", "https://example.com/v.mp4"))))).isInstanceOf(McpError.class).hasMessageContaining("watchVideo");
    assertThat(owner.getAllServeEvents()).noneMatch(event -> event.getRequest().getUrl().startsWith("/v1/watch"));
  }

  @Test
  void shouldListTheToolsetsTheUrlChoosesAndRefuseOneThatIsNone() {
    var client = client(stubs.subscribed().key(), "media,create");

    assertThat(client.listTools().tools().stream().map(McpSchema.Tool::name)).containsExactlyInAnyOrder(
        "watchVideo", "stageMediaFromUrl", "listVideos", "getCloneVideo", "cancelCloneVideo", "listToolsets",
        "enableToolsets");
    assertThat(client(stubs.subscribed().key(), "default,media").listTools().tools().stream()
        .map(McpSchema.Tool::name)).contains("getPricing", "getJob", "watchVideo").doesNotContain("listVideos");

    try (var errors = ErrorLog.listen()) {
      var refused = McpHttp.request(stubs.subscribed().key(), null).contentType("application/json")
          .body(McpHttp.INITIALIZE).when().post("/mcp?toolsets=media,nope");
      assertThat(refused.statusCode()).isEqualTo(400);
      var body = refused.jsonPath();
      assertThat(body.getInt("error.code")).isEqualTo(-32600);
      assertThat(body.getString("error.data.error")).isEqualTo("invalid_request");
      assertThat(body.getString("error.data.field")).isEqualTo("toolsets");
      assertThat(body.getString("error.message")).contains("'nope'").contains("scrape").contains("all");
      assertThat(errors.lines()).isEmpty();
    }
  }

  @Test
  void shouldEnableToolsetsForTheEnablingSessionAndTellOnlyIt() throws Exception {
    var key = stubs.subscribed().key();
    var changes = new CopyOnWriteArrayList<List<McpSchema.Tool>>();
    var enabling = McpClient.sync(transport(key, null)).requestTimeout(Duration.ofSeconds(10))
        .toolsChangeConsumer(changes::add).build();
    clients.add(enabling);
    enabling.initialize();
    var othersChanges = new CopyOnWriteArrayList<List<McpSchema.Tool>>();
    var other = McpClient.sync(transport(key, null)).requestTimeout(Duration.ofSeconds(10))
        .toolsChangeConsumer(othersChanges::add).build();
    clients.add(other);
    other.initialize();

    var sets = enabling.callTool(new McpSchema.CallToolRequest(ToolsetTools.LIST, Map.of()));
    assertThat(sets.isError()).isFalse();
    var bySet = new java.util.HashMap<String, com.fasterxml.jackson.databind.JsonNode>();
    json.valueToTree(sets.structuredContent()).path("toolsets").forEach(set -> bySet.put(set.path("name").asText(),
        set));
    assertThat(bySet.keySet()).containsExactlyInAnyOrder("start", "keys", "jobs", "scrape", "media", "create",
        "records");
    assertThat(bySet.get("media").path("tools").asInt()).isEqualTo(2);
    assertThat(bySet.get("media").path("listed").asBoolean()).isFalse();
    assertThat(bySet.get("media").path("purpose").asText()).isNotBlank();
    assertThat(bySet.get("start").path("tools").asInt()).isEqualTo(2);
    assertThat(bySet.get("start").path("listed").asBoolean()).isTrue();

    var enabled = enabling.callTool(new McpSchema.CallToolRequest(ToolsetTools.ENABLE,
        Map.of("toolsets", List.of("media"))));
    assertThat(enabled.isError()).as(enabled.toString()).isFalse();
    assertThat(enabled.structuredContent()).asInstanceOf(MAP).containsEntry("enabled", List.of("media"));

    awaitChange(changes, tools -> tools.stream().anyMatch(t -> t.name().equals("watchVideo")));
    assertThat(enabling.listTools().tools().stream().map(McpSchema.Tool::name)).contains("watchVideo")
        .contains(BY_DEFAULT.toArray(String[]::new)).doesNotContain("listVideos");
    Thread.sleep(500);
    assertThat(othersChanges).isEmpty();
    assertThat(other.listTools().tools().stream().map(McpSchema.Tool::name)).doesNotContain("watchVideo");

    var refused = enabling.callTool(new McpSchema.CallToolRequest(ToolsetTools.ENABLE,
        Map.of("toolsets", List.of("media", "nope"))));
    assertInvalid(refused, "toolsets");
    assertThat(refused.structuredContent().toString()).contains("'nope'");
  }

  @Test
  void shouldForgetASessionsToolsetsWhenItEnds() {
    var key = stubs.subscribed().key();
    var session = McpHttp.open(key);
    var enable = McpHttp.post(key, session, """
        {"jsonrpc": "2.0", "id": 3, "method": "tools/call", "params": {"name": "enableToolsets",
         "arguments": {"toolsets": ["create"]}}}""");
    assertThat(McpHttp.answer(enable).getBoolean("result.isError")).isFalse();
    assertThat(McpHttp.answer(McpHttp.post(key, session, McpHttp.LIST_TOOLS)).getList("result.tools.name"))
        .contains("listVideos");

    assertThat(McpHttp.delete(key, session).statusCode()).isLessThan(300);

    assertThat(sessions.enabled(session)).isEmpty();
  }

  @Test
  void shouldAnswerAToolsWholeDefinitionAtItsDocsLink() {
    var docs = McpHttp.answer(McpHttp.post(null, McpHttp.open(null), """
        {"jsonrpc": "2.0", "id": 3, "method": "resources/read", "params": {"uri": "vas://docs/listVideos"}}"""));
    var text = docs.getString("result.contents[0].text");
    var definition = io.restassured.path.json.JsonPath.from(text);
    assertThat(definition.getString("operationId")).isEqualTo("listVideos");
    assertThat(definition.getString("method")).isEqualTo("GET");
    assertThat(definition.getString("toolset")).isEqualTo("create");
    assertThat(definition.getString("operation.description"))
        .isEqualTo("Newest first.\n\nPages of at most 200; tag filters `tag.<key>=<value>`.");
    assertThat(text).contains("nextCursor").doesNotContain("$ref");

    var missing = McpHttp.answer(McpHttp.post(null, McpHttp.open(null), """
        {"jsonrpc": "2.0", "id": 3, "method": "resources/read", "params": {"uri": "vas://docs/noSuchTool"}}"""));
    assertThat(missing.getInt("error.code")).isEqualTo(-32002);
    assertThat(missing.getString("error.message")).contains("vas://docs/noSuchTool");
  }

  /** Their contents are read in system-tests' McpIT (the SDK cannot decode them inside Quarkus' test class loader). */
  @Test
  void shouldOfferTheDocumentPricingAndUsageAsResources() {
    var client = client(null);

    assertThat(client.listResources().resources().stream().map(McpSchema.Resource::uri))
        .containsExactlyInAnyOrder("vas://openapi.json", "vas://pricing", "vas://usage");
    assertThat(client.listResourceTemplates().resourceTemplates().stream()
        .map(McpSchema.ResourceTemplate::uriTemplate)).contains("vas://docs/{operationId}");
  }

  @Test
  void shouldRefuseAKeyThatIsNotOneBeforeMcpSeesTheRequest() {
    var client = McpClient.sync(transport("not-a-key")).requestTimeout(Duration.ofSeconds(10)).build();
    clients.add(client);

    assertThatThrownBy(client::initialize).satisfies(failure -> {
      var causes = new ArrayList<String>();
      for (var cause = failure; cause != null; cause = cause.getCause()) {
        causes.add(cause.getClass().getSimpleName());
      }
      assertThat(causes).contains("McpHttpClientTransportAuthorizationException");
    });
    io.restassured.RestAssured.given().header("X-Api-Key", "not-a-key").contentType("application/json")
        .accept("application/json, text/event-stream").body("{\"jsonrpc\": \"2.0\", \"id\": 1, \"method\": \"ping\"}")
        .when().post("/mcp")
        .then().statusCode(401).body("error", org.hamcrest.Matchers.equalTo("unauthorized"));
  }

  private static org.assertj.core.api.MapAssert<String, Object> assertInvalid(McpSchema.CallToolResult result,
      String field) {
    assertThat(result.isError()).as(result.toString()).isTrue();
    return assertThat(result.structuredContent()).as(result.toString()).asInstanceOf(MAP)
        .containsEntry("error", "invalid_request").containsEntry("field", field);
  }

  private ObjectNode document(String owners, List<String> missing) throws Exception {
    return merged.merge(Map.of("media", json.readTree(owners)), new ArrayList<>(missing));
  }

  /** A client of every toolset ({@code ?toolsets=all}). */
  private McpSyncClient client(String key) {
    return client(key, ToolsetChoice.ALL);
  }

  /** A client of {@code toolsets} (the MCP URL's parameter; none when null). */
  private McpSyncClient client(String key, String toolsets) {
    var client = McpClient.sync(transport(key, toolsets)).requestTimeout(Duration.ofSeconds(10)).build();
    clients.add(client);
    client.initialize();
    return client;
  }

  private HttpClientStreamableHttpTransport transport(String key) {
    return transport(key, ToolsetChoice.ALL);
  }

  private HttpClientStreamableHttpTransport transport(String key, String toolsets) {
    return HttpClientStreamableHttpTransport.builder(gateway.toString().replaceAll("/$", ""))
        .endpoint(toolsets == null ? "/mcp" : "/mcp?toolsets=" + toolsets)
        .httpRequestCustomizer((builder, method, uri, body, context) -> {
          if (key != null) {
            builder.header("X-Api-Key", key);
          }
        }).jsonMapper(freshJsonMapper()).build();
  }

  /**
   * A JSON mapper that resolves the SDK's classes in this test's class loader. Jackson resolves a deduced subtype
   * (a resource's text contents) by name in the thread's context class loader, and the SDK answers on Reactor's
   * shared threads, which keep the loader of the first Quarkus application of the JVM: after a test profile restarts
   * the application, reading a resource failed with "not a subtype".
   */
  static McpJsonMapper freshJsonMapper() {
    var mapper = new com.fasterxml.jackson.databind.ObjectMapper()
        .configure(com.fasterxml.jackson.databind.DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);
    mapper.setTypeFactory(mapper.getTypeFactory().withClassLoader(McpSchema.class.getClassLoader()));
    return new JacksonMcpJsonMapper(mapper);
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> properties(Map<String, Object> schema) {
    return (Map<String, Object>) schema.get("properties");
  }

  private static void awaitChange(List<List<McpSchema.Tool>> changes,
      java.util.function.Predicate<List<McpSchema.Tool>> wanted) throws InterruptedException {
    var deadline = System.nanoTime() + Duration.ofSeconds(5).toNanos();
    while (System.nanoTime() < deadline) {
      if (changes.stream().anyMatch(wanted)) {
        return;
      }
      Thread.sleep(50);
    }
    throw new AssertionError("No notifications/tools/list_changed brought the expected tools; saw " + changes.size());
  }

  private static com.github.tomakehurst.wiremock.client.ResponseDefinitionBuilder jsonAnswer(int status,
      String body) {
    return aResponse().withStatus(status).withHeader("Content-Type", "application/json").withBody(body);
  }
}

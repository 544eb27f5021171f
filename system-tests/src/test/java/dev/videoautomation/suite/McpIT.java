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
import java.nio.file.Files;
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
import com.fasterxml.jackson.databind.ObjectMapper;

import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.spec.McpSchema;
import io.restassured.http.ContentType;

/**
 * An agent uses the API through the gateway's MCP endpoint with the official MCP Java SDK client: the tools are the
 * document's operations, registration works without a key, and with a paid key the tools meet the same usage,
 * records, daily limits and error bodies as REST; a session stays its client's; what is not a message, and arguments
 * that cannot be sent, are refused without an ERROR in the gateway's log. Tool names are looked up in the document by
 * method and path. Toolsets (issue 33): by default the start and jobs sets, staging from a URL and the records'
 * reads, within 40 KB of {@code tools/list}; {@code ?toolsets=all} every tool, within 160 KB; a session enables more
 * sets and is told {@code notifications/tools/list_changed}.
 */
@ExtendWith(RunningSuite.class)
class McpIT {
  private static final List<String> METHODS = List.of("get", "post", "put", "patch", "delete");
  private static final String LIST_TOOLS = "{\"jsonrpc\": \"2.0\", \"id\": 2, \"method\": \"tools/list\"}";
  private static final Set<String> TOOLSET_TOOLS = Set.of("listToolsets", "enableToolsets");
  private static final Set<String> SETS = Set.of("start", "keys", "jobs", "scrape", "media", "create", "records");
  /** Issue 33's budgets for {@code tools/list}, summed over its pages. */
  private static final int DEFAULT_BUDGET = 40 * 1024;
  private static final int ALL_BUDGET = 160 * 1024;
  private static final ObjectMapper JSON = new ObjectMapper();
  /** For what the SDK client never sends: bodies that are not messages, repeated keys, another client's key. */
  private static final HttpClient MCP_HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
      .connectTimeout(Duration.ofSeconds(5)).build();
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
    assertThat(names(keyless)).isEqualTo(withToolsetTools(tools(document, true)));

    var registered = anonymous.callTool(new McpSchema.CallToolRequest(tool(document, "post", "/v1/auth/agent"),
        Map.of("body", Map.of("type", "anonymous", "requested_credential_type", "api_key"))));
    assertThat(registered.isError()).as(text(registered)).isFalse();
    assertThat(registered.structuredContent()).asInstanceOf(InstanceOfAssertFactories.MAP)
        .extractingByKey("credential").asString().startsWith("svc_anon_");

    var agent = Agents.subscribedAgent();
    var keyed = client(agent.key());
    keyed.initialize();
    var all = keyed.listTools().tools();
    assertThat(names(all)).isEqualTo(withToolsetTools(tools(document, false)));
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
        tagFilter(document, "/v1/references", "campaign", campaign)));
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

  @Test
  void shouldKeepASessionToItsClientThroughARotationAndFromEveryoneElse() throws Exception {
    var agent = Agents.subscribedAgent();
    var stranger = Agents.subscribedAgent();
    var session = openSession(agent.key());

    assertNoSession(mcp("DELETE", null, session, null));
    assertNoSession(mcp("DELETE", stranger.key(), session, null));
    assertNoSession(mcp("POST", stranger.key(), session, LIST_TOOLS));
    assertNoSession(mcp("POST", null, session, LIST_TOOLS));

    var rotated = as(agent).contentType(ContentType.JSON).body(Map.of("graceSeconds", 3600))
        .when().post("/v1/api_keys/rotate").then().statusCode(200).extract().<String>path("credential");
    var listed = mcp("POST", rotated, session, LIST_TOOLS);
    assertThat(listed.statusCode()).as(listed.body()).isEqualTo(200);
    assertThat(listed.body()).contains("\"tools\"");

    assertThat(mcp("DELETE", rotated, session, null).statusCode()).isEqualTo(200);
    assertNoSession(mcp("POST", rotated, session, LIST_TOOLS));
  }

  @Test
  void shouldAnswerBodiesThatAreNotMessagesWith400AndLogNoError() throws Exception {
    var log = RunningSuite.suite().logFile(Service.GATEWAY);
    var before = Files.size(log);

    var ping = "{\"jsonrpc\": \"2.0\", \"id\": 1, \"method\": \"ping\"}";
    var bodies = List.of("null", "\"x\"", "5", "[]", "[[" + ping + "]]");
    for (var body : bodies) {
      var answer = mcp("POST", null, null, body);

      assertThat(answer.statusCode()).as(body).isEqualTo(400);
      assertThat(JSON.readTree(answer.body()).at("/error/code").asInt()).as(body).isEqualTo(-32600);
    }
    var parse = mcp("POST", null, null, "{\"jsonrpc\": ");
    assertThat(parse.statusCode()).isEqualTo(400);
    assertThat(JSON.readTree(parse.body()).at("/error/code").asInt()).isEqualTo(-32700);
    assertThat(newErrorLines(log, before)).isEmpty();
  }

  @Test
  void shouldRefuseArgumentsThatCannotBeSentOrRepeatAKeyNamingThem() throws Exception {
    var document = document();
    var agent = Agents.subscribedAgent();
    var client = client(agent.key());
    client.initialize();
    var log = RunningSuite.suite().logFile(Service.GATEWAY);
    var before = Files.size(log);
    var create = tool(document, "post", "/v1/references");
    var reference = Map.of("url", "https://www.tiktok.com/@someone/video/7300000000000000043",
        "platform", "shortvideo");

    var crlf = client.callTool(new McpSchema.CallToolRequest(create,
        Map.of("body", reference, "idempotencyKey", "key\r\nX-Injected: 1")));
    assertThat(crlf.isError()).as(text(crlf)).isTrue();
    assertThat(crlf.structuredContent()).asInstanceOf(InstanceOfAssertFactories.MAP)
        .containsEntry("error", "invalid_request").containsEntry("field", "idempotencyKey");
    var longId = client.callTool(new McpSchema.CallToolRequest(tool(document, "get", "/v1/references/{id}"),
        Map.of("id", "ref_" + "a".repeat(5_000))));
    assertThat(longId.isError()).as(text(longId)).isTrue();
    assertThat(longId.structuredContent()).asInstanceOf(InstanceOfAssertFactories.MAP)
        .containsEntry("error", "invalid_request").containsEntry("field", "id");

    var session = openSession(agent.key(), "/mcp?toolsets=records");
    var repeated = mcpAt("/mcp?toolsets=records", "POST", agent.key(), session, """
        {"jsonrpc": "2.0", "id": 5, "method": "tools/call", "params": {"name": "%s", "arguments": {"body":
          {"url": "https://www.tiktok.com/@someone/video/7300000000000000044", "platform": "shortvideo",
           "notes": "first", "notes": "second"}}}}""".formatted(create));
    assertThat(repeated.statusCode()).isEqualTo(200);
    var result = JSON.readTree(lastMessage(repeated.body())).path("result");
    assertThat(result.path("isError").asBoolean()).as(repeated.body()).isTrue();
    assertThat(result.at("/structuredContent/field").asText()).isEqualTo("body.notes");
    assertThat(newErrorLines(log, before)).isEmpty();
  }

  @Test
  void shouldListTheDefaultToolsetsWithinTheirBudget() throws Exception {
    var document = document();
    var agent = Agents.subscribedAgent();
    var client = client(agent.key(), null);
    client.initialize();

    var expected = new HashSet<String>();
    toolsets(document).forEach((name, set) -> {
      var operation = operation(document, name);
      if (set.equals("start") || set.equals("jobs") || name.equals("stageMediaFromUrl")
          || set.equals("records") && operation.path("method").asText().equals("get")) {
        expected.add(name);
      }
    });
    assertThat(expected).contains("registerAgent", "getJob", "listWebhooks", "stageMediaFromUrl", "listAccounts")
        .doesNotContain("createAccount", "scrapePhotoProfile", "rotateApiKey");
    assertThat(names(client.listTools().tools())).isEqualTo(withToolsetTools(expected));

    var sets = client.callTool(new McpSchema.CallToolRequest("listToolsets", Map.of()));
    assertThat(sets.isError()).as(text(sets)).isFalse();
    var sizes = new java.util.HashMap<String, Integer>();
    JSON.valueToTree(sets.structuredContent()).path("toolsets")
        .forEach(set -> sizes.put(set.path("name").asText(), set.path("tools").asInt()));
    var counted = toolsets(document).values().stream()
        .collect(Collectors.groupingBy(set -> set, Collectors.summingInt(set -> 1)));
    assertThat(sizes).isEqualTo(counted);

    var bytes = listedBytes(agent.key(), null);
    System.out.printf("tools/list by default: %d bytes, %d tools%n", bytes, expected.size() + 2);
    assertThat(bytes).as("tools/list by default, in bytes over its pages").isLessThanOrEqualTo(DEFAULT_BUDGET);
  }

  @Test
  void shouldListEveryToolInItsToolsetWithToolsetsAllWithinTheBudget() throws Exception {
    var document = document();
    var agent = Agents.subscribedAgent();

    assertThat(toolsets(document).keySet()).isEqualTo(tools(document, false));
    assertThat(Set.copyOf(toolsets(document).values())).isEqualTo(SETS);
    var bytes = listedBytes(agent.key(), "all");
    System.out.printf("tools/list with toolsets=all: %d bytes, %d tools%n", bytes,
        tools(document, false).size() + 2);
    assertThat(bytes).as("tools/list with toolsets=all, in bytes over its pages").isLessThanOrEqualTo(ALL_BUDGET);
  }

  @Test
  void shouldEnableToolsetsAndTellTheClientToListAgain() throws Exception {
    var document = document();
    var agent = Agents.subscribedAgent();
    var changes = new java.util.concurrent.CopyOnWriteArrayList<List<McpSchema.Tool>>();
    var client = client(agent.key(), null, changes::add);
    client.initialize();
    var scrape = toolsets(document).entrySet().stream().filter(entry -> entry.getValue().equals("scrape"))
        .map(Map.Entry::getKey).collect(Collectors.toSet());
    assertThat(names(client.listTools().tools())).doesNotContainAnyElementsOf(scrape);

    var enabled = client.callTool(new McpSchema.CallToolRequest("enableToolsets",
        Map.of("toolsets", List.of("scrape"))));
    assertThat(enabled.isError()).as(text(enabled)).isFalse();

    var deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
    while (changes.stream().noneMatch(tools -> names(tools).containsAll(scrape)) && System.nanoTime() < deadline) {
      Thread.sleep(50);
    }
    assertThat(changes).as("tools/list_changed, then the tools listed again")
        .anySatisfy(tools -> assertThat(names(tools)).containsAll(scrape));
    assertThat(names(client.listTools().tools())).containsAll(scrape).contains("registerAgent");

    var unknown = mcpAt("/mcp?toolsets=scrape,nope", "POST", agent.key(), null, """
        {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"protocolVersion": "2025-06-18",
         "capabilities": {}, "clientInfo": {"name": "mcp-it-by-hand", "version": "1"}}}""");
    assertThat(unknown.statusCode()).as(unknown.body()).isEqualTo(400);
    assertThat(JSON.readTree(unknown.body()).at("/error/data/field").asText()).isEqualTo("toolsets");
  }

  /** The bytes of every page of {@code tools/list} on a new session of {@code toolsets} (none when null). */
  private static int listedBytes(String key, String toolsets) throws Exception {
    var path = toolsets == null ? "/mcp" : "/mcp?toolsets=" + toolsets;
    var session = openSession(key, path);
    var total = 0;
    String cursor = null;
    for (int page = 0; page < 50; page++) {
      var request = cursor == null ? LIST_TOOLS : """
          {"jsonrpc": "2.0", "id": 2, "method": "tools/list", "params": {"cursor": %s}}"""
          .formatted(JSON.writeValueAsString(cursor));
      var answer = mcpAt(path, "POST", key, session, request);
      assertThat(answer.statusCode()).as(answer.body()).isEqualTo(200);
      var message = lastMessage(answer.body());
      total += message.getBytes(java.nio.charset.StandardCharsets.UTF_8).length;
      var next = JSON.readTree(message).at("/result/nextCursor");
      if (next.isMissingNode() || next.isNull()) {
        return total;
      }
      cursor = next.asText();
    }
    throw new AssertionError("tools/list did not end within 50 pages");
  }

  /** Every MCP tool of the document and its {@code x-toolset}. */
  private static Map<String, String> toolsets(JsonNode document) {
    var sets = new java.util.HashMap<String, String>();
    for (var name : tools(document, false)) {
      var set = operation(document, name).path("operation").path("x-toolset").asText("");
      assertThat(set).as(name + "'s x-toolset").isIn(SETS);
      sets.put(name, set);
    }
    return sets;
  }

  /** {@code {method, operation}} of the operation {@code name}. */
  private static JsonNode operation(JsonNode document, String name) {
    for (var path : (Iterable<JsonNode>) document.path("paths")::elements) {
      for (var method : METHODS) {
        if (path.path(method).path("operationId").asText("").equals(name)) {
          var found = JSON.createObjectNode().put("method", method);
          found.set("operation", path.path(method));
          return found;
        }
      }
    }
    throw new AssertionError("no operation " + name);
  }

  private static Set<String> withToolsetTools(Set<String> names) {
    var all = new HashSet<>(names);
    all.addAll(TOOLSET_TOOLS);
    return all;
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

  /**
   * The arguments that filter {@code path}'s list by one tag, as its tool offers them: the {@code tag} object when the
   * operation declares the tag filters as one deepObject parameter, else the catch-all {@code query}.
   */
  private static Map<String, Object> tagFilter(JsonNode document, String path, String key, String value) {
    var declared = java.util.stream.StreamSupport.stream(
        document.path("paths").path(path).path("get").path("parameters").spliterator(), false)
        .anyMatch(parameter -> parameter.path("name").asText().equals("tag"));
    return declared ? Map.of("tag", Map.of(key, value)) : Map.of("query", Map.of("tag." + key, value));
  }

  /** One MCP HTTP exchange by hand (the SDK client never sends what these tests send). */
  private static HttpResponse<String> mcp(String method, String key, String session, String body) throws Exception {
    return mcpAt("/mcp", method, key, session, body);
  }

  private static HttpResponse<String> mcpAt(String path, String method, String key, String session, String body)
      throws Exception {
    var request = HttpRequest.newBuilder(RunningSuite.suite().baseUri(Service.GATEWAY).resolve(path))
        .timeout(Duration.ofSeconds(30)).header("Accept", "application/json, text/event-stream")
        .method(method, body == null ? HttpRequest.BodyPublishers.noBody()
            : HttpRequest.BodyPublishers.ofString(body));
    if (body != null) {
      request.header("Content-Type", "application/json");
    }
    if (key != null) {
      request.header("Authorization", "Bearer " + key);
    }
    if (session != null) {
      request.header("Mcp-Session-Id", session);
    }
    return MCP_HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
  }

  private static String openSession(String key) throws Exception {
    return openSession(key, "/mcp");
  }

  private static String openSession(String key, String path) throws Exception {
    var initialized = mcpAt(path, "POST", key, null, """
        {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"protocolVersion": "2025-06-18",
         "capabilities": {}, "clientInfo": {"name": "mcp-it-by-hand", "version": "1"}}}""");
    assertThat(initialized.statusCode()).as(initialized.body()).isEqualTo(200);
    var session = initialized.headers().firstValue("Mcp-Session-Id").orElseThrow();
    var initializedNote = "{\"jsonrpc\": \"2.0\", \"method\": \"notifications/initialized\"}";
    assertThat(mcpAt(path, "POST", key, session, initializedNote).statusCode()).isEqualTo(202);
    return session;
  }

  private static void assertNoSession(HttpResponse<String> answer) throws Exception {
    assertThat(answer.statusCode()).as(answer.body()).isEqualTo(404);
    assertThat(JSON.readTree(answer.body()).at("/error/data/error").asText()).isEqualTo("not_found");
  }

  /** The JSON-RPC message of an answer sent as JSON or as server-sent events (the last one). */
  private static String lastMessage(String body) {
    var last = body;
    for (var line : body.split("\n")) {
      if (line.startsWith("data: ")) {
        last = line.substring("data: ".length());
      }
    }
    return last;
  }

  /** The ERROR lines the gateway logged past {@code offset}. */
  private static List<String> newErrorLines(java.nio.file.Path log, long offset) throws Exception {
    try (var file = java.nio.channels.FileChannel.open(log)) {
      var buffer = java.nio.ByteBuffer.allocate((int) Math.max(0, file.size() - offset));
      file.read(buffer, offset);
      return new String(buffer.array(), java.nio.charset.StandardCharsets.UTF_8).lines()
          .filter(line -> line.contains(" ERROR ")).toList();
    }
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

  /** A client of every toolset ({@code ?toolsets=all}). */
  private McpSyncClient client(String key) {
    return client(key, "all");
  }

  private McpSyncClient client(String key, String toolsets) {
    return client(key, toolsets, tools -> { });
  }

  /** A client of {@code toolsets} (the MCP URL's parameter; none when null) telling {@code changes} new tool lists. */
  private McpSyncClient client(String key, String toolsets,
      java.util.function.Consumer<List<McpSchema.Tool>> changes) {
    var base = RunningSuite.suite().baseUri(Service.GATEWAY).toString().replaceAll("/$", "");
    var transport = HttpClientStreamableHttpTransport.builder(base)
        .endpoint(toolsets == null ? "/mcp" : "/mcp?toolsets=" + toolsets)
        .httpRequestCustomizer((builder, method, uri, body, context) -> {
          if (key != null) {
            builder.header("Authorization", "Bearer " + key);
          }
        }).connectTimeout(Duration.ofSeconds(5)).build();
    var client = McpClient.sync(transport).requestTimeout(Duration.ofSeconds(30))
        .clientInfo(new McpSchema.Implementation("mcp-it", "1.0")).toolsChangeConsumer(changes).build();
    clients.add(client);
    return client;
  }
}

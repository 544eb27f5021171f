package dev.videoautomation.gateway.mcp;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.absent;
import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.equalToJson;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.getRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URL;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import javax.sql.DataSource;

import jakarta.inject.Inject;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.github.tomakehurst.wiremock.WireMockServer;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.dialect.Dialects;

import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.spec.McpError;
import io.modelcontextprotocol.spec.McpSchema;
import io.quarkus.test.common.ResourceArg;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;

import dev.videoautomation.gateway.OwnerStubs;
import dev.videoautomation.gateway.openapi.MergedOpenApi;
import dev.videoautomation.platform.testing.InjectWireMock;
import dev.videoautomation.platform.testing.PostgresResource;
import dev.videoautomation.platform.testing.WireMockResource;

/**
 * Tool results within the cap (issue 33 §2) and the scrape tools' normalized answers (§3), with the SDK client: a list
 * over 100 KB answers fewer items and the owner's cursor to continue; any other answer over it the truncated envelope
 * whose resource link only its client can read, for as long as it is kept; a scrape tool sends {@code normalize: true}
 * unless told otherwise and leaves the provider's {@code data} out unless {@code raw: true}. Every result is checked
 * against the tool's declared output schema.
 */
@QuarkusTest
@WithTestResource(PostgresResource.class)
@WithTestResource(value = WireMockResource.class, initArgs = @ResourceArg(name = "properties",
    value = "gateway.owners.auth,gateway.owners.billing,gateway.owners.scrape,gateway.owners.media,"
        + "gateway.owners.clone"))
class CappedResultsTest {
  static final int CAP = 102_400;
  private static final SchemaRegistry VALIDATOR = SchemaRegistry.withDefaultDialect(Dialects.getDraft202012());
  static final String DOCUMENT = """
      {"openapi": "3.0.3", "info": {"title": "merged", "version": "1"},
       "paths": {
         "/v1/videos": {"get": {"operationId": "listVideos",
            "parameters": [{"name": "limit", "in": "query", "schema": {"type": "integer", "minimum": 1,
                              "maximum": 200}},
                           {"name": "cursor", "in": "query", "schema": {"type": "string"}}],
            "responses": {"200": {"description": "a page", "content": {"application/json":
               {"schema": {"$ref": "#/components/schemas/Page"}}}}}}},
         "/v1/scrape/shortvideo/profile": {"post": {"operationId": "scrapeShortvideoProfile",
            "x-mcp-body-defaults": {"normalize": true},
            "x-mcp-raw-members": ["data"],
            "x-mcp-output-schema": {"anyOf": [
               {"type": "object", "properties": {"data": {"$ref": "#/components/schemas/ScrapeProviderData"},
                  "normalized": {"$ref": "#/components/schemas/ScrapeNormalized"}}},
               {"$ref": "#/components/schemas/DryRun"}]},
            "requestBody": {"required": true, "content": {"application/json":
               {"schema": {"$ref": "#/components/schemas/ScrapeHandleRequest"}}}},
            "responses": {"200": {"description": "the profile", "content": {"application/json":
               {"schema": {"oneOf": [{"$ref": "#/components/schemas/ScrapeResult"},
                                     {"$ref": "#/components/schemas/DryRun"}]}}}}}}}},
       "components": {"schemas": {
         "Page": {"type": "object", "required": ["data", "nextCursor"], "properties": {
            "data": {"type": "array", "items": {"type": "object", "required": ["videoId"],
               "properties": {"videoId": {"type": "string"}, "prompt": {"type": "string"}}}},
            "nextCursor": {"type": "string", "nullable": true}}},
         "ScrapeProviderData": {"description": "any JSON value"},
         "ScrapeNormalized": {"type": "object", "nullable": true, "required": ["kind", "items"],
            "properties": {"kind": {"type": "string"}, "items": {"type": "array", "items": {"type": "object"}}}},
         "ScrapeResult": {"type": "object", "required": ["data"], "properties": {
            "data": {"$ref": "#/components/schemas/ScrapeProviderData"},
            "normalized": {"$ref": "#/components/schemas/ScrapeNormalized"}}},
         "ScrapeHandleRequest": {"type": "object", "required": ["handle"], "properties": {
            "handle": {"type": "string"}, "normalize": {"type": "boolean", "default": false}}},
         "DryRun": {"type": "object", "required": ["dryRun", "wouldRun", "cost"],
            "properties": {"dryRun": {"type": "boolean", "enum": [true]}, "wouldRun": {"type": "boolean"},
              "cost": {"type": "object"}}}}}}""";
  static final String PROFILE = "/v1/scrape/shortvideo/profile";

  @InjectWireMock
  WireMockServer owner;

  @Inject
  MergedOpenApi merged;

  @Inject
  McpTools tools;

  @Inject
  StoredResults stored;

  @Inject
  DataSource database;

  @TestHTTPResource("/")
  URL gateway;

  final ObjectMapper json = new ObjectMapper();
  final List<McpSyncClient> clients = new ArrayList<>();
  OwnerStubs stubs;

  @BeforeEach
  void reset() throws Exception {
    owner.resetAll();
    stubs = new OwnerStubs(owner);
    tools.apply(merged.merge(Map.of("clone", json.readTree(DOCUMENT)), new ArrayList<>()));
  }

  @AfterEach
  void close() {
    clients.forEach(McpSyncClient::closeGracefully);
  }

  @Test
  void shouldAnswerAListOverTheCapWithFewerItemsAndTheOwnersCursor() throws Exception {
    var caller = stubs.subscribed();
    owner.stubFor(get(urlEqualTo("/v1/videos")).willReturn(page(50, 0, "after-50")));
    owner.stubFor(get(urlPathEqualTo("/v1/videos")).withQueryParam("limit", absent())
        .withQueryParam("cursor", equalTo("after-30")).willReturn(page(20, 30, null)));
    owner.stubFor(get(urlPathEqualTo("/v1/videos")).withQueryParam("limit", equalTo("33"))
        .withQueryParam("cursor", absent()).willReturn(page(33, 0, "after-33")));
    var client = client(caller.key());

    var opening = client.callTool(new McpSchema.CallToolRequest("listVideos", Map.of()));

    assertThat(opening.isError()).as(opening.toString()).isFalse();
    var page = new JsonObject(json.writeValueAsString(opening.structuredContent()));
    // 50 items of ~3,030 bytes are ~151 KB; 33 and the rest of the page fit under 100 KB with room for a cursor.
    assertThat(page.getJsonArray("data")).hasSize(33);
    assertThat(page.getString("nextCursor")).isEqualTo("after-33");
    assertThat(page.toBuffer().length()).isLessThanOrEqualTo(CAP);
    assertThat(valid(client, "listVideos", opening)).isTrue();
    owner.verify(getRequestedFor(urlEqualTo("/v1/videos?limit=33")));

    var next = client.callTool(new McpSchema.CallToolRequest("listVideos", Map.of("cursor", "after-30")));
    var rest = new JsonObject(json.writeValueAsString(next.structuredContent()));
    assertThat(rest.getJsonArray("data")).hasSize(20);
    assertThat(rest.getJsonArray("data").getJsonObject(0).getString("videoId")).isEqualTo("v30");
    assertThat(rest.getValue("nextCursor")).isNull();

    // A list's schema has no envelope: a page whose one item is over the cap is refused, naming the cap.
    var first = new JsonObject().put("videoId", "v0").put("prompt", "p".repeat(CAP));
    owner.stubFor(get(urlEqualTo("/v1/videos?cursor=huge")).willReturn(aResponse().withStatus(200)
        .withHeader("Content-Type", "application/json").withBody(new JsonObject().put("data", new JsonArray()
            .add(first).add(new JsonObject().put("videoId", "v1"))).put("nextCursor", "more").encode())));
    owner.stubFor(get(urlEqualTo("/v1/videos?limit=1&cursor=huge")).willReturn(aResponse().withStatus(200)
        .withHeader("Content-Type", "application/json").withBody(new JsonObject().put("data", new JsonArray()
            .add(first)).put("nextCursor", "v1").encode())));
    var huge = client.callTool(new McpSchema.CallToolRequest("listVideos", Map.of("cursor", "huge")));
    assertThat(huge.isError()).isTrue();
    assertThat(huge.structuredContent()).asInstanceOf(McpToolsTest.MAP)
        .containsEntry("error", "payload_too_large").containsEntry("limit", CAP);
    owner.verify(getRequestedFor(urlEqualTo("/v1/videos?limit=1&cursor=huge")));
  }

  @Test
  void shouldDeclareTheEnvelopeWhereAnAnswerCanGrowPastTheCap() {
    var listed = client(stubs.subscribed().key()).listTools().tools().stream()
        .collect(Collectors.toMap(McpSchema.Tool::name, tool -> (JsonNode) json.valueToTree(tool.outputSchema())));

    // A list is read again with fewer items instead: its schema stays the page's.
    assertThat(listed.get("listVideos").has("anyOf")).isFalse();
    assertThat(listed.get("listVideos").at("/properties/nextCursor").isObject()).isTrue();
    // The scrape result, its dry run and the envelope: one list of choices, as listed (field names, constants).
    var scrape = listed.get("scrapeShortvideoProfile");
    assertThat(scrape.at("/anyOf")).hasSize(3);
    assertThat(scrape.at("/anyOf/1/properties/dryRun/const").asBoolean()).isTrue();
    assertThat(scrape.at("/anyOf/2").toString()).isEqualTo("{\"type\":\"object\",\"properties\":{\"truncated\":"
        + "{\"const\":true},\"preview\":{},\"resource\":{}}}");
  }

  @Test
  void shouldLinkALargeAnswerToItsWholeThatOnlyItsClientCanRead() throws Exception {
    var caller = stubs.subscribed();
    var other = stubs.subscribed();
    owner.stubFor(post(urlEqualTo(PROFILE)).willReturn(aResponse().withStatus(200)
        .withHeader("Content-Type", "application/json").withBody(largeScrape().encode())));
    var client = client(caller.key());

    var result = client.callTool(new McpSchema.CallToolRequest("scrapeShortvideoProfile",
        Map.of("body", Map.of("handle", "some.creator"), "raw", true)));

    assertThat(result.isError()).as(result.toString()).isFalse();
    assertThat(valid(client, "scrapeShortvideoProfile", result)).isTrue();
    var envelope = new JsonObject(json.writeValueAsString(result.structuredContent()));
    assertThat(envelope.getBoolean("truncated")).isTrue();
    assertThat(envelope.toBuffer().length()).isLessThanOrEqualTo(CAP);
    var preview = envelope.getJsonObject("preview");
    assertThat(preview.getJsonObject("data").getJsonArray("videos").size()).isBetween(1, 32);
    assertThat(preview.getJsonObject("data").getString("bio")).endsWith("…").hasSizeLessThan(2000);
    var uri = envelope.getJsonObject("resource").getString("uri");
    assertThat(uri).matches("vas://results/[A-Za-z0-9_-]{32}");
    assertThat(envelope.getJsonObject("resource").getString("type")).isEqualTo("resource_link");
    assertThat(result.content()).anySatisfy(content -> assertThat(content)
        .isInstanceOfSatisfying(McpSchema.ResourceLink.class, link -> assertThat(link.uri()).isEqualTo(uri)));

    var whole = client.readResource(new McpSchema.ReadResourceRequest(uri));
    var text = ((McpSchema.TextResourceContents) whole.contents().getFirst()).text();
    assertThat(new JsonObject(text)).isEqualTo(largeScrape());
    // Another session of the same client (as on another replica: the answer is in the database) reads it too.
    assertThat(client(caller.key()).readResource(new McpSchema.ReadResourceRequest(uri)).contents()).hasSize(1);

    var stranger = client(other.key());
    assertThatThrownBy(() -> stranger.readResource(new McpSchema.ReadResourceRequest(uri)))
        .isInstanceOfSatisfying(McpError.class, error -> assertThat(error.getJsonRpcError().code())
            .isEqualTo(McpSchema.ErrorCodes.RESOURCE_NOT_FOUND));
    var guessed = uri.substring(0, uri.length() - 1) + (uri.endsWith("A") ? "B" : "A");
    assertThatThrownBy(() -> client.readResource(new McpSchema.ReadResourceRequest(guessed)))
        .isInstanceOfSatisfying(McpError.class, error -> assertThat(error.getJsonRpcError().code())
            .isEqualTo(McpSchema.ErrorCodes.RESOURCE_NOT_FOUND));
  }

  @Test
  void shouldForgetAResultOnceItExpires() throws Exception {
    var caller = stubs.subscribed();
    var client = client(caller.key());
    var uri = stored.store("client:" + caller.clientId(), "{\"kept\": true}".getBytes());
    assertThat(client.readResource(new McpSchema.ReadResourceRequest(uri)).contents()).hasSize(1);
    var id = uri.substring(StoredResults.URI_PREFIX.length());

    execute("UPDATE mcp_results SET expires_at = now() - interval '1 second' WHERE id = '" + id + "'");

    assertThatThrownBy(() -> client.readResource(new McpSchema.ReadResourceRequest(uri)))
        .isInstanceOfSatisfying(McpError.class, error -> assertThat(error.getJsonRpcError().code())
            .isEqualTo(McpSchema.ErrorCodes.RESOURCE_NOT_FOUND));
    assertThat(rows(id)).isEqualTo(1);
    stored.forgetExpired();
    assertThat(rows(id)).isZero();
  }

  @Test
  void shouldAnswerAScrapeNormalizedWithoutTheRawDataUnlessAsked() throws Exception {
    var caller = stubs.subscribed();
    owner.stubFor(post(urlEqualTo(PROFILE)).willReturn(aResponse().withStatus(200)
        .withHeader("Content-Type", "application/json").withBody("""
            {"data": {"user": {"uniqueId": "some.creator"}},
             "normalized": {"kind": "profile", "items": [{"handle": "some.creator"}]}}""")));
    var client = client(caller.key());
    var tool = client.listTools().tools().stream().filter(t -> t.name().equals("scrapeShortvideoProfile"))
        .findFirst().orElseThrow();
    var input = json.valueToTree(tool.inputSchema());
    assertThat(input.at("/properties/body/properties/normalize/default").asBoolean(false)).isTrue();
    assertThat(input.at("/properties/raw/type").asText()).isEqualTo("boolean");

    var normalized = client.callTool(new McpSchema.CallToolRequest("scrapeShortvideoProfile",
        Map.of("body", Map.of("handle", "some.creator"))));

    assertThat(normalized.isError()).as(normalized.toString()).isFalse();
    assertThat(valid(client, "scrapeShortvideoProfile", normalized)).isTrue();
    assertThat(normalized.structuredContent()).asInstanceOf(McpToolsTest.MAP).doesNotContainKey("data")
        .containsEntry("normalized", Map.of("kind", "profile", "items", List.of(Map.of("handle", "some.creator"))));
    assertThat(((McpSchema.TextContent) normalized.content().getFirst()).text()).doesNotContain("uniqueId");
    owner.verify(postRequestedFor(urlEqualTo(PROFILE))
        .withRequestBody(equalToJson("{\"handle\": \"some.creator\", \"normalize\": true}")));

    var raw = client.callTool(new McpSchema.CallToolRequest("scrapeShortvideoProfile",
        Map.of("body", Map.of("handle", "some.creator", "normalize", false), "raw", true)));

    assertThat(raw.structuredContent()).asInstanceOf(McpToolsTest.MAP)
        .containsEntry("data", Map.of("user", Map.of("uniqueId", "some.creator")));
    assertThat(valid(client, "scrapeShortvideoProfile", raw)).isTrue();
    owner.verify(postRequestedFor(urlEqualTo(PROFILE))
        .withRequestBody(equalToJson("{\"handle\": \"some.creator\", \"normalize\": false}")));
  }

  private com.github.tomakehurst.wiremock.client.ResponseDefinitionBuilder page(int items, int from, String next) {
    var data = new JsonArray();
    for (int i = from; i < from + items; i++) {
      data.add(new JsonObject().put("videoId", "v" + i).put("prompt", "p".repeat(3000)));
    }
    return aResponse().withStatus(200).withHeader("Content-Type", "application/json")
        .withBody(new JsonObject().put("data", data).put("nextCursor", next).encode());
  }

  /** A provider's answer of about 200 KB: many videos and a long bio. */
  private static JsonObject largeScrape() {
    var videos = new JsonArray();
    for (int i = 0; i < 400; i++) {
      videos.add(new JsonObject().put("id", "video-" + i).put("desc", "d".repeat(400)));
    }
    return new JsonObject().put("data", new JsonObject().put("bio", "b".repeat(5000)).put("videos", videos))
        .put("normalized", new JsonObject().put("kind", "profile").put("items", new JsonArray()));
  }

  /** Whether the result's structured content is valid against the tool's declared output schema. */
  private boolean valid(McpSyncClient client, String name, McpSchema.CallToolResult result) {
    JsonNode schema = json.valueToTree(client.listTools().tools().stream().filter(tool -> tool.name().equals(name))
        .findFirst().orElseThrow().outputSchema());
    JsonNode content = json.valueToTree(result.structuredContent());
    return VALIDATOR.getSchema(schema).validate(content).isEmpty();
  }

  private void execute(String sql) throws SQLException {
    try (var connection = database.getConnection(); var statement = connection.createStatement()) {
      statement.executeUpdate(sql);
    }
  }

  private int rows(String id) throws SQLException {
    try (var connection = database.getConnection();
        var statement = connection.prepareStatement("SELECT count(*) FROM mcp_results WHERE id = ?")) {
      statement.setString(1, id);
      try (var rows = statement.executeQuery()) {
        rows.next();
        return rows.getInt(1);
      }
    }
  }

  private McpSyncClient client(String key) {
    var transport = HttpClientStreamableHttpTransport.builder(gateway.toString().replaceAll("/$", ""))
        .endpoint("/mcp").httpRequestCustomizer((builder, method, uri, body, context) -> builder.header("X-Api-Key",
            key)).jsonMapper(McpToolsTest.freshJsonMapper()).build();
    var client = McpClient.sync(transport).requestTimeout(Duration.ofSeconds(10)).build();
    clients.add(client);
    client.initialize();
    return client;
  }
}

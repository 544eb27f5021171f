package dev.videoautomation.gateway.mcp;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;

/**
 * MCP's Streamable HTTP spoken by hand, for what the SDK client never sends: bodies that are not JSON-RPC messages,
 * repeated keys, another client's key on a session.
 */
final class McpHttp {
  static final String INITIALIZE = """
      {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"protocolVersion": "2025-06-18",
       "capabilities": {}, "clientInfo": {"name": "by-hand", "version": "1"}}}""";
  static final String INITIALIZED = "{\"jsonrpc\": \"2.0\", \"method\": \"notifications/initialized\"}";
  static final String LIST_TOOLS = "{\"jsonrpc\": \"2.0\", \"id\": 2, \"method\": \"tools/list\"}";

  private McpHttp() {
  }

  static Response post(String key, String session, String body) {
    return request(key, session).contentType("application/json").body(body).when().post("/mcp");
  }

  static Response delete(String key, String session) {
    return request(key, session).when().delete("/mcp");
  }

  /** A new session, initialized, with {@code key} (none when null); its id. */
  static String open(String key) {
    var initialized = post(key, null, INITIALIZE);
    assertThat(initialized.statusCode()).as(initialized.asString()).isEqualTo(200);
    var session = initialized.header("Mcp-Session-Id");
    assertThat(session).isNotBlank();
    assertThat(post(key, session, INITIALIZED).statusCode()).isEqualTo(202);
    return session;
  }

  /** The JSON-RPC answer of a request, sent as JSON or as the one message of an SSE stream. */
  static JsonPath answer(Response response) {
    var text = response.asString();
    if (String.valueOf(response.contentType()).startsWith("text/event-stream")) {
      var last = "";
      for (var line : text.split("\n")) {
        if (line.startsWith("data: ")) {
          last = line.substring("data: ".length());
        }
      }
      text = last;
    }
    return JsonPath.from(text);
  }

  static RequestSpecification request(String key, String session) {
    var request = given().accept("application/json, text/event-stream");
    if (key != null) {
      request.header("X-Api-Key", key);
    }
    if (session != null) {
      request.header("Mcp-Session-Id", session);
    }
    return request;
  }
}

package dev.videoautomation.gateway.mcp;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import io.quarkus.test.common.ResourceArg;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;

import dev.videoautomation.platform.testing.PostgresResource;
import dev.videoautomation.platform.testing.WireMockResource;

/**
 * What reaches {@code POST /mcp} that is not a JSON-RPC message the MCP server can take: answered 400 with the
 * JSON-RPC error, and no ERROR in the log, whoever sends it (these are sent without a key).
 */
@QuarkusTest
@WithTestResource(PostgresResource.class)
@WithTestResource(value = WireMockResource.class, initArgs = @ResourceArg(name = "properties",
    value = "gateway.owners.auth,gateway.owners.billing,gateway.owners.scrape,gateway.owners.media,"
        + "gateway.owners.clone"))
class McpMessagesTest {
  static final int PARSE_ERROR = -32700;
  static final int INVALID_REQUEST = -32600;

  @Test
  void shouldAnswerABodyThatIsNotAMessageWith400AndTheJsonRpcError() {
    var bodies = new LinkedHashMap<String, Integer>();
    bodies.put("null", INVALID_REQUEST);
    bodies.put("\"x\"", INVALID_REQUEST);
    bodies.put("5", INVALID_REQUEST);
    bodies.put("[]", INVALID_REQUEST);
    bodies.put("[[{\"jsonrpc\": \"2.0\", \"id\": 1, \"method\": \"ping\"}]]", INVALID_REQUEST);
    bodies.put("[5]", INVALID_REQUEST);
    bodies.put("{\"jsonrpc\": \"2.0\", \"id\": 1, \"method\": \"initialize\"", PARSE_ERROR);
    bodies.put("{\"jsonrpc\": \"2.0\", \"id\": 1, \"method\": \"ping\"} {}", PARSE_ERROR);
    bodies.put("", PARSE_ERROR);

    try (var errors = ErrorLog.listen()) {
      bodies.forEach((body, code) -> {
        var answer = McpHttp.post(null, null, body);

        assertThat(answer.statusCode()).as(body).isEqualTo(400);
        assertThat(answer.contentType()).as(body).startsWith("application/json");
        var json = McpHttp.answer(answer);
        assertThat(json.getString("jsonrpc")).as(body).isEqualTo("2.0");
        assertThat(json.getInt("error.code")).as(body).isEqualTo(code);
        assertThat(json.getString("error.message")).as(body).isNotBlank();
        assertThat(json.getString("error.data.error")).as(body).isEqualTo("invalid_request");
        assertThat(json.get("id") == null).as(body).isTrue();
      });
      assertThat(errors.lines()).isEmpty();
    }
  }

  @Test
  void shouldAnswerAMessageWhoseMembersHaveTheWrongTypesWith400NamingTheMember() {
    var messages = Map.of(
        "{\"jsonrpc\": \"2.0\", \"id\": 7, \"method\": \"initialize\", \"params\": \"x\"}", "params",
        "{\"jsonrpc\": \"2.0\", \"id\": {}, \"method\": \"ping\"}", "id",
        "{\"jsonrpc\": \"2.0\", \"id\": true, \"method\": \"tools/list\"}", "id",
        "{\"jsonrpc\": \"2.0\", \"id\": 7, \"method\": 5}", "method",
        "{\"jsonrpc\": 2, \"id\": 7, \"method\": \"ping\"}", "jsonrpc",
        "{\"jsonrpc\": \"2.0\", \"id\": 7, \"method\": \"initialize\", \"params\": {\"protocolVersion\": "
            + "\"2025-06-18\", \"capabilities\": [], \"clientInfo\": {\"name\": \"x\", \"version\": \"1\"}}}",
        "params.capabilities",
        "{\"jsonrpc\": \"2.0\", \"id\": 7, \"method\": \"initialize\", \"params\": {\"protocolVersion\": "
            + "\"2025-06-18\", \"capabilities\": {}, \"clientInfo\": \"me\"}}", "params.clientInfo",
        "{\"jsonrpc\": \"2.0\", \"id\": 7, \"method\": \"tools/list\", \"params\": {\"_meta\": 1}}",
        "params._meta");

    try (var errors = ErrorLog.listen()) {
      messages.forEach((body, member) -> {
        var answer = McpHttp.post(null, null, body);

        assertThat(answer.statusCode()).as(body).isEqualTo(400);
        var json = McpHttp.answer(answer);
        assertThat(json.getInt("error.code")).as(body).isEqualTo(INVALID_REQUEST);
        assertThat(json.getString("error.message")).as(body).contains("'" + member + "'");
      });
      assertThat(errors.lines()).isEmpty();
    }
  }

  @Test
  void shouldRefuseAMessageThatRepeatsAKeyOutsideToolArguments() {
    try (var errors = ErrorLog.listen()) {
      var answer = McpHttp.post(null, null,
          "{\"jsonrpc\": \"2.0\", \"id\": 7, \"method\": \"ping\", \"method\": \"initialize\"}");

      assertThat(answer.statusCode()).isEqualTo(400);
      var json = McpHttp.answer(answer);
      assertThat(json.getInt("error.code")).isEqualTo(INVALID_REQUEST);
      assertThat(json.getString("error.message")).contains("'method'");
      assertThat(json.getInt("id")).isEqualTo(7);
      assertThat(errors.lines()).isEmpty();
    }
  }

  @Test
  void shouldAnswerWhatTheTransportRefusesWithTheJsonRpcErrorToo() {
    try (var errors = ErrorLog.listen()) {
      var noAccept = given().contentType("application/json").body(McpHttp.INITIALIZE).when().post("/mcp");
      var unknownVersion = McpHttp.request(null, null).header("Mcp-Protocol-Version", "1999-01-01")
          .contentType("application/json").body(McpHttp.INITIALIZE).when().post("/mcp");
      var streamWithoutSession = given().accept("text/event-stream").when().get("/mcp");

      assertRefused(noAccept, 400, INVALID_REQUEST, "Accept");
      assertRefused(unknownVersion, 400, INVALID_REQUEST, "2025-06-18");
      assertRefused(streamWithoutSession, 405, INVALID_REQUEST, "Mcp-Session-Id");
      assertThat(errors.lines()).isEmpty();
    }
  }

  @Test
  void shouldStillAnswerMessagesAndBatchesOfThem() {
    var answer = McpHttp.post(null, null, McpHttp.INITIALIZE);

    assertThat(answer.statusCode()).isEqualTo(200);
    assertThat(McpHttp.answer(answer).getString("result.protocolVersion")).isEqualTo("2025-06-18");
    var session = answer.header("Mcp-Session-Id");
    assertThat(McpHttp.post(null, session, "[" + McpHttp.INITIALIZED + "]").statusCode()).isEqualTo(202);
    var listed = McpHttp.post(null, session, McpHttp.LIST_TOOLS);
    assertThat(listed.statusCode()).isEqualTo(200);
    assertThat(McpHttp.answer(listed).getList("result.tools")).isInstanceOf(List.class);
  }

  private static void assertRefused(io.restassured.response.Response answer, int status, int code, String hint) {
    assertThat(answer.statusCode()).as(answer.asString()).isEqualTo(status);
    assertThat(answer.contentType()).startsWith("application/json");
    var json = McpHttp.answer(answer);
    assertThat(json.getInt("error.code")).isEqualTo(code);
    assertThat(json.getString("error.message")).contains(hint);
    assertThat(json.getString("error.data.error")).isNotBlank();
  }
}

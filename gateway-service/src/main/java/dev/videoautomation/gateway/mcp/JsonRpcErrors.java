package dev.videoautomation.gateway.mcp;

import com.fasterxml.jackson.databind.JsonNode;

import io.vertx.core.http.HttpHeaders;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.RoutingContext;

import dev.videoautomation.platform.errors.ErrorCode;

/**
 * An HTTP answer of {@code /mcp} that the MCP server never reached: a JSON-RPC error response, whose {@code data} is
 * the API's error body ({@code error}, {@code message}), so a JSON-RPC client and a reader of the API's errors both
 * understand it.
 */
final class JsonRpcErrors {
  /** Not a JSON-RPC code: the one MCP servers use for a session that is not there. */
  static final int SESSION_NOT_FOUND = -32001;

  private JsonRpcErrors() {
  }

  static void send(RoutingContext rc, ErrorCode error, int code, String message, JsonNode id) {
    send(rc, error.status(), error, code, message, id);
  }

  /** A refusal of the request's {@code field} (a parameter of the MCP URL), named in the body as REST names one. */
  static void refuse(RoutingContext rc, String field, String message) {
    send(rc, ErrorCode.INVALID_REQUEST.status(), ErrorCode.INVALID_REQUEST, JsonRpcMessages.INVALID_REQUEST,
        message, null, field);
  }

  /** {@code error}'s body with another status than its own (a refusal of the MCP server's, kept as it was). */
  static void send(RoutingContext rc, int status, ErrorCode error, int code, String message, JsonNode id) {
    send(rc, status, error, code, message, id, null);
  }

  private static void send(RoutingContext rc, int status, ErrorCode error, int code, String message, JsonNode id,
      String field) {
    var response = rc.response();
    if (response.ended()) {
      return;
    }
    var data = new JsonObject().put("error", error.code()).put("message", message);
    if (field != null) {
      data.put("field", field);
    }
    var body = new JsonObject().put("jsonrpc", "2.0").put("id", id == null ? null
        : id.isTextual() ? id.textValue() : id.numberValue())
        .put("error", new JsonObject().put("code", code).put("message", message).put("data", data));
    response.setStatusCode(status).putHeader(HttpHeaders.CONTENT_TYPE, "application/json")
        .end(body.toBuffer());
  }
}

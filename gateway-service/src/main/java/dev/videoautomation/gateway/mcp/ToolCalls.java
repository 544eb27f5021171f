package dev.videoautomation.gateway.mcp;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;

import jakarta.enterprise.context.ApplicationScoped;

import io.quarkiverse.mcp.server.TextContent;
import io.quarkiverse.mcp.server.ToolManager;
import io.quarkiverse.mcp.server.ToolResponse;
import io.quarkus.logging.Log;
import io.smallrye.mutiny.Uni;
import io.vertx.core.Future;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.json.Json;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;

import dev.videoautomation.gateway.idempotency.IdempotentRequests;
import dev.videoautomation.platform.errors.ErrorCode;

/**
 * A {@code tools/call} made into the REST call it stands for, sent through the gateway's own pipeline
 * ({@link Loopback}), and its answer made into a tool result: a 2xx JSON answer as {@code structuredContent} (and as
 * text); any other answer as an {@code isError} result carrying the API's error body ({@code error}, {@code message},
 * {@code field}, {@code setup}, {@code retryAfter}, ...).
 */
@ApplicationScoped
class ToolCalls {
  private final Loopback loopback;
  private final HttpServerRequest request;

  ToolCalls(Loopback loopback, HttpServerRequest request) {
    this.loopback = loopback;
    this.request = request;
  }

  /** Runs on the event loop, inside the MCP request's context: {@code request} is that HTTP request. */
  Uni<ToolResponse> call(OperationTool tool, ToolManager.ToolArguments arguments) {
    var args = arguments.args() == null ? Map.<String, Object>of() : arguments.args();
    // Programmatic tools get no argument checks from the MCP server: a missing required one is named here, as the
    // API would name it.
    for (var required : tool.inputSchema().path("required")) {
      var value = args.get(required.asText());
      if (value == null || value.toString().isBlank()) {
        return Uni.createFrom().item(invalid(required.asText(), "is required by " + tool.method() + " "
            + tool.path()));
      }
    }
    var target = new StringBuilder();
    var path = tool.path();
    for (var name : tool.pathParameters()) {
      path = path.replace("{" + name + "}", encode(args.get(name).toString()).replace("+", "%20"));
    }
    target.append(path);
    var query = new StringJoiner("&", "?", "").setEmptyValue("");
    for (var name : tool.queryParameters()) {
      addQuery(query, name, args.get(name));
    }
    if (args.get(OperationTool.QUERY) instanceof Map<?, ?> more) {
      more.forEach((name, value) -> addQuery(query, String.valueOf(name), value));
    } else if (args.get(OperationTool.QUERY) != null) {
      return Uni.createFrom().item(invalid(OperationTool.QUERY, "must be an object of query parameter names to "
          + "values"));
    }
    target.append(query);
    var headers = new LinkedHashMap<String, String>();
    if (args.get(OperationTool.IDEMPOTENCY_KEY) instanceof Object key && tool.method().equals("POST")) {
      headers.put(IdempotentRequests.HEADER, key.toString());
    }
    var body = tool.takesBody() && args.containsKey(OperationTool.BODY)
        ? Json.encodeToBuffer(args.get(OperationTool.BODY)) : null;
    var progress = arguments.progress();
    progress.token().ifPresent(token -> progress.notificationBuilder().setProgress(0).setTotal(1)
        .setMessage("Calling " + tool.method() + " " + tool.path()).build().sendAndForget());
    Future<Loopback.Answer> answer = loopback.call(tool.method(), target.toString(), request, headers, body);
    return Uni.createFrom().completionStage(answer.toCompletionStage())
        .map(ToolCalls::result)
        .invoke(() -> progress.token().ifPresent(token -> progress.notificationBuilder().setProgress(1)
            .setTotal(1).setMessage("Answered").build().sendAndForget()))
        .onFailure().recoverWithItem(failure -> {
          Log.warnf("The MCP tool %s could not reach the gateway's own pipeline: %s", tool.name(), failure);
          return error(new JsonObject().put("error", ErrorCode.SERVICE_UNAVAILABLE.code())
              .put("message", "The gateway could not complete this call right now. Retry in a few seconds.")
              .put("retryAfter", 5));
        });
  }

  /** A tool result from one gateway answer. */
  static ToolResponse result(Loopback.Answer answer) {
    var text = answer.body().toString(StandardCharsets.UTF_8);
    var contentType = answer.headers().get("Content-Type");
    var json = contentType != null && contentType.contains("json") && !text.isBlank();
    if (answer.status() >= 400) {
      var body = json ? asObject(answer.body().toJsonValue()) : new JsonObject()
          .put("error", ErrorCode.forStatus(answer.status()).code()).put("message", text);
      var retryAfter = answer.headers().get("Retry-After");
      if (retryAfter != null && !body.containsKey("retryAfter") && retryAfter.matches("\\d+")) {
        body.put("retryAfter", Long.parseLong(retryAfter));
      }
      return error(body);
    }
    if (!json) {
      var summary = text.isEmpty() || contentType == null || !contentType.startsWith("text/") ? "HTTP "
          + answer.status() + (contentType == null ? "" : ", " + contentType) + ", " + answer.body().length()
          + " bytes." : text;
      return new ToolResponse(false, List.of(new TextContent(summary)), null, null);
    }
    return new ToolResponse(false, List.of(new TextContent(text)), asObject(answer.body().toJsonValue()), null);
  }

  /** MCP's structuredContent is an object: a JSON array or value is put under {@code result}. */
  private static JsonObject asObject(Object value) {
    return value instanceof JsonObject object ? object : new JsonObject().put("result", value);
  }

  static ToolResponse error(JsonObject body) {
    return new ToolResponse(true, List.of(new TextContent(body.encode())), body, null);
  }

  private static ToolResponse invalid(String field, String problem) {
    return error(new JsonObject().put("error", ErrorCode.INVALID_REQUEST.code())
        .put("message", "Field '" + field + "' " + problem + ".").put("field", field));
  }

  private static void addQuery(StringJoiner query, String name, Object value) {
    if (value == null) {
      return;
    }
    if (value instanceof Collection<?> values) {
      values.forEach(item -> addQuery(query, name, item));
    } else if (value instanceof JsonArray values) {
      values.forEach(item -> addQuery(query, name, item));
    } else {
      query.add(encode(name) + "=" + encode(value.toString()));
    }
  }

  private static String encode(String value) {
    return URLEncoder.encode(value, StandardCharsets.UTF_8);
  }
}

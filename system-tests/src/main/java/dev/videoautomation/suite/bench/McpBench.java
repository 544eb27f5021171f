package dev.videoautomation.suite.bench;

import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;

import io.vertx.core.Vertx;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpServerRequest;

/**
 * The MCP part of {@code bench/gateway/run.sh}: the REST call the gateway benchmark measures, made as an MCP
 * {@code tools/call} on one initialized Streamable HTTP session (the tool named by the operation's operationId in the
 * merged document), so the difference is what MCP adds: JSON-RPC, the tool's arguments made into a request, and the
 * second pass through the gateway's request path, in process.
 */
final class McpBench {
  private static final String PROTOCOL = "2025-06-18";
  private static final Duration TOOL_WAIT = Duration.ofSeconds(60);
  /**
   * Every toolset, chosen on each request (the gateway applies ?toolsets per request): the measured tool may be in a
   * set the default /mcp does not list (issue 33).
   */
  private static final String ENDPOINT = "/mcp?toolsets=all";

  private McpBench() {
  }

  /**
   * The two wrk scripts of the MCP rows: {@code plain}, the call as agents send it, which the gateway answers itself
   * (issue 34, mcp/PlainToolCalls); {@code served}, the same call with an empty {@code _meta}, which leaves it to the
   * MCP server as every call went before.
   */
  record Scripts(Path plain, Path served) {
  }

  /** The wrk scripts calling the tool of {@code method path} with {@code key} on a new session. */
  static Scripts scripts(Path dir, URI gateway, String key, String method, String path) throws Exception {
    var tool = toolName(gateway, method, path);
    var session = initialize(gateway, key);
    var deadline = System.nanoTime() + TOOL_WAIT.toNanos();
    String answer;
    // The gateway reads its tools again every few seconds while the stand-in's document was missing.
    do {
      answer = post(gateway, key, session, call("\"check\"", tool, "")).body();
      if (!answer.contains("Invalid tool name")) {
        break;
      }
      Thread.sleep(1_000);
    } while (System.nanoTime() < deadline);
    if (!answer.contains("\"result\"") || answer.contains("\"isError\":true")) {
      throw new IllegalStateException("tools/call " + tool + " did not succeed: " + answer);
    }
    return new Scripts(script(dir.resolve("tools-call.lua"), tool, key, session, ""),
        script(dir.resolve("tools-call-served.lua"), tool, key, session, ",\"_meta\":{}"));
  }

  private static Path script(Path file, String tool, String key, String session, String meta) throws Exception {
    var lua = """
        local counter = 0
        local threads = 0
        setup = function(thread)
          threads = threads + 1
          thread:set("thread_id", threads)
        end
        request = function()
          counter = counter + 1
          local body = '%s'
          body = body:gsub("__ID__", '"' .. (thread_id or 0) .. '-' .. counter .. '"')
          return wrk.format("POST", "%s", {["Authorization"] = "Bearer %s", ["Content-Type"] = "application/json",
            ["Accept"] = "application/json, text/event-stream", ["Mcp-Session-Id"] = "%s",
            ["MCP-Protocol-Version"] = "%s"}, body)
        end
        """.formatted(call("__ID__", tool, meta), ENDPOINT, key, session, PROTOCOL);
    Files.writeString(file, lua);
    return file;
  }

  static String report(GatewayBench.Run rest, GatewayBench.Run tool, GatewayBench.Run served) {
    return String.format(Locale.ROOT, """

        ## MCP tools/call through the gateway (issue 22)

        The same GET /v1/videos as an MCP `tools/call` on one Streamable HTTP session (same run, same nginx
        owner, same key): JSON-RPC in and out, the REST call run in process through the gateway's own request path.
        Each row is measured after a warm-up at least as long, which goes on until the gateway's JIT settles.

        | measurement | p50 | p99 | requests/s |
        |---|---|---|---|
        | GET /v1/videos through the gateway (REST, the last round above) | %.2f ms | %.2f ms | %.0f |
        | the same call as tools/call on /mcp | %.2f ms | %.2f ms | %.0f |
        | the same, with an empty `_meta`: left to the MCP server, as every call was before | %.2f ms | %.2f ms | %.0f |

        - Added by MCP: p50 **%+.2f ms** (goal ≤ 0.3 ms, issue 34), p99 %+.2f ms; %d of %d calls answered non-2xx.
        - A plain call, which the gateway answers without the MCP server's per-message machinery
          (mcp/PlainToolCalls), against the same call left to the server, measured right after it: %.2f× the
          requests/s, p50 %+.2f ms; %d of %d of those calls answered non-2xx.
        """, rest.p50Millis(), rest.p99Millis(), rest.requestsPerSecond(), tool.p50Millis(), tool.p99Millis(),
        tool.requestsPerSecond(), served.p50Millis(), served.p99Millis(), served.requestsPerSecond(),
        tool.p50Millis() - rest.p50Millis(), tool.p99Millis() - rest.p99Millis(), tool.non2xx(), tool.requests(),
        tool.requestsPerSecond() / served.requestsPerSecond(), tool.p50Millis() - served.p50Millis(), served.non2xx(),
        served.requests());
  }

  /** Proxies the stand-in's {@code /q/openapi} to the suite's clone-service; 503 until it is known. */
  static void serveDocument(Vertx vertx, HttpServerRequest request, URI document) {
    if (document == null) {
      request.response().setStatusCode(503).end();
      return;
    }
    vertx.createHttpClient().request(HttpMethod.GET, document.getPort(), document.getHost(),
            document.getRawPath() + "?" + document.getRawQuery())
        .compose(outgoing -> outgoing.send())
        .compose(response -> response.body().map(body -> {
          request.response().setStatusCode(response.statusCode()).putHeader("Content-Type", "application/json")
              .end(body);
          return null;
        }))
        .onFailure(failure -> request.response().setStatusCode(503).end());
  }

  private static String toolName(URI gateway, String method, String path) throws Exception {
    var document = BenchSupport.JSON.readTree(BenchSupport.HTTP.send(HttpRequest.newBuilder(
        gateway.resolve("/v1/openapi.json")).build(), HttpResponse.BodyHandlers.ofString()).body());
    var name = document.path("paths").path(path).path(method).path("operationId").asText("");
    if (name.isEmpty()) {
      throw new IllegalStateException(method + " " + path + " has no operationId in /v1/openapi.json, so no tool");
    }
    return name;
  }

  private static String initialize(URI gateway, String key) throws Exception {
    var response = post(gateway, key, null, "{\"jsonrpc\":\"2.0\",\"id\":\"init\",\"method\":\"initialize\","
        + "\"params\":{\"protocolVersion\":\"" + PROTOCOL + "\",\"capabilities\":{},"
        + "\"clientInfo\":{\"name\":\"bench\",\"version\":\"1\"}}}");
    var session = response.headers().firstValue("Mcp-Session-Id")
        .orElseThrow(() -> new IllegalStateException("initialize gave no Mcp-Session-Id: " + response.body()));
    post(gateway, key, session, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");
    return session;
  }

  private static String call(String id, String tool, String meta) {
    return "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"tools/call\",\"params\":{\"name\":\"" + tool
        + "\",\"arguments\":{}" + meta + "}}";
  }

  private static HttpResponse<String> post(URI gateway, String key, String session, String body) throws Exception {
    var builder = HttpRequest.newBuilder(gateway.resolve(ENDPOINT)).header("Authorization", "Bearer " + key)
        .header("Content-Type", "application/json").header("Accept", "application/json, text/event-stream")
        .header("MCP-Protocol-Version", PROTOCOL).POST(HttpRequest.BodyPublishers.ofString(body));
    if (session != null) {
      builder.header("Mcp-Session-Id", session);
    }
    return BenchSupport.HTTP.send(builder.build(), HttpResponse.BodyHandlers.ofString());
  }
}

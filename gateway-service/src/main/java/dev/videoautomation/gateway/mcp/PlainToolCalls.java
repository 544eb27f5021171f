package dev.videoautomation.gateway.mcp;

import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

import jakarta.enterprise.context.ApplicationScoped;

import org.eclipse.microprofile.config.Config;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.quarkiverse.mcp.server.McpConnection;
import io.quarkiverse.mcp.server.McpServer;
import io.quarkiverse.mcp.server.RequestId;
import io.quarkiverse.mcp.server.ToolResponse;
import io.quarkiverse.mcp.server.runtime.ConnectionManager;
import io.quarkiverse.mcp.server.runtime.Messages;
import io.quarkus.logging.Log;
import io.vertx.core.AsyncResult;
import io.vertx.core.Future;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.json.DecodeException;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.RoutingContext;

/**
 * Answers a plain {@code tools/call} of an operation's tool on an open session itself, on the request's event loop,
 * rather than through the MCP server (issue 34): the server gives every message a Vert.x context of its own, a CDI
 * request scope, a second JSON parse, a span and a meter built per call, which cost MCP several times a REST call's
 * gateway time. The answer is the server's, byte for byte: the same {@link ToolCalls#answer}, the same JSON-RPC
 * result ({@link Messages#newResult}), the same {@code application/json} answer, and the same timer
 * ({@code mcp.server.requests.tools.call}, tagged {@code mcp.server}, {@code failure} and {@code tool.name}).
 *
 * <p>Plain means: one JSON-RPC request (not a batch, not an answer) of {@code tools/call} without {@code _meta} (so
 * no progress token), naming an operation's tool the session may see ({@link KeylessTools}, {@link ToolsetFilter}),
 * on a session the server has in operation, with no argument that is null, and no {@code Origin} the server's
 * DNS-rebinding check would refuse. Anything else (initialize, the toolset tools, progress, a tool that is not
 * there, an unknown session) goes on to the server, which answers it as before. So does every call while the server
 * would do more or otherwise for it: with traffic logging on, with SSE opened eagerly ({@code lazy-sse-init=false}),
 * or with the OpenTelemetry SDK on (a collector named), where the call's spans belong under the server's.
 */
@ApplicationScoped
class PlainToolCalls {
  static final String TIMER = "mcp.server.requests.tools.call";
  /** How many calls were answered here, for operators (docs/operations.md): the rest went through the server. */
  static final String ANSWERED_HERE = "vas.mcp.plain.calls";
  /** The JSON-RPC error the server answers when a tool fails inside (Sender.sendInternalError). */
  private static final int INTERNAL_ERROR = -32_603;
  /** The hosts the server's DNS-rebinding check takes for local, as listening hosts and in an {@code Origin}. */
  private static final Set<String> LOCAL_HOSTS = Set.of("localhost", "127.0.0.1", "[::1]", "::1");

  private final McpTools tools;
  private final ToolCalls calls;
  private final KeylessTools keyless;
  private final ToolsetFilter toolsets;
  private final ConnectionManager connections;
  private final MeterRegistry registry;
  private final boolean serverDoesMore;
  /** Whether the server refuses an {@code Origin} that is not local (HttpMcpServerRecorder's DNS-rebinding check). */
  private final boolean checksOrigin;
  private final Counter answeredHere;
  /** The timer of each tool's answered calls, resolved once per tool rather than built per call. */
  private final Map<String, Timer> timers = new ConcurrentHashMap<>();

  PlainToolCalls(McpTools tools, ToolCalls calls, KeylessTools keyless, ToolsetFilter toolsets,
      ConnectionManager connections, MeterRegistry registry, Config config) {
    this.tools = tools;
    this.calls = calls;
    this.keyless = keyless;
    this.toolsets = toolsets;
    this.connections = connections;
    this.registry = registry;
    this.answeredHere = Counter.builder(ANSWERED_HERE).description("MCP tools/call answered by the gateway "
        + "without the MCP server's per-message machinery").register(registry);
    this.serverDoesMore = setting(config, "quarkus.mcp.server.traffic-logging.enabled", false)
        || !setting(config, "quarkus.mcp.server.http.streamable.lazy-sse-init", true)
        || !setting(config, "quarkus.otel.sdk.disabled", false);
    this.checksOrigin = setting(config, "quarkus.mcp.server.http.dns-rebinding-check.enabled", true)
        && config.getOptionalValue("quarkus.http.host", String.class).map(LOCAL_HOSTS::contains).orElse(true);
  }

  /**
   * Answers {@code body}, a message {@link JsonRpcMessages} accepted, when it is a plain {@code tools/call}: true
   * when it is being answered here, false to leave it to the MCP server.
   */
  boolean answer(RoutingContext rc, Buffer body) {
    var session = rc.request().getHeader(McpEndpoint.SESSION_HEADER);
    if (serverDoesMore || session == null || body == null || body.length() == 0 || body.getByte(0) != '{') {
      return false;
    }
    JsonObject message;
    try {
      message = new JsonObject(body);
    } catch (DecodeException e) {
      return false;
    }
    var id = message.getValue("id");
    var params = message.getValue("params") instanceof JsonObject object ? object : null;
    if (id == null || !Messages.isRequest(message) || !JsonRpcMessages.TOOLS_CALL.equals(message.getValue("method"))
        || params == null || params.containsKey("_meta") || !(params.getValue("name") instanceof String name)
        || checksOrigin && !localOrigin(rc.request().getHeader(HttpHeaders.ORIGIN))) {
      return false;
    }
    var registered = tools.registered(name);
    var args = arguments(params);
    if (registered == null || args == null || !keyless.visible(name, rc.request())
        || !toolsets.visible(registered.tool(), rc.request().getParam(ToolsetChoice.PARAMETER), session)) {
      return false;
    }
    // Asked last: it also marks the session used, as the server does for every message.
    var connection = connections.get(session);
    if (connection == null || connection.status() != McpConnection.Status.IN_OPERATION) {
      return false;
    }
    var start = System.nanoTime();
    answeredHere.increment();
    Future<ToolResponse> answered;
    try {
      answered = calls.answer(registered.tool(), registered.checks(), args, new RequestId(id), null, rc);
    } catch (RuntimeException e) {
      answered = Future.failedFuture(e);
    }
    answered.onComplete(result -> {
      try {
        send(rc, name, id, result, start);
      } catch (RuntimeException e) {
        // As the server does when its answer cannot be written: a bare 500, never a caller left waiting.
        Log.errorf(e, "Unable to answer the call of tool %s", name);
        if (!rc.response().ended() && !rc.response().closed()) {
          rc.response().setStatusCode(500).end();
        }
      }
    });
    return true;
  }

  /** The JSON-RPC answer of a call: its result, or the server's internal error for a call that failed inside. */
  private void send(RoutingContext rc, String name, Object id, AsyncResult<ToolResponse> result, long start) {
    var answer = result.succeeded() ? Messages.newResult(id, result.result())
        : Messages.newError(id, INTERNAL_ERROR, "Internal error");
    if (result.failed()) {
      Log.errorf(result.cause(), "Unable to call tool %s", name);
    }
    timer(name, result.failed() ? failure(result.cause()) : null)
        .record(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start), TimeUnit.MILLISECONDS);
    if (!rc.response().ended() && !rc.response().closed()) {
      rc.response().putHeader(HttpHeaders.CONTENT_TYPE, "application/json").end(answer.toBuffer());
    }
  }

  private static boolean localOrigin(String origin) {
    if (origin == null) {
      return true;
    }
    for (var host : LOCAL_HOSTS) {
      if (origin.startsWith("http://" + host) || origin.startsWith("https://" + host)) {
        return true;
      }
    }
    return false;
  }

  private static boolean setting(Config config, String name, boolean otherwise) {
    return config.getOptionalValue(name, Boolean.class).orElse(otherwise);
  }

  /**
   * The call's arguments as the MCP server hands them to a tool: the object's members, none when absent; null when
   * it is not an object or a member is null (the server's copy refuses nulls), which leaves the call to the server.
   */
  private static Map<String, Object> arguments(JsonObject params) {
    var value = params.getValue("arguments");
    if (value == null) {
      return params.containsKey("arguments") ? null : Map.of();
    }
    if (!(value instanceof JsonObject object) || object.getMap().containsValue(null)) {
      return null;
    }
    return Map.copyOf(object.getMap());
  }

  private Timer timer(String tool, String failure) {
    if (failure == null) {
      return timers.computeIfAbsent(tool, name -> timer(name, "none", registry));
    }
    return timer(tool, failure, registry);
  }

  private static Timer timer(String tool, String failure, MeterRegistry registry) {
    return Timer.builder(TIMER).tags("mcp.server", McpServer.DEFAULT, "failure", failure, "tool.name", tool)
        .register(registry);
  }

  /** The failure tag the server gives (MicrometerMcpMetrics): the cause's class, or its own when it has none. */
  private static String failure(Throwable failure) {
    return (failure.getCause() == null ? failure : failure.getCause()).getClass().getSimpleName();
  }
}

package dev.videoautomation.gateway.mcp;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

import io.quarkiverse.mcp.server.runtime.McpMessageHandler;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpMethod;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import io.vertx.ext.web.handler.BodyHandler;

import dev.videoautomation.gateway.admission.Admitted;
import dev.videoautomation.gateway.config.GatewayConfig;
import dev.videoautomation.gateway.sizes.RefusedBodies;
import dev.videoautomation.platform.errors.ApiError;
import dev.videoautomation.platform.errors.ErrorCode;

/**
 * What {@code /mcp} checks after the gateway's request path (sizes, route, the key) and before the MCP server: that
 * the URL's {@code toolsets} names only toolsets ({@link ToolsetChoice}; else 400 naming {@code toolsets}), that
 * the session named by {@code Mcp-Session-Id} exists and belongs to the caller's client ({@link McpSessions}), and
 * that a {@code POST}'s body is a JSON-RPC message the server can take ({@link JsonRpcMessages}). A plain
 * {@code tools/call} is then answered here ({@link PlainToolCalls}), anything else by the server. Refusals are answered
 * here with the JSON-RPC error ({@link JsonRpcErrors}): 404 for a session that is not there or not the caller's
 * (the same answer, so an id reveals nothing), 400 for a body that is not a message.
 */
@ApplicationScoped
class McpEndpoint {
  static final String PATH = "/mcp";
  static final String SESSION_HEADER = "Mcp-Session-Id";
  static final String PROTOCOL_VERSION_HEADER = "Mcp-Protocol-Version";
  private static final String NO_SESSION = "No MCP session with this Mcp-Session-Id is open for this caller: it "
      + "ended, it belongs to another client, or it was opened on another gateway replica. Send initialize without "
      + "Mcp-Session-Id to start a new session.";
  /** Where a {@code tools/call} finds the first key its arguments repeat, by request id. */
  static final String REPEATED_ARGUMENTS = "vas.mcp.repeated-arguments";
  /**
   * After every filter (Quarkus orders a filter of priority p at -p; the gateway's request path, ForwardingFilter,
   * has 1000) and before the MCP server's own route, which Vert.x numbers from 0 as routes are added.
   */
  static final int ORDER = -10;

  private final McpSessions sessions;
  private final PlainToolCalls plainCalls;
  private final long maxBodyBytes;

  McpEndpoint(McpSessions sessions, PlainToolCalls plainCalls, GatewayConfig config) {
    this.sessions = sessions;
    this.plainCalls = plainCalls;
    this.maxBodyBytes = config.maxBodyBytes();
  }

  void register(@Observes Router router) {
    router.route(PATH).order(ORDER).handler(this::session).failureHandler(this::failed);
    // The MCP server's route reads the body with Quarkus' body handler, which takes a body read here as read.
    router.post(PATH).order(ORDER + 1)
        .handler(BodyHandler.create(false).setBodyLimit(maxBodyBytes))
        .handler(this::message);
  }

  private void session(RoutingContext rc) {
    try {
      ToolsetChoice.parse(rc.request().getParam(ToolsetChoice.PARAMETER));
    } catch (ToolsetChoice.UnknownToolset e) {
      JsonRpcErrors.refuse(rc, ToolsetChoice.PARAMETER, e.getMessage());
      return;
    }
    Admitted admitted = rc.get(Admitted.CONTEXT_KEY);
    var clientId = admitted == null ? null : admitted.clientId();
    var session = rc.request().getHeader(SESSION_HEADER);
    var method = rc.request().method();
    if (session == null) {
      if (clientId != null && method == HttpMethod.POST) {
        // An initialize: the server names the new session in its answer's header.
        rc.addHeadersEndHandler(ignored -> {
          var opened = rc.response().headers().get(SESSION_HEADER);
          if (opened != null) {
            sessions.opened(opened, clientId);
          }
        });
      }
      rc.next();
      return;
    }
    if (!sessions.admits(session, clientId)) {
      JsonRpcErrors.send(rc, ErrorCode.NOT_FOUND, JsonRpcErrors.SESSION_NOT_FOUND, NO_SESSION, null);
      return;
    }
    if (method == HttpMethod.DELETE) {
      rc.addHeadersEndHandler(ignored -> {
        if (rc.response().getStatusCode() < 300) {
          sessions.ended(session);
        }
      });
    }
    rc.next();
  }

  private void message(RoutingContext rc) {
    var request = rc.request();
    var accept = String.join(",", request.headers().getAll(HttpHeaders.ACCEPT));
    if (!accept.contains("application/json") || !accept.contains("text/event-stream")) {
      JsonRpcErrors.send(rc, ErrorCode.INVALID_REQUEST, JsonRpcMessages.INVALID_REQUEST, "Send Accept: "
          + "application/json, text/event-stream; MCP's Streamable HTTP answers with either.", null);
      return;
    }
    var version = request.getHeader(PROTOCOL_VERSION_HEADER);
    if (version != null && !McpMessageHandler.SUPPORTED_PROTOCOL_VERSIONS.contains(version)) {
      JsonRpcErrors.send(rc, ErrorCode.INVALID_REQUEST, JsonRpcMessages.INVALID_REQUEST, "This server speaks MCP "
          + String.join(", ", McpMessageHandler.SUPPORTED_PROTOCOL_VERSIONS) + "; Mcp-Protocol-Version names "
          + "another.", null);
      return;
    }
    var body = rc.body().buffer();
    switch (JsonRpcMessages.check(body == null ? new byte[0] : body.getBytes())) {
      case JsonRpcMessages.Refused refused -> JsonRpcErrors.send(rc, ErrorCode.INVALID_REQUEST, refused.code(),
          refused.message(), refused.id());
      case JsonRpcMessages.Accepted accepted -> {
        if (!accepted.repeatedArguments().isEmpty()) {
          rc.put(REPEATED_ARGUMENTS, accepted.repeatedArguments());
        }
        if (!plainCalls.answer(rc, body)) {
          rc.next();
        }
      }
    }
  }

  /**
   * A refusal of the body handler or of the MCP server, which end the answer bare: given the JSON-RPC error body.
   * Failures of the server itself (5xx, an exception) go on to Quarkus' handler, which logs them.
   */
  private void failed(RoutingContext rc) {
    var status = rc.statusCode();
    if (status == ErrorCode.PAYLOAD_TOO_LARGE.status()) {
      RefusedBodies.answer(rc, ApiError.of(ErrorCode.PAYLOAD_TOO_LARGE, "An MCP message may be at most "
          + maxBodyBytes + " bytes.").with("limit", maxBodyBytes));
      return;
    }
    if (status < 400 || status >= 500 || rc.response().ended()) {
      rc.next();
      return;
    }
    var code = ErrorCode.forStatus(status);
    var message = switch (status) {
      case 404 -> NO_SESSION;
      case 405 -> rc.request().method() == HttpMethod.GET ? "GET /mcp opens the event stream of a session: send "
          + "the Mcp-Session-Id its initialize answered." : rc.request().method() + " is not allowed on /mcp.";
      default -> "The MCP server refused this request (HTTP " + status + ").";
    };
    JsonRpcErrors.send(rc, status, code, status == 404 ? JsonRpcErrors.SESSION_NOT_FOUND
        : JsonRpcMessages.INVALID_REQUEST, message, null);
  }
}

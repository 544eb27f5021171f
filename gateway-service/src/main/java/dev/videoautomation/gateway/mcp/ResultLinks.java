package dev.videoautomation.gateway.mcp;

import java.nio.charset.StandardCharsets;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

import io.quarkiverse.mcp.server.JsonRpcErrorCodes;
import io.quarkiverse.mcp.server.McpException;
import io.quarkiverse.mcp.server.ResourceResponse;
import io.quarkiverse.mcp.server.ResourceTemplateManager;
import io.quarkiverse.mcp.server.TextResourceContents;
import io.quarkus.runtime.StartupEvent;
import io.smallrye.mutiny.Uni;
import io.vertx.core.Vertx;
import io.vertx.ext.web.RoutingContext;

import dev.videoautomation.gateway.admission.Admitted;

/**
 * The resource template {@code vas://results/{id}}: the whole answer of a truncated tool result, for its owner only.
 * An id that is not there, has expired, or belongs to another owner is the same JSON-RPC "resource not found"
 * ({@code -32002}), so an id tells nothing to anyone else.
 */
@ApplicationScoped
class ResultLinks {
  static final String TEMPLATE = StoredResults.URI_PREFIX + "{id}";
  static final String NOT_FOUND = "No such result: the id is unknown, it has expired (results are kept "
      + "10 minutes), or the result belongs to another client.";

  private final ResourceTemplateManager templates;
  private final StoredResults stored;
  private final McpRequest request;
  private final Vertx vertx;

  ResultLinks(ResourceTemplateManager templates, StoredResults stored, McpRequest request, Vertx vertx) {
    this.request = request;
    this.templates = templates;
    this.stored = stored;
    this.vertx = vertx;
  }

  void register(@Observes StartupEvent event) {
    templates.newResourceTemplate("result").setUriTemplate(TEMPLATE).setMimeType("application/json")
        .setDescription("The whole answer of a tool result that was over the result cap (its `resource` link), "
            + "readable by the client that made the call for 10 minutes.")
        .setAsyncHandler(arguments -> {
          var owner = owner();
          var id = arguments.args().get("id");
          var uri = arguments.requestUri().value();
          if (owner == null || id == null) {
            return Uni.createFrom().failure(new McpException(NOT_FOUND, JsonRpcErrorCodes.RESOURCE_NOT_FOUND));
          }
          return Uni.createFrom().completionStage(vertx.executeBlocking(() -> stored.find(id, owner), false)
              .toCompletionStage())
              .map(found -> found.map(body -> new ResourceResponse(new TextResourceContents(uri,
                  new String(body, StandardCharsets.UTF_8), "application/json")))
                  .orElseThrow(() -> new McpException(NOT_FOUND, JsonRpcErrorCodes.RESOURCE_NOT_FOUND)));
        })
        .register();
  }

  /**
   * Who the current MCP request speaks for: its key's client, or, for a request without a key, its session (a
   * keyless tool's result is the session's). Null when there is neither.
   */
  String owner() {
    return owner(request.current());
  }

  /** Whom the MCP request {@code context} speaks for, as {@link #owner()}; null for none (or no request). */
  static String owner(RoutingContext context) {
    if (context == null) {
      return null;
    }
    Admitted admitted = context.get(Admitted.CONTEXT_KEY);
    if (admitted != null && admitted.clientId() != null) {
      return "client:" + admitted.clientId();
    }
    var session = context.request().getHeader(McpEndpoint.SESSION_HEADER);
    return session == null ? null : "session:" + session;
  }
}

package dev.videoautomation.gateway.mcp;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.ContextNotActiveException;

import io.quarkus.vertx.http.runtime.CurrentVertxRequest;
import io.vertx.ext.web.RoutingContext;

/**
 * The {@code /mcp} HTTP request being served, for the tools, filters and resources the MCP server calls: it runs each
 * message on a new Vert.x context of its own and names the request only in CDI's request scope
 * ({@link CurrentVertxRequest}), so this is the one place that reads it there. Only MCP's own requests reach it;
 * a proxied REST request never does.
 */
@ApplicationScoped
class McpRequest {
  private final CurrentVertxRequest current;

  McpRequest(CurrentVertxRequest current) {
    this.current = current;
  }

  /** The {@code /mcp} request being served, or null outside one. */
  RoutingContext current() {
    try {
      return current.getCurrent();
    } catch (ContextNotActiveException notOnARequest) {
      return null;
    }
  }

  /** The value of the current request's query parameter {@code name}, or null (none, or no request). */
  String parameter(String name) {
    var request = current();
    return request == null ? null : request.request().getParam(name);
  }
}

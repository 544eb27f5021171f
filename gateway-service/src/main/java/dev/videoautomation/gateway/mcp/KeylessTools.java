package dev.videoautomation.gateway.mcp;

import jakarta.annotation.Priority;
import jakarta.inject.Singleton;

import io.quarkiverse.mcp.server.FilterContext;
import io.quarkiverse.mcp.server.ToolFilter;
import io.quarkiverse.mcp.server.ToolManager;
import io.vertx.core.http.HttpServerRequest;

/**
 * A session without a key sees, and may call, only the tools whose operation lets a caller without a key in
 * (registration, discovery, pricing, subscribe, ...) and the toolset tools. The key is read from the current MCP HTTP
 * request ({@link McpRequest}), the way the gateway reads it on REST (a key that is sent is checked by admission before
 * the request reaches MCP).
 */
@Singleton
@Priority(100)
public class KeylessTools implements ToolFilter {
  private final McpTools tools;
  private final McpRequest request;

  KeylessTools(McpTools tools, McpRequest request) {
    this.request = request;
    this.tools = tools;
  }

  @Override
  public boolean test(ToolManager.ToolInfo tool, FilterContext context) {
    var current = request.current();
    return visible(tool.name(), current == null ? null : current.request());
  }

  /** Whether the tool {@code name} is there for {@code request} (null: none known). */
  boolean visible(String name, HttpServerRequest request) {
    return request != null && hasKey(request) || tools.keyless(name) || ToolsetTools.NAMES.contains(name);
  }

  static boolean hasKey(HttpServerRequest request) {
    var authorization = request.getHeader("Authorization");
    var apiKey = request.getHeader("X-Api-Key");
    return authorization != null && !authorization.isBlank() || apiKey != null && !apiKey.isBlank();
  }
}

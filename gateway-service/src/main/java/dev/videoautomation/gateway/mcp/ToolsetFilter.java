package dev.videoautomation.gateway.mcp;

import jakarta.annotation.Priority;
import jakarta.inject.Singleton;

import io.quarkiverse.mcp.server.FilterContext;
import io.quarkiverse.mcp.server.ToolFilter;
import io.quarkiverse.mcp.server.ToolManager;

/**
 * A session lists, and may call, the tools of its toolsets ({@link ToolsetChoice}): those the MCP URL's
 * {@code toolsets} parameter chose, read from each request as {@link KeylessTools} reads the key, and those the
 * session enabled ({@link McpSessions}). The meta tools ({@link ToolsetTools}) are always there. A {@code toolsets}
 * naming no set never gets here: {@link McpEndpoint} refuses the request.
 */
@Singleton
@Priority(90)
public class ToolsetFilter implements ToolFilter {
  private final McpTools tools;
  private final McpSessions sessions;
  private final McpRequest request;

  ToolsetFilter(McpTools tools, McpSessions sessions, McpRequest request) {
    this.request = request;
    this.tools = tools;
    this.sessions = sessions;
  }

  @Override
  public boolean test(ToolManager.ToolInfo tool, FilterContext context) {
    var operation = tools.tool(tool.name());
    return operation == null
        || visible(operation, request.parameter(ToolsetChoice.PARAMETER), context.connection().id());
  }

  /** Whether {@code operation}'s tool is in the toolsets that the URL's {@code toolsets} and the session chose. */
  boolean visible(OperationTool operation, String toolsets, String session) {
    ToolsetChoice choice;
    try {
      choice = ToolsetChoice.parse(toolsets);
    } catch (ToolsetChoice.UnknownToolset e) {
      return false;
    }
    return choice.lists(operation, sessions.enabled(session));
  }
}

package dev.videoautomation.gateway.mcp;

import java.util.ArrayList;
import java.util.Collection;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

import io.quarkiverse.mcp.server.McpMethod;
import io.quarkiverse.mcp.server.TextContent;
import io.quarkiverse.mcp.server.ToolManager;
import io.quarkiverse.mcp.server.ToolResponse;
import io.quarkiverse.mcp.server.runtime.ConnectionManager;
import io.quarkus.runtime.StartupEvent;
import io.smallrye.mutiny.Uni;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;

import dev.videoautomation.platform.errors.ErrorCode;
import dev.videoautomation.platform.openapi.Toolset;

/**
 * The two tools beside the operations' (issue 33 §1): {@code listToolsets} (each set, its size, its purpose, whether
 * this session lists it) and {@code enableToolsets} (adds sets to this session, kept by {@link McpSessions}). Enabling
 * tells only the enabling session {@code notifications/tools/list_changed}, on its event stream ({@code GET /mcp}),
 * rather than every connection as the MCP server's own change notice does.
 */
@ApplicationScoped
class ToolsetTools {
  static final String LIST = "listToolsets";
  static final String ENABLE = "enableToolsets";
  static final Set<String> NAMES = Set.of(LIST, ENABLE);

  private final ToolManager manager;
  private final McpTools tools;
  private final McpSessions sessions;
  private final ConnectionManager connections;
  private final McpRequest request;

  ToolsetTools(ToolManager manager, McpTools tools, McpSessions sessions, ConnectionManager connections,
      McpRequest request) {
    this.request = request;
    this.manager = manager;
    this.tools = tools;
    this.sessions = sessions;
    this.connections = connections;
  }

  void register(@Observes StartupEvent event) {
    manager.newTool(LIST).setTitle("List toolsets")
        .setDescription("The toolsets: each set's name, its number of tools, what it is for, and whether this "
            + "session lists it. Add sets with " + ENABLE + ", or choose them on the MCP URL (?toolsets=scrape,media "
            + "or ?toolsets=all).")
        .setInputSchema(new JsonObject().put("type", "object").put("properties", new JsonObject()))
        .setAnnotations(new ToolManager.ToolAnnotations("List toolsets", true, false, true, false))
        .setAsyncHandler(arguments -> Uni.createFrom().item(answer(list(arguments.connection().id()))))
        .register();
    manager.newTool(ENABLE).setTitle("Enable toolsets")
        .setDescription("Adds toolsets to this session: their tools are listed from now on (the server sends "
            + "notifications/tools/list_changed). Names: " + ToolsetChoice.known() + ".")
        .setInputSchema(new JsonObject().put("type", "object").put("required", new JsonArray().add("toolsets"))
            .put("properties", new JsonObject().put("toolsets", new JsonObject().put("type", "array")
                .put("minItems", 1).put("items", new JsonObject().put("type", "string").put("enum", names())))))
        .setAnnotations(new ToolManager.ToolAnnotations("Enable toolsets", false, false, true, false))
        .setAsyncHandler(arguments -> Uni.createFrom().item(enable(arguments.connection().id(),
            arguments.args().get("toolsets"))))
        .register();
  }

  private JsonObject list(String session) {
    var choice = ToolsetChoice.parse(request.parameter(ToolsetChoice.PARAMETER));
    var enabled = sessions.enabled(session);
    var sets = new JsonArray();
    for (var set : Toolset.values()) {
      var members = tools.all().stream().filter(tool -> tool.toolset() == set).toList();
      sets.add(new JsonObject().put("name", set.id()).put("tools", members.size()).put("purpose", set.purpose())
          .put("listed", !members.isEmpty() && members.stream().allMatch(tool -> choice.lists(tool, enabled))));
    }
    return new JsonObject().put("toolsets", sets).put("default", "The start and jobs sets, "
        + OperationTool.STAGE_FROM_URL + " and the records' reads.");
  }

  private ToolResponse enable(String session, Object names) {
    var wanted = EnumSet.noneOf(Toolset.class);
    var all = false;
    if (!(names instanceof Collection<?> list) || list.isEmpty()) {
      return invalid("Field 'toolsets' must be a list of one or more toolset names: " + ToolsetChoice.known() + ".");
    }
    for (var name : list) {
      if (ToolsetChoice.ALL.equals(name)) {
        all = true;
        continue;
      }
      var set = name instanceof String id ? Toolset.byId(id) : Optional.<Toolset>empty();
      if (set.isEmpty()) {
        return invalid("Field 'toolsets' names '" + name + "', which is no toolset; name " + ToolsetChoice.known()
            + ".");
      }
      wanted.add(set.get());
    }
    if (all) {
      wanted = EnumSet.allOf(Toolset.class);
    }
    if (sessions.enable(session, wanted)) {
      var connection = connections.get(session);
      if (connection != null) {
        connection.send(new JsonObject().put("jsonrpc", "2.0")
            .put("method", McpMethod.NOTIFICATIONS_TOOLS_LIST_CHANGED.jsonRpcName()));
      }
    }
    var enabled = new JsonArray();
    sessions.enabled(session).forEach(set -> enabled.add(set.id()));
    return answer(new JsonObject().put("enabled", enabled));
  }

  private static List<String> names() {
    var names = new ArrayList<String>();
    for (var set : Toolset.values()) {
      names.add(set.id());
    }
    names.add(ToolsetChoice.ALL);
    return names;
  }

  private static ToolResponse answer(JsonObject body) {
    return new ToolResponse(false, List.of(new TextContent(body.encode())), body, null);
  }

  private static ToolResponse invalid(String message) {
    return ToolCalls.error(new JsonObject().put("error", ErrorCode.INVALID_REQUEST.code()).put("message", message)
        .put("field", "toolsets"));
  }
}

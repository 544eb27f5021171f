package dev.videoautomation.gateway.mcp;

import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

import com.fasterxml.jackson.databind.node.ObjectNode;

import io.quarkiverse.mcp.server.ToolManager;
import io.quarkus.logging.Log;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import io.quarkus.vertx.http.HttpServer;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;

import dev.videoautomation.gateway.config.GatewayConfig;
import dev.videoautomation.gateway.openapi.MergedOpenApi;

/**
 * The MCP tools, kept in step with the merged OpenAPI document: read at start and again every
 * {@code gateway.mcp.refresh-every} (every {@code retry-every} while the document is partial). A changed operation is
 * registered again and a new one added, each announced to open sessions by {@code notifications/tools/list_changed};
 * a tool whose operation left the document goes only when the document is whole, so a service that is down for a
 * moment never takes its tools away.
 */
@ApplicationScoped
public class McpTools {
  private static final Duration LISTENING_POLL = Duration.ofMillis(100);

  private final ToolManager manager;
  private final MergedOpenApi merged;
  private final ToolCalls calls;
  private final Vertx vertx;
  private final HttpServer server;
  private final GatewayConfig.Mcp config;
  private final Map<String, OperationTool> known = new ConcurrentHashMap<>();
  /**
   * The tools the MCP server has now, each with its argument checks (made once), for the calls the gateway answers
   * itself ({@link PlainToolCalls}): one entry, so a tool is never paired with another's checks, taken out before the
   * server drops the tool and put in after it has it.
   */
  private final Map<String, Registered> registered = new ConcurrentHashMap<>();
  /** The document each tool was last read from, for its whole definition ({@link OperationDocs}). */
  private final Map<String, ObjectNode> readFrom = new ConcurrentHashMap<>();
  private final CompletableFuture<Void> firstRead = new CompletableFuture<>();
  private volatile boolean stopped;

  McpTools(ToolManager manager, MergedOpenApi merged, ToolCalls calls, Vertx vertx, HttpServer server,
      GatewayConfig config) {
    this.manager = manager;
    this.merged = merged;
    this.calls = calls;
    this.vertx = vertx;
    this.server = server;
    this.config = config.mcp();
  }

  void start(@Observes StartupEvent event) {
    readLater(Duration.ZERO);
  }

  void stop(@Observes ShutdownEvent event) {
    stopped = true;
  }

  /** Completes once the document has been read once, whole or not. */
  CompletionStage<Void> firstRead() {
    return firstRead;
  }

  /** Whether a session without a key sees this tool. */
  boolean keyless(String name) {
    var tool = known.get(name);
    return tool != null && tool.keyless();
  }

  Set<String> names() {
    return Set.copyOf(known.keySet());
  }

  /** The tool of this name; null for one that is no operation's (the toolset tools). */
  OperationTool tool(String name) {
    return known.get(name);
  }

  /** An operation's tool as the MCP server has it now, with its argument checks. */
  record Registered(OperationTool tool, ArgumentChecks checks) {
  }

  /** {@code name}'s tool as the MCP server has it now; null for none (or one being replaced). */
  Registered registered(String name) {
    return registered.get(name);
  }

  /** The document {@code name}'s tool was last read from; null for no such tool. */
  ObjectNode documentOf(String name) {
    return readFrom.get(name);
  }

  /** Every operation's tool. */
  Collection<OperationTool> all() {
    return List.copyOf(known.values());
  }

  private void readLater(Duration delay) {
    if (stopped) {
      return;
    }
    if (server.getPort() <= 0) {
      // The merged document includes the gateway's own, read from its port, which is known once it listens.
      vertx.setTimer(LISTENING_POLL.toMillis(), id -> readLater(delay));
      return;
    }
    vertx.setTimer(Math.max(1, delay.toMillis()), id -> vertx.executeBlocking(() -> {
      var whole = false;
      try {
        whole = apply(merged.documentKeepingOnlyWhole());
      } catch (RuntimeException e) {
        Log.warnf("The MCP tools could not be read from the merged OpenAPI document: %s", e.toString());
      }
      firstRead.complete(null);
      readLater(whole ? config.refreshEvery() : config.retryEvery());
      return null;
    }, false));
  }

  /**
   * Brings the tools in line with {@code document}; answers whether it was whole (no {@code x-missing-services}),
   * in which case tools whose operations it lacks are removed.
   */
  synchronized boolean apply(ObjectNode document) {
    var tools = OperationTools.from(document);
    var whole = document.path("info").path("x-missing-services").isEmpty();
    for (var tool : tools) {
      readFrom.put(tool.name(), document);
      var previous = known.get(tool.name());
      if (tool.equals(previous)) {
        continue;
      }
      if (previous != null) {
        registered.remove(tool.name());
        manager.removeTool(tool.name());
      }
      register(tool);
      known.put(tool.name(), tool);
    }
    if (whole) {
      var wanted = OperationTools.names(tools);
      for (var name : List.copyOf(known.keySet())) {
        if (!wanted.contains(name)) {
          registered.remove(name);
          manager.removeTool(name);
          known.remove(name);
          readFrom.remove(name);
        }
      }
    }
    return whole;
  }

  private void register(OperationTool tool) {
    var argumentChecks = ArgumentChecks.of(tool);
    var definition = manager.newTool(tool.name())
        .setDescription(tool.description())
        .setInputSchema(new JsonObject(LeanSchemas.listed(tool.inputSchema()).toString()))
        // The title is the tool's own; the annotations would repeat it.
        .setAnnotations(new ToolManager.ToolAnnotations(null, tool.readOnly(), tool.destructive(),
            tool.idempotent(), tool.openWorld()))
        .setAsyncHandler(arguments -> calls.call(tool, argumentChecks, arguments));
    if (tool.title() != null) {
      definition.setTitle(tool.title());
    }
    if (tool.outputSchema() != null) {
      definition.setOutputSchema(new JsonObject(tool.outputSchema().toString()));
    }
    definition.register();
    registered.put(tool.name(), new Registered(tool, argumentChecks));
  }
}

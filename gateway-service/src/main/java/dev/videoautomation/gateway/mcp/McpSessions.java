package dev.videoautomation.gateway.mcp;

import java.time.Duration;
import java.util.Collection;
import java.util.EnumSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;

import io.quarkiverse.mcp.server.runtime.ConnectionManager;
import io.vertx.core.Vertx;

import dev.videoautomation.platform.openapi.Toolset;

/**
 * Which client each MCP session belongs to: the client of the first key sent on it (a session opened without a key
 * is bound when a key first appears). Bound to the client rather than the key, so rotation's new key, the claim's
 * key and a client's sub-keys keep the session. Sessions live in this replica's memory ({@link ConnectionManager},
 * the MCP server's own table, is asked whether one still exists), so with several replicas a session's requests need
 * affinity (docs/gateway-service.md). The toolsets a session enabled ({@code enableToolsets}, issue 33) are kept here
 * too, and forgotten with the session.
 */
@ApplicationScoped
class McpSessions {
  /** How often bindings of sessions the MCP server has dropped (idle, deleted) are forgotten. */
  static final Duration SWEEP_EVERY = Duration.ofMinutes(1);

  private final ConnectionManager connections;
  private final Vertx vertx;
  private final Map<String, String> clients = new ConcurrentHashMap<>();
  private final Map<String, Set<Toolset>> toolsets = new ConcurrentHashMap<>();
  private final long sweeper;

  McpSessions(ConnectionManager connections, Vertx vertx) {
    this.connections = connections;
    this.vertx = vertx;
    this.sweeper = vertx.setPeriodic(SWEEP_EVERY.toMillis(), id -> {
      clients.keySet().removeIf(session -> !connections.has(session));
      toolsets.keySet().removeIf(session -> !connections.has(session));
    });
  }

  @PreDestroy
  void stop() {
    vertx.cancelTimer(sweeper);
  }

  /**
   * Whether a request of {@code clientId} (null without a key) may use {@code session}: the session exists, and it
   * is unbound (then a key binds it to its client) or bound to this client.
   */
  boolean admits(String session, String clientId) {
    if (!connections.has(session)) {
      clients.remove(session);
      toolsets.remove(session);
      return false;
    }
    if (clientId == null) {
      return !clients.containsKey(session);
    }
    var owner = clients.putIfAbsent(session, clientId);
    return owner == null || owner.equals(clientId);
  }

  /** A session the MCP server just opened for a request with a key. */
  void opened(String session, String clientId) {
    clients.put(session, clientId);
  }

  /** A session ended by its client's {@code DELETE}. */
  void ended(String session) {
    clients.remove(session);
    toolsets.remove(session);
  }

  /** The toolsets {@code session} enabled; none for a session that enabled none or is not there. */
  Set<Toolset> enabled(String session) {
    var enabled = session == null ? null : toolsets.get(session);
    return enabled == null ? Set.of() : enabled;
  }

  /** Adds {@code sets} to those {@code session} enabled; answers whether one was new. */
  boolean enable(String session, Collection<Toolset> sets) {
    if (!connections.has(session)) {
      return false;
    }
    var added = new boolean[1];
    toolsets.compute(session, (ignored, before) -> {
      var after = before == null ? EnumSet.noneOf(Toolset.class) : EnumSet.copyOf(before);
      added[0] = after.addAll(sets);
      return Set.copyOf(after);
    });
    return added[0];
  }
}

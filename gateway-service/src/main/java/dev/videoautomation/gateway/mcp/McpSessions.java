package dev.videoautomation.gateway.mcp;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;

import io.quarkiverse.mcp.server.runtime.ConnectionManager;
import io.vertx.core.Vertx;

/**
 * Which client each MCP session belongs to: the client of the first key sent on it (a session opened without a key
 * is bound when a key first appears). Bound to the client rather than the key, so rotation's new key, the claim's
 * key and a client's sub-keys keep the session. Sessions live in this replica's memory ({@link ConnectionManager},
 * the MCP server's own table, is asked whether one still exists), so with several replicas a session's requests need
 * affinity (docs/gateway-service.md).
 */
@ApplicationScoped
class McpSessions {
  /** How often bindings of sessions the MCP server has dropped (idle, deleted) are forgotten. */
  static final Duration SWEEP_EVERY = Duration.ofMinutes(1);

  private final ConnectionManager connections;
  private final Vertx vertx;
  private final Map<String, String> clients = new ConcurrentHashMap<>();
  private final long sweeper;

  McpSessions(ConnectionManager connections, Vertx vertx) {
    this.connections = connections;
    this.vertx = vertx;
    this.sweeper = vertx.setPeriodic(SWEEP_EVERY.toMillis(), id -> clients.keySet().removeIf(
        session -> !connections.has(session)));
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
  }
}

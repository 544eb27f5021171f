package dev.videoautomation.gateway.events;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.BiConsumer;
import java.util.function.Consumer;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

import org.postgresql.PGConnection;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.quarkus.logging.Log;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;

import dev.videoautomation.gateway.config.GatewayConfig;

/**
 * Listens on {@code key_events} and {@code entitlement_events} (docs/internal-api.md §2) over one dedicated
 * connection outside the pool, polling every 250 ms, so a revoked key or ended subscription leaves every gateway's
 * cache within a second. On (re)connect it LISTENs first and then flushes the caches; while it is disconnected,
 * {@link #listening()} is false and the caches ask the owners on every request.
 */
@ApplicationScoped
public class ChangeEvents {
  static final List<String> CHANNELS = List.of("key_events", "entitlement_events");
  private static final int POLL_MILLIS = 250;
  private static final long RECONNECT_MILLIS = 1_000;

  private final String url;
  private final Optional<String> username;
  private final Optional<String> password;
  private final ObjectMapper json;
  private final List<BiConsumer<String, String>> keyListeners = new CopyOnWriteArrayList<>();
  private final List<Consumer<String>> entitlementListeners = new CopyOnWriteArrayList<>();
  private final List<Runnable> reconnectListeners = new CopyOnWriteArrayList<>();
  private volatile boolean listening;
  private volatile boolean stopped;
  private Thread thread;

  ChangeEvents(GatewayConfig.Database database, ObjectMapper json) {
    this.url = database.jdbcUrl();
    this.username = database.username();
    this.password = database.password();
    this.json = json;
  }

  /** {@code (keyId, clientId)}: evict that key, or every key of the client when keyId is null. */
  public void onKeyEvent(BiConsumer<String, String> listener) {
    keyListeners.add(listener);
  }

  /** {@code clientId}, or null for "plan data changed, flush everything". */
  public void onEntitlementEvent(Consumer<String> listener) {
    entitlementListeners.add(listener);
  }

  public void onReconnect(Runnable listener) {
    reconnectListeners.add(listener);
  }

  /** Whether change events are arriving, so that cached answers may be trusted. */
  public boolean listening() {
    return listening;
  }

  void start(@Observes StartupEvent event) {
    thread = Thread.ofPlatform().daemon().name("change-events").start(this::run);
  }

  void stop(@Observes ShutdownEvent event) {
    stopped = true;
    if (thread != null) {
      thread.interrupt();
    }
  }

  private void run() {
    while (!stopped) {
      try (var connection = DriverManager.getConnection(url, username.orElse(null), password.orElse(null))) {
        listen(connection);
      } catch (SQLException | RuntimeException e) {
        if (!stopped) {
          Log.warnf("Change events unavailable (%s); cached keys and entitlements are bypassed until they are back",
              e.getMessage());
        }
      } finally {
        listening = false;
      }
      sleep(RECONNECT_MILLIS);
    }
  }

  private void listen(Connection connection) throws SQLException {
    try (var statement = connection.createStatement()) {
      for (var channel : CHANNELS) {
        statement.execute("LISTEN " + channel);
      }
    }
    reconnectListeners.forEach(Runnable::run);
    listening = true;
    Log.debug("Listening for key and entitlement changes");
    var pg = connection.unwrap(PGConnection.class);
    while (!stopped) {
      var notifications = pg.getNotifications(POLL_MILLIS);
      if (notifications == null) {
        continue;
      }
      for (var notification : notifications) {
        dispatch(notification.getName(), notification.getParameter());
      }
    }
  }

  void dispatch(String channel, String payload) {
    JsonNode event;
    try {
      event = json.readTree(payload);
    } catch (Exception e) {
      Log.warnf("Ignored a malformed %s payload", channel);
      return;
    }
    var clientId = text(event, "clientId");
    if ("key_events".equals(channel)) {
      var keyId = text(event, "keyId");
      keyListeners.forEach(listener -> listener.accept(keyId, clientId));
    } else if ("entitlement_events".equals(channel)) {
      entitlementListeners.forEach(listener -> listener.accept(clientId));
    }
  }

  private static String text(JsonNode event, String field) {
    var node = event.get(field);
    return node == null || node.isNull() ? null : node.asText();
  }

  private static void sleep(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}

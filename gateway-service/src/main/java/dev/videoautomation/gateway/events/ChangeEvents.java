package dev.videoautomation.gateway.events;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.BiConsumer;
import java.util.function.Consumer;

import jakarta.enterprise.event.Observes;
import jakarta.inject.Singleton;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.quarkus.logging.Log;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;

import dev.videoautomation.gateway.config.GatewayConfig;
import dev.videoautomation.platform.notify.PgListener;

/**
 * The gateway's change events (docs/internal-api.md §2) on platform's {@link PgListener}: {@code key_events} and
 * {@code entitlement_events} drop cached verifications and entitlements within a second, and {@code job_events} wake
 * the waits and streams that follow a job. On (re)connect the listener LISTENs first and then the reconnect callbacks
 * flush the caches (and re-read followed jobs); while it is disconnected, {@link #listening()} is false and the caches
 * ask the owners on every request.
 */
@Singleton
public class ChangeEvents {
  static final List<String> CHANNELS = List.of("key_events", "entitlement_events", "job_events");
  private static final Duration POLL = Duration.ofMillis(250);
  private static final Duration RECONNECT = Duration.ofSeconds(1);

  /** One {@code job_events} notification: the job, its client, its job status and event sequence. */
  public record JobChange(String jobId, String clientId, String status, long seq) {
  }

  private final ObjectMapper json;
  private final PgListener listener;
  private final List<BiConsumer<String, String>> keyListeners = new CopyOnWriteArrayList<>();
  private final List<Consumer<String>> entitlementListeners = new CopyOnWriteArrayList<>();
  private final List<Consumer<JobChange>> jobListeners = new CopyOnWriteArrayList<>();
  private final List<Runnable> reconnectListeners = new CopyOnWriteArrayList<>();

  ChangeEvents(GatewayConfig.Database database, ObjectMapper json) {
    this.json = json;
    this.listener = new PgListener("change-events", database.jdbcUrl(), database.username().orElse(null),
        database.password().orElse(null), POLL, RECONNECT);
    for (var channel : CHANNELS) {
      listener.on(channel, payload -> dispatch(channel, payload));
    }
    listener.onReconnect(() -> reconnectListeners.forEach(Runnable::run));
  }

  /** {@code (keyId, clientId)}: evict that key, or every key of the client when keyId is null. */
  public void onKeyEvent(BiConsumer<String, String> listener) {
    keyListeners.add(listener);
  }

  /** {@code clientId}, or null for "plan data changed, flush everything". */
  public void onEntitlementEvent(Consumer<String> listener) {
    entitlementListeners.add(listener);
  }

  /** Every {@code job_events} notification, on the listener's thread (return at once). */
  public void onJobEvent(Consumer<JobChange> listener) {
    jobListeners.add(listener);
  }

  public void onReconnect(Runnable listener) {
    reconnectListeners.add(listener);
  }

  /** Whether change events are arriving, so that cached answers may be trusted. */
  public boolean listening() {
    return listener.listening();
  }

  void start(@Observes StartupEvent event) {
    listener.start();
  }

  void stop(@Observes ShutdownEvent event) {
    listener.close();
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
    switch (channel) {
      case "key_events" -> {
        var keyId = text(event, "keyId");
        keyListeners.forEach(listener -> listener.accept(keyId, clientId));
      }
      case "entitlement_events" -> entitlementListeners.forEach(listener -> listener.accept(clientId));
      case "job_events" -> {
        var jobId = text(event, "jobId");
        if (jobId != null) {
          var change = new JobChange(jobId, clientId, text(event, "status"), event.path("seq").asLong(0));
          jobListeners.forEach(listener -> listener.accept(change));
        }
      }
      default -> {
      }
    }
  }

  private static String text(JsonNode event, String field) {
    var node = event.get(field);
    return node == null || node.isNull() ? null : node.asText();
  }
}

package dev.videoautomation.platform.events;

import java.time.Duration;

import javax.sql.DataSource;

import jakarta.enterprise.context.ApplicationScoped;

import com.fasterxml.jackson.databind.ObjectMapper;

import io.quarkus.arc.properties.IfBuildProperty;
import io.quarkus.logging.Log;
import io.quarkus.scheduler.Scheduled;

/**
 * Runs the {@link OutboxRelay} on every replica of a service that raises events. It exists only where the service
 * says so at build time ({@code platform.events.enabled=true}), so services that raise no events have no worker, no
 * table and no extra query. {@code platform.events.relay.every} (default 1s; {@code off} stops it, e.g. in a test)
 * paces it; relayed rows are deleted after {@code platform.events.keep} (default 24h).
 */
@ApplicationScoped
@IfBuildProperty(name = EventsSettings.ENABLED, stringValue = "true")
public class OutboxRelayWorker {
  private static final Duration PURGE_EVERY = Duration.ofMinutes(1);

  private final OutboxRelay relay;
  private final Duration keep;
  private long lastPurgeNanos = System.nanoTime() - PURGE_EVERY.toNanos();

  OutboxRelayWorker(DataSource dataSource, OutboxRelay.Sink sink, ObjectMapper json, EventsConfig config) {
    this.relay = new OutboxRelay(dataSource, config.table(), sink, json, config.relay().lease(),
        config.relay().retryAfter());
    this.keep = config.keep();
  }

  @Scheduled(identity = "outbox-relay", every = "${platform.events.relay.every:1s}", delayed = "2s",
      concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
  void relay() {
    try {
      relay.relayDue();
      if (System.nanoTime() - lastPurgeNanos >= PURGE_EVERY.toNanos()) {
        lastPurgeNanos = System.nanoTime();
        relay.purgeRelayed(keep);
      }
    } catch (RuntimeException e) {
      // The database is away: the rows wait, and the next round tries again.
      Log.warnf("The outbox relay could not run: %s", e.getMessage());
    }
  }
}

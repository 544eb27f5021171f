package dev.videoautomation.platform.events;

import java.time.Duration;
import java.util.Optional;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

/**
 * The settings of a service that raises events (read only where {@code platform.events.enabled=true} at build
 * time; docs/internal-api.md §3.17). {@code platform.events.relay.every} (default 1s, {@code off} stops the relay)
 * is read by the relay's schedule itself.
 */
@ConfigMapping(prefix = "platform.events")
public interface EventsConfig {
  /** The service's outbox, schema-qualified ({@code clone.outbox}); required where events are enabled. */
  Optional<String> outboxTable();

  /** The relay of the outbox to records. */
  Relay relay();

  /** How long relayed events stay as the jobs' event log (an event stream resumes from them). */
  @WithDefault("24h")
  Duration keep();

  interface Relay {
    /** How long a replica holds the rows it claimed before another may send them (it died meanwhile). */
    @WithDefault("30s")
    Duration lease();

    /** The pause before rows whose relay failed are tried again. */
    @WithDefault("5s")
    Duration retryAfter();
  }

  /** The outbox table, or a message that says what to set. */
  default String table() {
    return outboxTable().orElseThrow(() -> new IllegalStateException(
        "platform.events.enabled=true needs platform.events.outbox-table (e.g. clone.outbox)"));
  }
}

package dev.videoautomation.platform.events;

import java.time.Clock;

import javax.sql.DataSource;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;

import com.fasterxml.jackson.databind.ObjectMapper;

import io.quarkus.arc.properties.IfBuildProperty;

/**
 * The settings of a service that raises events, and the {@link Outbox} it injects. A service turns events on in its
 * application.properties (read at build time):
 * <pre>
 * platform.events.enabled=true
 * platform.events.outbox-table=clone.outbox
 * </pre>
 */
@ApplicationScoped
@IfBuildProperty(name = EventsSettings.ENABLED, stringValue = "true")
public class EventsSettings {
  static final String ENABLED = "platform.events.enabled";

  @Produces
  @Singleton
  Outbox outbox(DataSource dataSource, ObjectMapper json, Clock clock, EventsConfig config) {
    return Outbox.of(dataSource, config.table(), json, clock);
  }
}

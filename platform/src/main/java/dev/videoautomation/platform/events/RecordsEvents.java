package dev.videoautomation.platform.events;

import java.time.temporal.ChronoUnit;

import jakarta.enterprise.context.ApplicationScoped;

import org.eclipse.microprofile.faulttolerance.Timeout;
import org.eclipse.microprofile.rest.client.inject.RestClient;

import io.quarkus.arc.DefaultBean;

import dev.videoautomation.platform.calls.OwnerErrors;

/**
 * The relay's usual {@link OutboxRelay.Sink}: records' {@code POST /internal/events}, signed as this service (a
 * scheduled worker serves no client, so {@code InternalTokenHeadersFactory} mints the service subject). Not retried
 * here: the relay sends the same rows again on its next round. records-service, which relays its own outbox, replaces
 * this bean with a sink of its own.
 */
@ApplicationScoped
@DefaultBean
public class RecordsEvents implements OutboxRelay.Sink {
  static final String OWNER = "records service";
  private final RecordsEventsApi records;

  RecordsEvents(@RestClient RecordsEventsApi records) {
    this.records = records;
  }

  @Override
  @Timeout(value = 10, unit = ChronoUnit.SECONDS)
  public void deliver(RelayedEvents.Batch batch) {
    var answer = OwnerErrors.call(OWNER, () -> records.post(batch));
    if (answer == null || answer.accepted() != batch.events().size()) {
      throw new IllegalStateException("The " + OWNER + " accepted " + (answer == null ? "no" : answer.accepted())
          + " of " + batch.events().size() + " events");
    }
  }
}

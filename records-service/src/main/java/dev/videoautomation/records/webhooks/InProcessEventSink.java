package dev.videoautomation.records.webhooks;

import jakarta.enterprise.context.ApplicationScoped;

import dev.videoautomation.platform.events.OutboxRelay;
import dev.videoautomation.platform.events.RelayedEvents;

/**
 * Where records' own outbox relay hands its events: straight to the intake, in process, in place of platform's
 * {@code RecordsEvents} (which would POST them to records itself). Same checks, same once-per-id rule.
 */
@ApplicationScoped
public class InProcessEventSink implements OutboxRelay.Sink {
  private final EventIntake intake;

  public InProcessEventSink(EventIntake intake) {
    this.intake = intake;
  }

  @Override
  public void deliver(RelayedEvents.Batch batch) {
    intake.accept(batch.events());
  }
}

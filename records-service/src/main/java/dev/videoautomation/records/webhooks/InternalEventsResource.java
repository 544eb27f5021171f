package dev.videoautomation.records.webhooks;

import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

import org.eclipse.microprofile.openapi.annotations.Operation;

import io.smallrye.common.annotation.Blocking;

import dev.videoautomation.platform.errors.ApiException;
import dev.videoautomation.platform.errors.ErrorCode;
import dev.videoautomation.platform.events.RelayedEvents;
import dev.videoautomation.platform.token.CurrentCaller;

/** docs/internal-api.md §3.17: the outbox relays of the other services hand their events here; service subject. */
@Path("/internal/events")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
@Blocking
public class InternalEventsResource {
  private final EventIntake intake;
  private final CurrentCaller caller;

  public InternalEventsResource(EventIntake intake, CurrentCaller caller) {
    this.intake = intake;
    this.caller = caller;
  }

  @POST
  @Operation(hidden = true)
  public RelayedEvents.Accepted accept(RelayedEvents.Batch batch) {
    if (!caller.require().isService()) {
      throw new ApiException(ErrorCode.INSUFFICIENT_SCOPE, "Events are handed over by services only.");
    }
    if (batch == null) {
      throw ApiException.invalidField("events", "is required");
    }
    return new RelayedEvents.Accepted(intake.accept(batch.events()));
  }
}

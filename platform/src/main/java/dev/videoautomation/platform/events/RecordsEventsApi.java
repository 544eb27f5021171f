package dev.videoautomation.platform.events;

import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

import org.eclipse.microprofile.rest.client.annotation.RegisterClientHeaders;
import org.eclipse.microprofile.rest.client.inject.RegisterRestClient;

import dev.videoautomation.platform.token.InternalTokenHeadersFactory;

/** Records-service's event intake (docs/internal-api.md §3.17). Use {@link RecordsEvents}, not this. */
@RegisterRestClient(configKey = "records-client")
@RegisterClientHeaders(InternalTokenHeadersFactory.class)
@Path("/internal")
@Consumes(MediaType.APPLICATION_JSON)
@Produces(MediaType.APPLICATION_JSON)
public interface RecordsEventsApi {

  @POST
  @Path("events")
  RelayedEvents.Accepted post(RelayedEvents.Batch batch);
}

package dev.videoautomation.records.clients;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

import org.eclipse.microprofile.rest.client.annotation.RegisterClientHeaders;
import org.eclipse.microprofile.rest.client.inject.RegisterRestClient;

import dev.videoautomation.platform.token.InternalTokenHeadersFactory;

/** Clone-service's generated videos (docs/internal-api.md §3.11). Use {@link CloneCalls}. */
@RegisterRestClient(configKey = "clone-client")
@RegisterClientHeaders(InternalTokenHeadersFactory.class)
@Path("/internal/videos")
@Produces(MediaType.APPLICATION_JSON)
interface CloneApi {

  @GET
  @Path("{id}")
  GeneratedVideo find(@PathParam("id") String id);
}

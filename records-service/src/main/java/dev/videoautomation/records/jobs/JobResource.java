package dev.videoautomation.records.jobs;

import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.UriInfo;

import org.eclipse.microprofile.openapi.annotations.Operation;

import io.smallrye.common.annotation.Blocking;

import dev.videoautomation.platform.events.EventLog;
import dev.videoautomation.platform.lists.TagFilters;
import dev.videoautomation.platform.token.CurrentCaller;

/**
 * The internal job API of accounts and posts for the gateway's {@code /v1/jobs*} (docs/internal-api.md §3.13–3.16),
 * with a client subject; not in the public document.
 */
@Path("/internal/jobs")
@Produces(MediaType.APPLICATION_JSON)
@Blocking
public class JobResource {
  private final JobService jobs;
  private final CurrentCaller caller;

  public JobResource(JobService jobs, CurrentCaller caller) {
    this.jobs = jobs;
    this.caller = caller;
  }

  @GET
  @Operation(hidden = true)
  public JobService.Page list(@QueryParam("kind") String kind, @QueryParam("status") String status,
      @QueryParam("before") String before, @QueryParam("limit") String limit, @Context UriInfo uri) {
    return jobs.list(caller.requireClientId(), kind, status, before, limit,
        TagFilters.parse(uri.getQueryParameters()));
  }

  @GET
  @Path("{id}")
  @Operation(hidden = true)
  public JobView get(@PathParam("id") String id) {
    return jobs.find(caller.requireClientId(), id);
  }

  @GET
  @Path("{id}/events")
  @Operation(hidden = true)
  public EventLog events(@PathParam("id") String id, @QueryParam("after") String after) {
    return jobs.events(caller.requireClientId(), id, after);
  }

  /** The gateway sends no body; any sent is ignored. */
  @POST
  @Path("{id}/cancel")
  @Consumes(MediaType.WILDCARD)
  @Operation(hidden = true)
  public JobView cancel(@PathParam("id") String id) {
    return jobs.cancel(caller.requireClientId(), id);
  }
}

package dev.videoautomation.clone.jobs;

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

import dev.videoautomation.clone.tasks.JobView;
import dev.videoautomation.platform.errors.ApiException;
import dev.videoautomation.platform.events.EventLog;
import dev.videoautomation.platform.jobs.JobKind;
import dev.videoautomation.platform.jobs.JobStatus;
import dev.videoautomation.platform.token.CurrentCaller;

/**
 * docs/internal-api.md §3.13–3.16: clone's renders ({@code vid_}), image tasks ({@code img_}) and music
 * ({@code trk_}) as jobs, for the gateway's {@code /v1/jobs*}; client subject, another client's job is 404. Hidden
 * from the public document.
 */
@Path("/internal/jobs")
@Produces(MediaType.APPLICATION_JSON)
public class InternalJobsResource {
  private final JobsService jobs;
  private final CurrentCaller caller;

  public InternalJobsResource(JobsService jobs, CurrentCaller caller) {
    this.jobs = jobs;
    this.caller = caller;
  }

  @GET
  @Path("{id}")
  @Operation(hidden = true)
  public JobView get(@PathParam("id") String id) {
    return jobs.get(id, caller.requireClientId());
  }

  @GET
  @Operation(hidden = true)
  public JobsService.JobPage list(@QueryParam("kind") String kind, @QueryParam("status") String status,
      @QueryParam("before") String before, @QueryParam("limit") String limit, @Context UriInfo uri) {
    var tagged = uri.getQueryParameters().keySet().stream().anyMatch(k -> k.startsWith("tag.") || k.startsWith("tag["));
    return jobs.list(caller.requireClientId(), new JobsService.ListQuery(kind(kind), status(status),
        position(before), limit(limit), tagged));
  }

  @GET
  @Path("{id}/events")
  @Operation(hidden = true)
  public EventLog events(@PathParam("id") String id, @QueryParam("after") String after) {
    return jobs.events(id, caller.requireClientId(), after(after));
  }

  @POST
  @Path("{id}/cancel")
  @Operation(hidden = true)
  public JobView cancel(@PathParam("id") String id) {
    return jobs.cancel(id, caller.requireClientId());
  }

  private static JobKind kind(String value) {
    return value == null ? null : JobKind.fromWire(value).orElseThrow(() -> ApiException.invalidField("kind",
        "must be one of clone.video, image, music, account.verify, post.publish"));
  }

  private static JobStatus status(String value) {
    return value == null ? null : JobStatus.fromWire(value).orElseThrow(() -> ApiException.invalidField("status",
        "must be one of pending, running, succeeded, failed, canceled"));
  }

  private static JobsService.Position position(String value) {
    if (value == null) {
      return null;
    }
    var dot = value.indexOf('.');
    try {
      var at = Long.parseLong(value.substring(0, Math.max(dot, 0)));
      var id = value.substring(dot + 1);
      if (dot < 1 || at < 0 || id.isEmpty()) {
        throw new NumberFormatException();
      }
      return new JobsService.Position(at, id);
    } catch (NumberFormatException e) {
      throw ApiException.invalidField("before", "must be <createdAtMs>.<id>, the position of the last job seen");
    }
  }

  private static int limit(String value) {
    if (value == null) {
      return JobsService.DEFAULT_LIMIT;
    }
    try {
      var limit = Integer.parseInt(value);
      if (limit >= 1 && limit <= JobsService.MAX_LIMIT) {
        return limit;
      }
    } catch (NumberFormatException e) {
      // answered below
    }
    throw ApiException.invalidField("limit", "must be an integer from 1 to " + JobsService.MAX_LIMIT);
  }

  private static long after(String value) {
    if (value == null) {
      return 0;
    }
    try {
      var after = Long.parseLong(value);
      if (after >= 0) {
        return after;
      }
    } catch (NumberFormatException e) {
      // answered below
    }
    throw ApiException.invalidField("after", "must be an event sequence number (0 or more)");
  }
}

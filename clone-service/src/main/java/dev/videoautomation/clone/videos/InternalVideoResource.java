package dev.videoautomation.clone.videos;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.CacheControl;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

import org.eclipse.microprofile.openapi.annotations.Operation;

import dev.videoautomation.clone.tasks.Task;
import dev.videoautomation.clone.tasks.TaskService;
import dev.videoautomation.platform.errors.ApiException;
import dev.videoautomation.platform.token.CurrentCaller;

/** docs/internal-api.md §3.11: a generated video for records' publishing; service or owning client subject. */
@Path("/internal/videos")
@Produces(MediaType.APPLICATION_JSON)
public class InternalVideoResource {
  private final TaskService tasks;
  private final CurrentCaller caller;

  public InternalVideoResource(TaskService tasks, CurrentCaller caller) {
    this.tasks = tasks;
    this.caller = caller;
  }

  @GET
  @Path("{id}")
  @Operation(hidden = true)
  public Response get(@PathParam("id") String id) {
    CloneVideoResource.VIDEO.requireId(id);
    var who = caller.require();
    var task = tasks.find(id).filter(t -> "video".equals(t.kind))
        .filter(t -> who.isService() || t.clientId.equals(who.clientId()))
        .orElseThrow(() -> ApiException.notFound("Video " + id));
    var cache = new CacheControl();
    if (Task.SUCCEEDED.equals(task.status)) {
      cache.setMaxAge(86400);
    } else {
      cache.setNoStore(true);
    }
    return Response.ok(VideoDtos.InternalVideo.from(task)).cacheControl(cache).build();
  }
}

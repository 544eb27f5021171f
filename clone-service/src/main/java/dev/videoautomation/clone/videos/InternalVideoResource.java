package dev.videoautomation.clone.videos;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.CacheControl;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

import org.eclipse.microprofile.openapi.annotations.Operation;

import dev.videoautomation.platform.token.CurrentCaller;

/** docs/internal-api.md §3.11: a generated video for records' publishing; service or owning client subject. */
@Path("/internal/videos")
@Produces(MediaType.APPLICATION_JSON)
public class InternalVideoResource {
  private final VideoService videos;
  private final CurrentCaller caller;

  public InternalVideoResource(VideoService videos, CurrentCaller caller) {
    this.videos = videos;
    this.caller = caller;
  }

  @GET
  @Path("{id}")
  @Operation(hidden = true)
  public Response get(@PathParam("id") String id) {
    CloneVideoResource.VIDEO.requireId(id);
    var video = videos.internal(id, caller.require());
    var cache = new CacheControl();
    if (video.succeeded()) {
      cache.setMaxAge(86400);
    } else {
      cache.setNoStore(true);
    }
    return Response.ok(video).cacheControl(cache).build();
  }
}

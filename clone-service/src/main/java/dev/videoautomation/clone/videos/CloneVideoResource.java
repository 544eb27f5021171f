package dev.videoautomation.clone.videos;

import java.net.URI;

import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

import jakarta.validation.Valid;

import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.extensions.Extension;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

import dev.videoautomation.clone.common.CallerTasks;
import dev.videoautomation.clone.common.PageQuery;
import dev.videoautomation.clone.openapi.ApiDocs;
import dev.videoautomation.platform.ids.IdPrefix;
import dev.videoautomation.platform.openapi.SharedAnswers;
import dev.videoautomation.platform.token.CurrentCaller;

/** Clone renders; each operation's prose and examples are in META-INF/openapi.yaml. */
@Path("/v1/clones/video")
@Tag(name = ApiDocs.TAG_CLONE, description = ApiDocs.TAG_CLONE_TEXT)
@Produces(MediaType.APPLICATION_JSON)
public class CloneVideoResource {
  static final CallerTasks.Kind VIDEO = new CallerTasks.Kind("video", IdPrefix.VID, "must be a video id (vid_...)",
      "Clone video");
  private static final String VIDEO_ID = "The render's id (`vid_…`).";
  private final VideoService videos;
  private final CallerTasks tasks;
  private final CurrentCaller caller;

  public CloneVideoResource(VideoService videos, CallerTasks tasks, CurrentCaller caller) {
    this.videos = videos;
    this.tasks = tasks;
    this.caller = caller;
  }

  @POST
  @Consumes(MediaType.APPLICATION_JSON)
  @Operation(operationId = "createCloneVideo", summary = "Render a clone video (asynchronous)")
  @Extension(name = SharedAnswers.ANSWERS, value = ApiDocs.SOURCE_TASK)
  @APIResponse(responseCode = "202", description = "Queued", content = @Content(mediaType = MediaType.APPLICATION_JSON,
      schema = @Schema(implementation = VideoDtos.Started.class)))
  public Response start(@Valid VideoDtos.CloneVideoRequest request) {
    var started = videos.start(caller.requireClientId(), request);
    return Response.accepted(started).location(URI.create(started.pollUrl())).build();
  }

  @GET
  @Operation(operationId = "listCloneVideos", summary = "List clone renders")
  @Extension(name = SharedAnswers.ANSWERS, value = ApiDocs.LIST)
  @APIResponse(responseCode = "200", description = "One page of renders.")
  public VideoDtos.CloneVideoPage list(@BeanParam PageQuery query) {
    return tasks.page(VIDEO, query, VideoDtos.CloneVideo::from, VideoDtos.CloneVideoPage::new);
  }

  @GET
  @Path("{id}")
  @Operation(operationId = "getCloneVideo", summary = "Poll a clone render")
  @Extension(name = SharedAnswers.ANSWERS, value = ApiDocs.BY_ID)
  @APIResponse(responseCode = "200", description = "The render")
  public VideoDtos.CloneVideo get(@PathParam("id") @Parameter(description = VIDEO_ID, schema = @Schema(
      type = SchemaType.STRING, maxLength = ApiDocs.ID_MAX, pattern = ApiDocs.VIDEO_ID)) String id) {
    return tasks.owned(VIDEO, id, VideoDtos.CloneVideo::from);
  }

  @DELETE
  @Path("{id}")
  @Operation(operationId = "cancelCloneVideo", summary = "Cancel a clone render")
  @Extension(name = SharedAnswers.ANSWERS, value = ApiDocs.CANCEL)
  @APIResponse(responseCode = "200", description = "The render as it is now")
  public VideoDtos.CloneVideo cancel(@PathParam("id") @Parameter(description = VIDEO_ID, schema = @Schema(
      type = SchemaType.STRING, maxLength = ApiDocs.ID_MAX, pattern = ApiDocs.VIDEO_ID)) String id) {
    return tasks.cancel(VIDEO, id, VideoDtos.CloneVideo::from);
  }
}

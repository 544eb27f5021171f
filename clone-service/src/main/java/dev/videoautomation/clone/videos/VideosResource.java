package dev.videoautomation.clone.videos;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;

import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

import dev.videoautomation.clone.common.CallerTasks;
import dev.videoautomation.clone.docs.ApiDocs;
import dev.videoautomation.platform.lists.Page;

@Path("/v1/videos")
@Tag(name = ApiDocs.TAG_VIDEOS, description = ApiDocs.TAG_VIDEOS_TEXT)
@Produces(MediaType.APPLICATION_JSON)
public class VideosResource {
  private final CallerTasks tasks;

  public VideosResource(CallerTasks tasks) {
    this.tasks = tasks;
  }

  @GET
  @Operation(operationId = "listGeneratedVideos", summary = "List generated videos",
      description = "The caller's generated videos (today: clone renders, "
      + "`mode` `clone`) as the reference's list item: `videoId`, `prompt`, `model`, `mode`, `status` (`pending`, "
      + "`running`, `succeeded`, `failed`, `canceled`), `resultUrl`, `errorMessage`, `creditsCharged`, `createdAt`. "
      + "`{data, nextCursor}`, newest first; `limit` (1-200, default 50) and `cursor`.")
  @APIResponse(responseCode = "200", description = "One page of generated videos.", content = @Content(
      mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = VideoDtos.VideoItemPage.class)))
  @APIResponse(responseCode = "400", ref = ApiDocs.INVALID_QUERY)
  public Page<VideoDtos.VideoItem> list(@QueryParam("limit") @Parameter(ref = ApiDocs.LIMIT) String limit,
      @QueryParam("cursor") @Parameter(ref = ApiDocs.CURSOR) String cursor) {
    return tasks.page(CloneVideoResource.VIDEO, limit, cursor, VideoDtos.VideoItem::from);
  }
}

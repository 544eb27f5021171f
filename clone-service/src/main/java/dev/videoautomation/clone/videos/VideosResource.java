package dev.videoautomation.clone.videos;

import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.extensions.Extension;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

import dev.videoautomation.clone.common.CallerTasks;
import dev.videoautomation.clone.common.PageQuery;
import dev.videoautomation.clone.openapi.ApiDocs;
import dev.videoautomation.platform.openapi.SharedAnswers;

/** The caller's generated videos; the operation's prose is in META-INF/openapi.yaml. */
@Path("/v1/videos")
@Tag(name = ApiDocs.TAG_VIDEOS, description = ApiDocs.TAG_VIDEOS_TEXT)
@Produces(MediaType.APPLICATION_JSON)
public class VideosResource {
  private final CallerTasks tasks;

  public VideosResource(CallerTasks tasks) {
    this.tasks = tasks;
  }

  @GET
  @Operation(operationId = "listGeneratedVideos", summary = "List generated videos")
  @Extension(name = SharedAnswers.ANSWERS, value = ApiDocs.LIST)
  @APIResponse(responseCode = "200", description = "One page of generated videos.")
  public VideoDtos.VideoItemPage list(@BeanParam PageQuery query) {
    return tasks.page(CloneVideoResource.VIDEO, query, VideoDtos.VideoItem::from, VideoDtos.VideoItemPage::new);
  }
}

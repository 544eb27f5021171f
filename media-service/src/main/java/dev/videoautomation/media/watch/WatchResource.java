package dev.videoautomation.media.watch;

import jakarta.validation.Valid;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.extensions.Extension;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

import io.smallrye.common.annotation.Blocking;

import dev.videoautomation.media.watch.WatchDtos.WatchRequest;
import dev.videoautomation.media.watch.WatchDtos.WatchResponse;
import dev.videoautomation.platform.openapi.SharedAnswers;

@Path("/v1/watch")
@Tag(name = "Intelligence")
@Consumes(MediaType.APPLICATION_JSON)
@Produces(MediaType.APPLICATION_JSON)
@Blocking
public class WatchResource {
  private final Watcher watcher;

  public WatchResource(Watcher watcher) {
    this.watcher = watcher;
  }

  @POST
  @Operation(operationId = "watchVideo", summary = "AI watches a video with a freeform prompt")
  @Extension(name = SharedAnswers.ANSWERS, value = "400=InvalidMediaRequest,404=MediaSourceNotFound,413=MediaTooLarge,"
      + "415=UnsupportedBodyOrMedia,502=SourceOrProviderFailed,503=ToolsBusyOrNoProvider,504=SourceOrProviderTimeout")
  @RequestBody(required = true)
  @APIResponse(responseCode = "200", description = "The answer")
  @APIResponse(responseCode = "422")
  public WatchResponse watch(@Valid WatchRequest request) {
    return watcher.watch(request);
  }
}

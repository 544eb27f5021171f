package dev.videoautomation.media.overlay;

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

import dev.videoautomation.media.overlay.OverlayDtos.OverlayRequest;
import dev.videoautomation.media.overlay.OverlayDtos.OverlayResponse;
import dev.videoautomation.platform.openapi.SharedAnswers;

@Path("/v1/overlay")
@Tag(name = "Processing")
@Consumes(MediaType.APPLICATION_JSON)
@Produces(MediaType.APPLICATION_JSON)
@Blocking
public class OverlayResource {
  private final Overlays overlays;

  public OverlayResource(Overlays overlays) {
    this.overlays = overlays;
  }

  @POST
  @Operation(operationId = "overlayText", summary = "Burn text onto a video")
  @Extension(name = SharedAnswers.ANSWERS, value = "400=InvalidMediaRequest,404=MediaSourceNotFound,413=MediaTooLarge,"
      + "415=UnsupportedBodyOrMedia,502=SourceFailed,504=SourceTimeout")
  @RequestBody(required = true)
  @APIResponse(responseCode = "200", description = "The new video")
  @APIResponse(responseCode = "422")
  @APIResponse(responseCode = "503")
  public OverlayResponse overlay(@Valid OverlayRequest request) {
    return overlays.overlay(request);
  }
}

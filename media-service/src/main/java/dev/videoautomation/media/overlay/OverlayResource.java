package dev.videoautomation.media.overlay;

import jakarta.validation.Valid;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.extensions.Extension;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.ExampleObject;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

import io.smallrye.common.annotation.Blocking;

import dev.videoautomation.media.openapi.MediaErrorAnswers;
import dev.videoautomation.media.openapi.MediaTags;
import dev.videoautomation.media.overlay.OverlayDtos.OverlayRequest;
import dev.videoautomation.media.overlay.OverlayDtos.OverlayResponse;

@Path("/v1/overlay")
@Tag(name = MediaTags.PROCESSING, description = MediaTags.PROCESSING_TEXT)
@Consumes(MediaType.APPLICATION_JSON)
@Produces(MediaType.APPLICATION_JSON)
@Blocking
public class OverlayResource {
  private final Overlays overlays;

  public OverlayResource(Overlays overlays) {
    this.overlays = overlays;
  }

  @POST
  @Operation(operationId = "overlayText", summary = "Burn text onto a video",
      extensions = @Extension(name = MediaErrorAnswers.EXTENSION, value = MediaErrorAnswers.ON_MEDIA),
      description = "Draws `text` (required, up to 1000 characters; `\\n` starts a new line; any script the DejaVu "
          + "font covers) onto `videoUrl` (required: a CDN URL, an outside URL or a `med_` id). `position` is `top`, "
          + "`center`, `bottom` (default) or `x,y` in pixels; `fontSize` pixels (default 48, 6–500); "
          + "`strokeThickness` outline pixels (default 2, 0–50); `color` and `strokeColor` are `#RRGGBB`, `#RRGGBBAA` or "
          + "a colour name (white on black by default); `start`/`end` seconds limit when the text shows. The video is "
          + "re-encoded as H.264 MP4; the sound track is copied unchanged. The result is stored on the CDN.")
  @RequestBody(required = true, content = @Content(mediaType = MediaType.APPLICATION_JSON,
      examples = @ExampleObject(name = "caption", value = "{\"videoUrl\": \"med_4Yb2kQ9sT1vXw8\", \"text\": "
          + "\"Wait for it…\\nPart 2\", \"position\": \"top\", \"fontSize\": 64, \"strokeThickness\": 3, "
          + "\"color\": \"#FFFFFF\", \"strokeColor\": \"#000000\", \"start\": 0, \"end\": 4}")))
  @APIResponse(responseCode = "200", description = "The new video", content = @Content(
      mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = OverlayResponse.class),
      examples = @ExampleObject(name = "result", value = """
          {"id": "med_9Tr5Gm1XcV8sPq", "url": "https://api.example.com/cdn/m/med_9Tr5Gm1XcV8sPq/overlay.mp4", "contentType": "video/mp4",
           "sizeBytes": 9120455, "durationSeconds": 30.0, "width": 1280, "height": 720}""")))
  @APIResponse(responseCode = "503", description = "`service_unavailable`: every ffmpeg turn of this replica stayed "
      + "busy for MEDIA_TOOLS_QUEUE_TIMEOUT (retry after `retryAfter` seconds), the database is unavailable for a "
      + "moment, or the overlay font is not installed (`setup` says what to install).")
  public OverlayResponse overlay(@Valid OverlayRequest request) {
    return overlays.overlay(request);
  }
}

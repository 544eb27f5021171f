package dev.videoautomation.clone.images;

import java.net.URI;

import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

import jakarta.validation.Valid;

import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.extensions.Extension;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

import dev.videoautomation.clone.openapi.ApiDocs;
import dev.videoautomation.platform.openapi.SharedAnswers;
import dev.videoautomation.platform.token.CurrentCaller;

/** The clone workflow's character and starting frame; the operations' prose and examples: META-INF/openapi.yaml. */
@Path("/v1/clones")
@Tag(name = ApiDocs.TAG_CLONE, description = ApiDocs.TAG_CLONE_TEXT)
@Consumes(MediaType.APPLICATION_JSON)
@Produces(MediaType.APPLICATION_JSON)
public class CloneImageResource {
  private final ImageService images;
  private final CurrentCaller caller;

  public CloneImageResource(ImageService images, CurrentCaller caller) {
    this.images = images;
    this.caller = caller;
  }

  @POST
  @Path("character")
  @Operation(operationId = "generateCharacterImage", summary = "Generate a character image")
  @Extension(name = SharedAnswers.ANSWERS, value = ApiDocs.IMAGE_TASK)
  @APIResponse(responseCode = "200", description = "The image is ready", content = @Content(
      mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ImageDtos.CloneImage.class)))
  @APIResponse(responseCode = "202", description = "Still generating: poll `pollUrl`", content = @Content(
      mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ImageDtos.CloneImage.class)))
  public Response character(@Valid ImageDtos.CharacterRequest request) {
    return answer(images.character(caller.requireClientId(), request));
  }

  @POST
  @Path("frame")
  @Operation(operationId = "createStartingFrame", summary = "Make a starting frame")
  @Extension(name = SharedAnswers.ANSWERS, value = ApiDocs.SOURCE_TASK)
  @APIResponse(responseCode = "200", description = "The frame is ready", content = @Content(
      mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ImageDtos.CloneImage.class)))
  @APIResponse(responseCode = "202", description = "Still generating: poll `pollUrl`", content = @Content(
      mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ImageDtos.CloneImage.class)))
  public Response frame(@Valid ImageDtos.FrameRequest request) {
    return answer(images.frame(caller.requireClientId(), request));
  }

  /** 200 with the image when it was ready within the wait, else 202 pointing at the task to poll. */
  private static Response answer(ImageDtos.CloneImage image) {
    return image.pollUrl() == null ? Response.ok(image).build()
        : Response.accepted(image).location(URI.create(image.pollUrl())).build();
  }
}

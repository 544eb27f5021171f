package dev.videoautomation.clone.images;

import java.net.URI;

import jakarta.ws.rs.Consumes;
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
import dev.videoautomation.clone.openapi.ApiDocs;
import dev.videoautomation.platform.ids.IdPrefix;
import dev.videoautomation.platform.openapi.SharedAnswers;
import dev.videoautomation.platform.token.CurrentCaller;

/** Image tasks; each operation's prose and examples are in META-INF/openapi.yaml. */
@Path("/v1/images")
@Tag(name = ApiDocs.TAG_IMAGES, description = ApiDocs.TAG_IMAGES_TEXT)
@Produces(MediaType.APPLICATION_JSON)
public class ImageResource {
  static final CallerTasks.Kind IMAGE = new CallerTasks.Kind("image", IdPrefix.IMG,
      "must be an image task id (img_...)", "Image task");
  private final ImageService images;
  private final CallerTasks tasks;
  private final CurrentCaller caller;

  public ImageResource(ImageService images, CallerTasks tasks, CurrentCaller caller) {
    this.images = images;
    this.tasks = tasks;
    this.caller = caller;
  }

  @POST
  @Path("generate")
  @Consumes(MediaType.APPLICATION_JSON)
  @Operation(operationId = "generateImage", summary = "Start an image generation task")
  @Extension(name = SharedAnswers.ANSWERS, value = ApiDocs.IMAGE_TASK)
  @APIResponse(responseCode = "202", description = "Queued", content = @Content(mediaType = MediaType.APPLICATION_JSON,
      schema = @Schema(implementation = ImageDtos.Started.class)))
  public Response generate(@Valid ImageDtos.GenerateRequest request) {
    var started = images.generate(caller.requireClientId(), request);
    return Response.accepted(started).location(URI.create("/v1/images/" + started.id())).build();
  }

  @GET
  @Path("{id}")
  @Operation(operationId = "getImageTask", summary = "Poll an image task")
  @Extension(name = SharedAnswers.ANSWERS, value = ApiDocs.BY_ID)
  @APIResponse(responseCode = "200", description = "The task")
  public ImageDtos.ImageTask get(@PathParam("id") @Parameter(description = "The image task's id (`img_…`).",
      schema = @Schema(type = SchemaType.STRING, maxLength = ApiDocs.ID_MAX, pattern = ApiDocs.IMAGE_ID)) String id) {
    return tasks.owned(IMAGE, id, ImageDtos.ImageTask::from);
  }
}

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
import org.eclipse.microprofile.openapi.annotations.media.ExampleObject;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

import dev.videoautomation.clone.common.CallerTasks;
import dev.videoautomation.clone.docs.ApiDocs;
import dev.videoautomation.clone.docs.CloneErrorAnswers;
import dev.videoautomation.clone.sources.InputDocs;
import dev.videoautomation.platform.ids.IdPrefix;
import dev.videoautomation.platform.token.CurrentCaller;

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
  @Operation(operationId = "generateImage", summary = "Start an image generation task",
      extensions = @Extension(name = CloneErrorAnswers.EXTENSION, value = CloneErrorAnswers.MEDIA_TASK),
      description = "`prompt` (required, up to 4000 characters), `imageInput` (a reference image for style transfer: "
          + "a public http(s) URL, or your own image, below), `aspectRatio` (auto, 21:9, 16:9, 3:2, 4:3, 5:4, 1:1, 4:5, "
          + "3:4, 2:3, 9:16), `resolution` (1K, 2K, 4K; default 1K), `outputFormat` (png, jpg; default png). Any other "
          + "value or field is 400 naming the field. Credits (`image.generate` at the resolution) are charged before "
          + "the task is queued: 402 `insufficient_credits` queues nothing. Answers 202 with the task; poll "
          + "`GET /v1/images/{id}` until `succeeded` (the image is then stored in the CDN: `resultUrl`, `imageUrls`) "
          + "or `failed` (credits refunded). `model` is the provider model the task runs on: the text-to-image model, "
          + "or its image-edit model when `imageInput` is given. 503 `provider_not_configured` when no provider key "
          + "is set, once every field is right (bad input is 400 even then). " + InputDocs.OWN_IMAGE)
  @RequestBody(content = @Content(mediaType = MediaType.APPLICATION_JSON, examples = @ExampleObject(name = "generate",
      value = "{\"prompt\": \"A neon-lit ramen bar at night, cinematic\", \"aspectRatio\": \"9:16\", "
          + "\"resolution\": \"2K\", \"outputFormat\": \"png\"}")))
  @APIResponse(responseCode = "202", description = "Queued", content = @Content(mediaType = MediaType.APPLICATION_JSON,
      schema = @Schema(implementation = ImageDtos.Started.class), examples = @ExampleObject(name = "started", value =
      "{\"id\": \"img_4Yb2kQ9sT1vXw8aBcDeFgH\", \"status\": \"pending\", \"model\": \"fal-ai/nano-banana-pro\", "
          + "\"creditsCharged\": 6}")))
  public Response generate(@Valid ImageDtos.GenerateRequest request) {
    var task = images.generate(caller.requireClientId(), request);
    return Response.accepted(new ImageDtos.Started(task.id, task.status, task.model, task.creditsCharged))
        .location(URI.create("/v1/images/" + task.id)).build();
  }

  @GET
  @Path("{id}")
  @Operation(operationId = "getImageTask", summary = "Poll an image task",
      extensions = @Extension(name = CloneErrorAnswers.EXTENSION, value = CloneErrorAnswers.TASK_BY_ID),
      description = "Status `pending`, `running`, `succeeded` (with `resultUrl` and `imageUrls`: the images stored "
          + "in the suite's CDN) or `failed` (with `errorCode`, `errorMessage`; the credits were refunded). Character "
          + "and starting-frame generations (`purpose` `character`, `frame`) are polled here too. Another client's "
          + "task is 404.")
  @APIResponse(responseCode = "200", description = "The task", content = @Content(
      mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ImageDtos.ImageTask.class)))
  public ImageDtos.ImageTask get(@PathParam("id") @Parameter(description = "The image task's id (`img_…`).",
      schema = @Schema(type = SchemaType.STRING, maxLength = ApiDocs.ID_MAX, pattern = ApiDocs.IMAGE_ID)) String id) {
    return ImageDtos.ImageTask.from(tasks.owned(IMAGE, id));
  }
}

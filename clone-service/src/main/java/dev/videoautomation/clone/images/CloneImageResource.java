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
import org.eclipse.microprofile.openapi.annotations.media.ExampleObject;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

import dev.videoautomation.clone.config.CloneConfig;
import dev.videoautomation.clone.docs.ApiDocs;
import dev.videoautomation.clone.docs.CloneErrorAnswers;
import dev.videoautomation.clone.sources.InputDocs;
import dev.videoautomation.clone.tasks.Task;
import dev.videoautomation.clone.tasks.TaskService;
import dev.videoautomation.platform.errors.ApiError;
import dev.videoautomation.platform.errors.ApiException;
import dev.videoautomation.platform.errors.ErrorCode;
import dev.videoautomation.platform.token.CurrentCaller;

@Path("/v1/clones")
@Tag(name = ApiDocs.TAG_CLONE, description = ApiDocs.TAG_CLONE_TEXT)
@Consumes(MediaType.APPLICATION_JSON)
@Produces(MediaType.APPLICATION_JSON)
public class CloneImageResource {
  private static final String WAIT_NOTE = " It is an image task (`img_…`, charged `image.generate` at the configured "
      + "clone resolution, default 1K): when the image is ready within the wait (default 25 s) the answer is 200 with "
      + "`imageUrl` (stored in the suite's CDN); otherwise 202 with `id` and `pollUrl` (`GET /v1/images/{id}`). A "
      + "generation that fails within the wait answers the provider's typed error (502 `upstream_error`, "
      + "`provider_auth_failed`, `provider_credits_exhausted`, 504 `upstream_timeout`) with `taskId`; its credits "
      + "are refunded. 402 `insufficient_credits` starts nothing; 503 `provider_not_configured` when no provider is "
      + "set, but only for a request that is right in every field: bad input is 400 even then. Counts against the "
      + "shared daily `clone` limit (at the gateway).";

  private static final String STILL_GENERATING = "{\"id\": \"img_4Yb2kQ9sT1vXw8aBcDeFgH\", \"status\": "
      + "\"running\", \"model\": \"fal-ai/nano-banana-pro\", \"creditsCharged\": 4, \"pollUrl\": "
      + "\"/v1/images/img_4Yb2kQ9sT1vXw8aBcDeFgH\"}";

  private final ImageService images;
  private final TaskService tasks;
  private final CurrentCaller caller;
  private final CloneConfig config;

  public CloneImageResource(ImageService images, TaskService tasks, CurrentCaller caller, CloneConfig config) {
    this.images = images;
    this.tasks = tasks;
    this.caller = caller;
    this.config = config;
  }

  @POST
  @Path("character")
  @Operation(operationId = "generateCharacterImage", summary = "Generate a character image",
      extensions = @Extension(name = CloneErrorAnswers.EXTENSION, value = CloneErrorAnswers.MEDIA_TASK),
      description = "`prompt` (required) describes the character; "
      + "`referenceImageUrl` (a public http(s) URL, checked by the URL guard, or your own image, below) makes it an "
      + "edit of that image (image-edit model), otherwise text to image; "
      + "`aspectRatio` as for `/v1/images/generate`." + WAIT_NOTE + " " + InputDocs.OWN_IMAGE)
  @RequestBody(content = @Content(mediaType = MediaType.APPLICATION_JSON, examples = @ExampleObject(name = "character",
      value = "{\"prompt\": \"A friendly robot barista, full body, plain studio background\", \"aspectRatio\": \"9:16\"}")))
  @APIResponse(responseCode = "200", description = "The image is ready", content = @Content(
      mediaType = MediaType.APPLICATION_JSON,
      schema = @Schema(implementation = ImageDtos.CloneImage.class), examples = @ExampleObject(name = "ready", value =
      "{\"id\": \"img_4Yb2kQ9sT1vXw8aBcDeFgH\", \"status\": \"succeeded\", \"imageUrl\": "
          + "\"https://cdn.example/m/med_8Ks/character.png\", \"imageUrls\": [\"https://cdn.example/m/med_8Ks/character.png\"], "
          + "\"model\": \"fal-ai/nano-banana-pro\", \"creditsCharged\": 4}")))
  @APIResponse(responseCode = "202", description = "Still generating: poll `pollUrl`", content = @Content(
      mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ImageDtos.CloneImage.class),
      examples = @ExampleObject(name = "generating", value = STILL_GENERATING)))
  public Response character(@Valid ImageDtos.CharacterRequest request) {
    return answer(images.character(caller.requireClientId(), request));
  }

  @POST
  @Path("frame")
  @Operation(operationId = "createStartingFrame", summary = "Make a starting frame",
      extensions = @Extension(name = CloneErrorAnswers.EXTENSION, value = CloneErrorAnswers.MEDIA_TASK),
      description = "`videoUrl` (required) and `characterImageUrl` "
      + "(required: a public http(s) URL, or your own image, below). " + InputDocs.OWN_SOURCE + " Both are checked "
      + "before anything else happens. The source's first frame is "
      + "extracted with ffmpeg and stored (`frameUrl`), then an image-edit model puts the character into it, keeping "
      + "background, framing and pose; the frame goes to the provider like your own image." + WAIT_NOTE + " "
      + InputDocs.OWN_IMAGE)
  @RequestBody(content = @Content(mediaType = MediaType.APPLICATION_JSON, examples = @ExampleObject(name = "frame",
      value = "{\"videoUrl\": \"med_4Yb2kQ9sT1vXw8aBcDeFgH\", \"characterImageUrl\": "
          + "\"https://cdn.example/m/med_8Ks/character.png\"}")))
  @APIResponse(responseCode = "200", description = "The frame is ready", content = @Content(
      mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ImageDtos.CloneImage.class)))
  @APIResponse(responseCode = "202", description = "Still generating: poll `pollUrl`", content = @Content(
      mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ImageDtos.CloneImage.class),
      examples = @ExampleObject(name = "generating", value = STILL_GENERATING)))
  @APIResponse(responseCode = "422", ref = ApiDocs.UNPROCESSABLE)
  public Response frame(@Valid ImageDtos.FrameRequest request) {
    return answer(images.frame(caller.requireClientId(), request));
  }

  private Response answer(Task started) {
    var task = tasks.await(started.id, config.images().syncWait());
    var frameUrl = task.inputText("frameUrl");
    if (Task.SUCCEEDED.equals(task.status)) {
      return Response.ok(new ImageDtos.CloneImage(task.id, task.status, task.resultUrl, task.resultUrls, frameUrl,
          task.model, task.creditsCharged, null)).build();
    }
    if (!task.open()) {
      var code = task.errorCode == null ? null : ErrorCode.fromCode(task.errorCode);
      throw new ApiException(ApiError.of(code == null ? ErrorCode.UPSTREAM_ERROR : code,
          task.errorMessage == null ? "The image could not be generated." : task.errorMessage)
          .with("taskId", task.id));
    }
    var poll = "/v1/images/" + task.id;
    return Response.accepted(new ImageDtos.CloneImage(task.id, task.status, null, null, frameUrl, task.model,
        task.creditsCharged, poll)).location(URI.create(poll)).build();
  }
}

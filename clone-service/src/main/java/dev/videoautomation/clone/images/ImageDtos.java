package dev.videoautomation.clone.images;

import java.util.List;

import jakarta.validation.constraints.Size;

import org.eclipse.microprofile.openapi.annotations.media.Schema;

import com.fasterxml.jackson.annotation.JsonInclude;

import io.quarkus.runtime.annotations.RegisterForReflection;

import dev.videoautomation.clone.openapi.ApiDocs;
import dev.videoautomation.clone.tasks.Task;

/** Bodies of the image endpoints ({@code /v1/images/**}, {@code /v1/clones/character}, {@code /v1/clones/frame}). */
public final class ImageDtos {
  private ImageDtos() {
  }

  static final String ASPECT_RATIO = "The image's aspect ratio; the model's default when absent.";
  static final String IMAGE_ID = "The image task's id (`img_…`).";

  @RegisterForReflection
  @Schema(name = "ImageGenerateRequest", description = "What image to generate.")
  public record GenerateRequest(
      @Schema(required = true, maxLength = ImageService.MAX_PROMPT, description = "What the image shows.")
      String prompt,
      @Schema(maxLength = ApiDocs.URL_MAX, description = "A reference image for style transfer: a public http(s) URL, "
          + "or a `med_` id or CDN URL of your own image.")
      @Size(max = ApiDocs.URL_MAX, message = ApiDocs.URL_TOO_LONG) String imageInput,
      @Schema(enumeration = {"auto", "21:9", "16:9", "3:2", "4:3", "5:4", "1:1", "4:5", "3:4", "2:3", "9:16"},
          description = ASPECT_RATIO) String aspectRatio,
      @Schema(enumeration = {"1K", "2K", "4K"}, defaultValue = "1K") String resolution,
      @Schema(enumeration = {"png", "jpg"}, defaultValue = "png") String outputFormat,
      @Schema(ref = ApiDocs.WEBHOOK_URL_SCHEMA) @Size(max = ApiDocs.URL_MAX, message = ApiDocs.URL_TOO_LONG)
      String webhookUrl,
      @Schema(ref = ApiDocs.DEADLINE_SCHEMA) Integer deadlineSeconds) {
  }

  @RegisterForReflection
  @Schema(name = "CloneCharacterRequest", description = "The character to generate.")
  public record CharacterRequest(
      @Schema(required = true, maxLength = ImageService.MAX_PROMPT, description = "Describes the character.")
      String prompt,
      @Schema(maxLength = ApiDocs.URL_MAX, description = "An image to edit into the character: a public http(s) URL, "
          + "or your own image.") @Size(max = ApiDocs.URL_MAX, message = ApiDocs.URL_TOO_LONG) String referenceImageUrl,
      @Schema(enumeration = {"auto", "21:9", "16:9", "3:2", "4:3", "5:4", "1:1", "4:5", "3:4", "2:3", "9:16"},
          description = ASPECT_RATIO) String aspectRatio,
      @Schema(ref = ApiDocs.WEBHOOK_URL_SCHEMA) @Size(max = ApiDocs.URL_MAX, message = ApiDocs.URL_TOO_LONG)
      String webhookUrl,
      @Schema(ref = ApiDocs.DEADLINE_SCHEMA) Integer deadlineSeconds) {
  }

  @RegisterForReflection
  @Schema(name = "CloneFrameRequest", description = "The source clip and the character to put into its first frame.")
  public record FrameRequest(
      @Schema(required = true, maxLength = ApiDocs.URL_MAX, description = "The source clip: a public http(s) URL, or "
          + "a `med_` id or CDN URL of your own video.")
      @Size(max = ApiDocs.URL_MAX, message = ApiDocs.URL_TOO_LONG) String videoUrl,
      @Schema(required = true, maxLength = ApiDocs.URL_MAX, description = "The character image: a public http(s) "
          + "URL, or your own image.") @Size(max = ApiDocs.URL_MAX, message = ApiDocs.URL_TOO_LONG)
      String characterImageUrl,
      @Schema(ref = ApiDocs.WEBHOOK_URL_SCHEMA) @Size(max = ApiDocs.URL_MAX, message = ApiDocs.URL_TOO_LONG)
      String webhookUrl,
      @Schema(ref = ApiDocs.DEADLINE_SCHEMA) Integer deadlineSeconds) {
  }

  /** The 202 of {@code POST /v1/images/generate}: the reference's Image generation task. */
  @RegisterForReflection
  @Schema(name = "ImageTaskStarted", description = "A queued image task.")
  public record Started(
      @Schema(required = true, maxLength = ApiDocs.ID_MAX, pattern = ApiDocs.IMAGE_ID, description = IMAGE_ID)
      String id,
      @Schema(required = true, enumeration = {Task.PENDING, Task.RUNNING, Task.SUCCEEDED, Task.FAILED,
          Task.CANCELED}, description = ApiDocs.STATUS_TEXT) String status,
      @Schema(required = true, description = ApiDocs.MODEL) String model,
      @Schema(required = true, minimum = "0", maximum = ApiDocs.INT32_MAX) int creditsCharged,
      @JsonInclude(JsonInclude.Include.NON_NULL) @Schema(ref = ApiDocs.WEBHOOK_SECRET_SCHEMA) String webhookSecret) {
  }

  /** An image task as {@code GET /v1/images/{id}} shows it. */
  @RegisterForReflection
  @JsonInclude(JsonInclude.Include.ALWAYS)
  @Schema(name = "ImageTask", description = "An image task as polled.")
  public record ImageTask(
      @Schema(required = true, maxLength = ApiDocs.ID_MAX, pattern = ApiDocs.IMAGE_ID, description = IMAGE_ID)
      String id,
      @Schema(required = true, enumeration = {Task.PENDING, Task.RUNNING, Task.SUCCEEDED, Task.FAILED,
          Task.CANCELED}, description = ApiDocs.STATUS_TEXT)
      String status,
      @Schema(required = true, enumeration = {"generate", "character", "frame"}, description = "Which call started "
          + "it: `/v1/images/generate`, `/v1/clones/character` or `/v1/clones/frame`.")
      String purpose,
      @Schema(required = true, description = ApiDocs.MODEL)
      String model,
      @Schema(required = true, nullable = true, maxLength = ImageService.MAX_PROMPT, description = "The prompt "
          + "given; for a frame, the configured instruction to the image-edit model.")
      String prompt,
      @Schema(required = true, minimum = "0", maximum = "100", description = "Percent done.")
      int progress,
      @Schema(required = true, nullable = true, maxLength = ApiDocs.URL_MAX, description = "The (first) image in the "
          + "CDN; null until `succeeded`.")
      String resultUrl,
      @Schema(required = true, description = "Every image in the CDN; empty until `succeeded`.")
      List<String> imageUrls,
      @Schema(required = true, nullable = true, maxLength = ApiDocs.CODE_MAX, pattern = ApiDocs.CODE_PATTERN,
          description = "The error code when `failed`, as the `error` of an error body.")
      String errorCode,
      @Schema(required = true, nullable = true, maxLength = ApiDocs.TEXT_MAX, description = "Why it failed; null "
          + "otherwise.")
      String errorMessage,
      @Schema(required = true, minimum = "0", maximum = ApiDocs.INT32_MAX)
      int creditsCharged,
      @Schema(required = true, format = "int64", minimum = "0", maximum = ApiDocs.EPOCH_MS_MAX,
          description = ApiDocs.CREATED_AT)
      long createdAt,
      @Schema(required = true, format = "int64", minimum = "0", maximum = ApiDocs.EPOCH_MS_MAX,
          description = ApiDocs.UPDATED_AT)
      long updatedAt) {
    public static ImageTask from(Task t) {
      return new ImageTask(t.id, t.status, t.purpose, t.model, t.prompt, t.progress, t.resultUrl,
          t.resultUrls == null ? List.of() : t.resultUrls, t.errorCode, t.errorMessage, t.creditsCharged,
          t.createdAt.toEpochMilli(), t.updatedAt.toEpochMilli());
    }
  }

  /**
   * The answer of character and frame calls: 200 with {@code imageUrl} when the image was ready within the wait,
   * else 202 with the task to poll ({@code pollUrl}).
   */
  @RegisterForReflection
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @Schema(name = "CloneImage", description = "A character or frame image: ready (200, `imageUrl`) or still "
      + "generating (202, `pollUrl`).")
  public record CloneImage(
      @Schema(required = true, maxLength = ApiDocs.ID_MAX, pattern = ApiDocs.IMAGE_ID, description = IMAGE_ID)
      String id,
      @Schema(required = true, enumeration = {Task.PENDING, Task.RUNNING, Task.SUCCEEDED},
          description = "`succeeded` on 200; `pending` or `running` on 202.") String status,
      @Schema(maxLength = ApiDocs.URL_MAX, description = "The image in the CDN (200 only).") String imageUrl,
      @Schema(description = "Every image in the CDN (200 only).")
      List<String> imageUrls,
      @Schema(maxLength = ApiDocs.URL_MAX, description = "The source's first frame as stored (frame calls only).")
      String frameUrl,
      @Schema(required = true, description = ApiDocs.MODEL) String model,
      @Schema(required = true, minimum = "0", maximum = ApiDocs.INT32_MAX) int creditsCharged,
      @Schema(maxLength = 100, description = "Where to poll, `/v1/images/{id}` (202 only).") String pollUrl,
      @Schema(ref = ApiDocs.WEBHOOK_SECRET_SCHEMA) String webhookSecret) {
  }
}

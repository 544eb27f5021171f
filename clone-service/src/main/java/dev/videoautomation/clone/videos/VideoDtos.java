package dev.videoautomation.clone.videos;

import java.util.List;

import jakarta.validation.constraints.Size;

import org.eclipse.microprofile.openapi.annotations.media.Schema;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;

import io.quarkus.runtime.annotations.RegisterForReflection;

import dev.videoautomation.clone.openapi.ApiDocs;
import dev.videoautomation.clone.tasks.Task;

/** Bodies of the clone-render and generated-video endpoints. */
public final class VideoDtos {
  private VideoDtos() {
  }

  static final String VIDEO_ID = "The generated video's id (`vid_…`); `id` and `videoId` are the same.";
  static final String RESULT_URL = "The render in the CDN, with the source's soundtrack; null until `succeeded`.";
  static final String ERROR_MESSAGE = "Why it failed (or `Canceled by the client.`); null otherwise.";

  @RegisterForReflection
  @Schema(name = "CloneVideoRequest", description = "What to render: a source clip and the image to animate.")
  public record CloneVideoRequest(
      @Schema(required = true, maxLength = ApiDocs.URL_MAX, description = "The source clip (3 to 30 s): a public "
          + "http(s) URL, or a `med_` id or CDN URL of your own video.")
      @Size(max = ApiDocs.URL_MAX, message = ApiDocs.URL_TOO_LONG) String sourceVideoUrl,
      @Schema(maxLength = ApiDocs.URL_MAX, description = "The first frame to animate (from `POST /v1/clones/frame`): "
          + "a public http(s) URL, or your own image. This or `characterImageUrl`, not both.")
      @Size(max = ApiDocs.URL_MAX, message = ApiDocs.URL_TOO_LONG) String startingFrameUrl,
      @Schema(maxLength = ApiDocs.URL_MAX, description = "The character image to animate: a public http(s) URL, or "
          + "your own image. This or `startingFrameUrl`, not both.")
      @Size(max = ApiDocs.URL_MAX, message = ApiDocs.URL_TOO_LONG) String characterImageUrl,
      @Schema(maxLength = VideoService.MAX_PROMPT, description = "Optional guidance for the motion model.")
      String prompt,
      @Schema(ref = ApiDocs.WEBHOOK_URL_SCHEMA) @Size(max = ApiDocs.URL_MAX, message = ApiDocs.URL_TOO_LONG)
      String webhookUrl,
      @Schema(ref = ApiDocs.DEADLINE_SCHEMA) Integer deadlineSeconds) {
  }

  /** The 202 of {@code POST /v1/clones/video}; {@code webhookSecret} only when a webhookUrl was given, shown once. */
  @RegisterForReflection
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @Schema(name = "CloneVideoStarted", description = "A queued clone render.")
  public record Started(
      @Schema(required = true, maxLength = ApiDocs.ID_MAX, pattern = ApiDocs.VIDEO_ID, description = VIDEO_ID)
      String id,
      @Schema(required = true, maxLength = ApiDocs.ID_MAX, pattern = ApiDocs.VIDEO_ID, description = VIDEO_ID)
      String videoId,
      @Schema(required = true, enumeration = {Task.PENDING, Task.RUNNING, Task.SUCCEEDED, Task.FAILED,
          Task.CANCELED}, description = ApiDocs.STATUS_TEXT) String status,
      @Schema(required = true, enumeration = "clone") String mode,
      @Schema(required = true, description = ApiDocs.MODEL) String model,
      @Schema(required = true, minimum = "0", maximum = ApiDocs.INT32_MAX, description = "Credits charged.")
      int creditsCharged,
      @Schema(required = true, maxLength = 100, description = "Where to poll: `/v1/clones/video/{id}`.")
      String pollUrl,
      @Schema(ref = ApiDocs.WEBHOOK_SECRET_SCHEMA) String webhookSecret) {
  }

  /** A clone render as {@code GET /v1/clones/video/{id}} shows it (and as webhooks carry it in {@code data}). */
  @RegisterForReflection
  @JsonInclude(JsonInclude.Include.ALWAYS)
  @Schema(name = "CloneVideo", description = "A clone render as polled (and as webhooks carry it in `data`).")
  public record CloneVideo(
      @Schema(required = true, maxLength = ApiDocs.ID_MAX, pattern = ApiDocs.VIDEO_ID, description = VIDEO_ID)
      String id,
      @Schema(required = true, maxLength = ApiDocs.ID_MAX, pattern = ApiDocs.VIDEO_ID, description = VIDEO_ID)
      String videoId,
      @Schema(required = true, enumeration = {Task.PENDING, Task.RUNNING, Task.SUCCEEDED, Task.FAILED,
          Task.CANCELED}, description = ApiDocs.STATUS_TEXT) String status,
      @Schema(required = true, minimum = "0", maximum = "100", description = "Percent done.") int progress,
      @Schema(required = true, nullable = true, maxLength = ApiDocs.URL_MAX, description = RESULT_URL)
      String resultUrl,
      @Schema(required = true, nullable = true, maxLength = ApiDocs.TEXT_MAX, description = ERROR_MESSAGE)
      String errorMessage,
      @Schema(required = true, minimum = "0", maximum = ApiDocs.INT32_MAX, description = "Credits charged (refunded "
          + "credits are not subtracted).") int creditsCharged,
      @Schema(required = true, enumeration = "clone") String mode,
      @Schema(required = true, description = ApiDocs.MODEL) String model,
      @Schema(required = true, nullable = true, maxLength = VideoService.MAX_PROMPT, description = "The prompt given; "
          + "null when none was.") String prompt,
      @Schema(required = true, format = "int64", minimum = "0", maximum = ApiDocs.EPOCH_MS_MAX,
          description = ApiDocs.CREATED_AT) long createdAt,
      @Schema(required = true, format = "int64", minimum = "0", maximum = ApiDocs.EPOCH_MS_MAX,
          description = ApiDocs.UPDATED_AT) long updatedAt) {
    public static CloneVideo from(Task t) {
      return new CloneVideo(t.id, t.id, t.status, t.progress, t.resultUrl, t.errorMessage, t.creditsCharged, t.mode,
          t.model, t.prompt, t.createdAt.toEpochMilli(), t.updatedAt.toEpochMilli());
    }
  }

  /** The reference's Generated video list item. */
  @RegisterForReflection
  @JsonInclude(JsonInclude.Include.ALWAYS)
  @Schema(name = "GeneratedVideo", description = "A video generated for you.")
  public record VideoItem(
      @Schema(required = true, maxLength = ApiDocs.ID_MAX, pattern = ApiDocs.VIDEO_ID) String videoId,
      @Schema(required = true, nullable = true, maxLength = VideoService.MAX_PROMPT) String prompt,
      @Schema(required = true, description = ApiDocs.MODEL) String model,
      @Schema(required = true, enumeration = "clone", description = "How it was made.") String mode,
      @Schema(required = true, enumeration = {Task.PENDING, Task.RUNNING, Task.SUCCEEDED, Task.FAILED,
          Task.CANCELED}, description = ApiDocs.STATUS_TEXT) String status,
      @Schema(required = true, nullable = true, maxLength = ApiDocs.URL_MAX, description = RESULT_URL)
      String resultUrl,
      @Schema(required = true, nullable = true, maxLength = ApiDocs.TEXT_MAX, description = ERROR_MESSAGE)
      String errorMessage,
      @Schema(required = true, minimum = "0", maximum = ApiDocs.INT32_MAX) int creditsCharged,
      @Schema(required = true, format = "int64", minimum = "0", maximum = ApiDocs.EPOCH_MS_MAX,
          description = ApiDocs.CREATED_AT) long createdAt) {
    public static VideoItem from(Task t) {
      return new VideoItem(t.id, t.prompt, t.model, t.mode, t.status, t.resultUrl, t.errorMessage, t.creditsCharged,
          t.createdAt.toEpochMilli());
    }
  }

  /** The list answer: the platform's {@code Page<CloneVideo>} shape, named for the document. */
  @RegisterForReflection
  @JsonInclude(JsonInclude.Include.ALWAYS)
  @Schema(name = "CloneVideoPage", description = ApiDocs.PAGE)
  public record CloneVideoPage(
      @Schema(required = true, maxItems = ApiDocs.PAGE_MAX) List<CloneVideo> data,
      @Schema(required = true, nullable = true, maxLength = ApiDocs.CURSOR_MAX, pattern = ApiDocs.CURSOR_PATTERN,
          description = ApiDocs.NEXT_CURSOR) String nextCursor) {
  }

  /** The list answer: the platform's {@code Page<VideoItem>} shape, named for the document. */
  @RegisterForReflection
  @JsonInclude(JsonInclude.Include.ALWAYS)
  @Schema(name = "GeneratedVideoPage", description = ApiDocs.PAGE)
  public record VideoItemPage(
      @Schema(required = true, maxItems = ApiDocs.PAGE_MAX) List<VideoItem> data,
      @Schema(required = true, nullable = true, maxLength = ApiDocs.CURSOR_MAX, pattern = ApiDocs.CURSOR_PATTERN,
          description = ApiDocs.NEXT_CURSOR) String nextCursor) {
  }

  /** docs/internal-api.md §3.11. */
  @RegisterForReflection
  @JsonInclude(JsonInclude.Include.ALWAYS)
  public record InternalVideo(String videoId, String clientId, String mode, String status, String resultUrl,
      String mediaId, String contentType, Double durationSeconds, Integer width, Integer height, String errorMessage,
      long createdAt, long updatedAt) {
    /** A succeeded video no longer changes: its answer may be cached. */
    @JsonIgnore
    public boolean succeeded() {
      return Task.SUCCEEDED.equals(status);
    }

    public static InternalVideo from(Task t) {
      boolean done = Task.SUCCEEDED.equals(t.status);
      return new InternalVideo(t.id, t.clientId, t.mode, t.status, done ? t.resultUrl : null,
          done ? t.resultMediaId : null, t.resultContentType, t.resultDurationSeconds, t.resultWidth, t.resultHeight,
          Task.FAILED.equals(t.status) ? t.errorMessage : null, t.createdAt.toEpochMilli(),
          t.updatedAt.toEpochMilli());
    }
  }
}

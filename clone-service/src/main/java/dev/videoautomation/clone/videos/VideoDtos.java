package dev.videoautomation.clone.videos;

import com.fasterxml.jackson.annotation.JsonInclude;

import io.quarkus.runtime.annotations.RegisterForReflection;

import dev.videoautomation.clone.tasks.Task;

/** Bodies of the clone-render and generated-video endpoints. */
public final class VideoDtos {
  private VideoDtos() {
  }

  @RegisterForReflection
  public record CloneVideoRequest(String sourceVideoUrl, String startingFrameUrl, String characterImageUrl,
      String prompt, String webhookUrl) {
  }

  /** The 202 of {@code POST /v1/clones/video}; {@code webhookSecret} only when a webhookUrl was given, shown once. */
  @RegisterForReflection
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record Started(String id, String videoId, String status, String mode, String model, int creditsCharged,
      String pollUrl, String webhookSecret) {
  }

  /** A clone render as {@code GET /v1/clones/video/{id}} shows it (and as webhooks carry it in {@code data}). */
  @RegisterForReflection
  @JsonInclude(JsonInclude.Include.ALWAYS)
  public record CloneVideo(String id, String videoId, String status, int progress, String resultUrl,
      String errorMessage, int creditsCharged, String mode, String model, String prompt, long createdAt,
      long updatedAt) {
    public static CloneVideo from(Task t) {
      return new CloneVideo(t.id, t.id, t.status, t.progress, t.resultUrl, t.errorMessage, t.creditsCharged, t.mode,
          t.model, t.prompt, t.createdAt.toEpochMilli(), t.updatedAt.toEpochMilli());
    }
  }

  /** The reference's Generated video list item. */
  @RegisterForReflection
  @JsonInclude(JsonInclude.Include.ALWAYS)
  public record VideoItem(String videoId, String prompt, String model, String mode, String status, String resultUrl,
      String errorMessage, int creditsCharged, long createdAt) {
    public static VideoItem from(Task t) {
      return new VideoItem(t.id, t.prompt, t.model, t.mode, t.status, t.resultUrl, t.errorMessage, t.creditsCharged,
          t.createdAt.toEpochMilli());
    }
  }

  /** docs/internal-api.md §3.11. */
  @RegisterForReflection
  @JsonInclude(JsonInclude.Include.ALWAYS)
  public record InternalVideo(String videoId, String clientId, String mode, String status, String resultUrl,
      String mediaId, String contentType, Double durationSeconds, Integer width, Integer height, String errorMessage,
      long createdAt, long updatedAt) {
    public static InternalVideo from(Task t) {
      boolean done = Task.SUCCEEDED.equals(t.status);
      return new InternalVideo(t.id, t.clientId, t.mode, t.status, done ? t.resultUrl : null,
          done ? t.resultMediaId : null, t.resultContentType, t.resultDurationSeconds, t.resultWidth, t.resultHeight,
          Task.FAILED.equals(t.status) ? t.errorMessage : null, t.createdAt.toEpochMilli(),
          t.updatedAt.toEpochMilli());
    }
  }
}

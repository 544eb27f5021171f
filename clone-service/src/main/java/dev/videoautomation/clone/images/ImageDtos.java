package dev.videoautomation.clone.images;

import java.util.List;

import com.fasterxml.jackson.annotation.JsonInclude;

import io.quarkus.runtime.annotations.RegisterForReflection;

import dev.videoautomation.clone.tasks.Task;

/** Bodies of the image endpoints ({@code /v1/images/**}, {@code /v1/clones/character}, {@code /v1/clones/frame}). */
public final class ImageDtos {
  private ImageDtos() {
  }

  @RegisterForReflection
  public record GenerateRequest(String prompt, String imageInput, String aspectRatio, String resolution,
      String outputFormat) {
  }

  @RegisterForReflection
  public record CharacterRequest(String prompt, String referenceImageUrl, String aspectRatio) {
  }

  @RegisterForReflection
  public record FrameRequest(String videoUrl, String characterImageUrl) {
  }

  /** The 202 of {@code POST /v1/images/generate}: the reference's Image generation task. */
  @RegisterForReflection
  public record Started(String id, String status, String model, int creditsCharged) {
  }

  /** An image task as {@code GET /v1/images/{id}} shows it. */
  @RegisterForReflection
  @JsonInclude(JsonInclude.Include.ALWAYS)
  public record ImageTask(String id, String status, String purpose, String model, String prompt, int progress,
      String resultUrl, List<String> imageUrls, String errorCode, String errorMessage, int creditsCharged,
      long createdAt, long updatedAt) {
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
  public record CloneImage(String id, String status, String imageUrl, List<String> imageUrls, String frameUrl,
      String model, int creditsCharged, String pollUrl) {
  }
}

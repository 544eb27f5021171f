package dev.videoautomation.media.watch;

import java.util.List;

import jakarta.validation.constraints.Size;

import org.eclipse.microprofile.openapi.annotations.media.Schema;

import com.fasterxml.jackson.annotation.JsonInclude;

import io.quarkus.runtime.annotations.RegisterForReflection;

import dev.videoautomation.media.common.Bounds;

/** Bodies of {@code POST /v1/watch}. */
public final class WatchDtos {
  /** Most frames by default (MEDIA_VISION_MAX_FRAMES); the document states it. */
  static final int MAX_FRAMES = 16;

  private WatchDtos() {
  }

  /**
   * @param frames how many frames to sample evenly (default 8, at most 16)
   * @param includeTranscript whether to add the transcript when transcription is configured (default true)
   */
  @RegisterForReflection
  @Schema(name = "WatchRequest", description = "A video (`videoUrl` or `mediaId`) and the question to ask about it.")
  public record WatchRequest(
      @Schema(description = "A CDN URL, an outside http(s) URL or a `med_` id.", example = "med_4Yb2kQ9sT1vXw8")
      @Size(max = Bounds.URL) String videoUrl,
      @Schema(description = "The id of one of your videos (instead of videoUrl).") @Size(max = Bounds.MEDIA_ID)
      String mediaId,
      @Schema(required = true, minLength = 1, maxLength = Watcher.MAX_PROMPT, description = "What to look for or "
          + "answer about the video.") String prompt,
      @Schema(format = "int32", minimum = "1", maximum = "" + MAX_FRAMES, defaultValue = "8", description = "Frames "
          + "sampled evenly (the deployment's MEDIA_VISION_MAX_FRAMES, 16 by default, is the most).") Integer frames,
      @Schema(defaultValue = "true", description = "Add the transcript when transcription is configured.")
      Boolean includeTranscript) {
  }

  @RegisterForReflection
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @Schema(name = "WatchResult", description = "The model's answer and what it saw.")
  public record WatchResponse(
      @Schema(required = true, description = "The vision model's answer.") String answer,
      @Schema(required = true, description = "The vision model.", example = "gpt-4o-mini") String model,
      @Schema(required = true, format = "int32", minimum = "1", maximum = "" + MAX_FRAMES) int framesUsed,
      @Schema(required = true, maxItems = MAX_FRAMES, description = "Seconds of each frame.")
      List<Double> timestamps,
      @Schema(required = true, description = "Whether the transcript went with the frames.") boolean transcriptUsed,
      @Schema(description = "Tokens the provider counted; left out when it did not say.") Usage usage) {
  }

  @RegisterForReflection
  @Schema(name = "WatchUsage", description = "Tokens the provider counted.")
  public record Usage(
      @Schema(required = true, nullable = true, format = "int32", minimum = "0", maximum = Bounds.INT32_MAX)
      Integer promptTokens,
      @Schema(required = true, nullable = true, format = "int32", minimum = "0", maximum = Bounds.INT32_MAX)
      Integer completionTokens) {
  }
}

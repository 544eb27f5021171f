package dev.videoautomation.media.watch;

import java.util.List;

import com.fasterxml.jackson.annotation.JsonInclude;

import io.quarkus.runtime.annotations.RegisterForReflection;

/** Bodies of {@code POST /v1/watch}. */
public final class WatchDtos {
  private WatchDtos() {
  }

  /**
   * @param frames how many frames to sample evenly (default 8, at most 16)
   * @param includeTranscript whether to add the transcript when transcription is configured (default true)
   */
  @RegisterForReflection
  public record WatchRequest(String videoUrl, String mediaId, String prompt, Integer frames,
      Boolean includeTranscript) {
  }

  @RegisterForReflection
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record WatchResponse(String answer, String model, int framesUsed, List<Double> timestamps,
      boolean transcriptUsed, Usage usage) {
  }

  @RegisterForReflection
  public record Usage(Integer promptTokens, Integer completionTokens) {
  }
}

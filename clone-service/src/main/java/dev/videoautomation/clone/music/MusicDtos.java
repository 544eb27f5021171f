package dev.videoautomation.clone.music;

import com.fasterxml.jackson.annotation.JsonInclude;

import io.quarkus.runtime.annotations.RegisterForReflection;

import dev.videoautomation.clone.tasks.Task;

public final class MusicDtos {
  private MusicDtos() {
  }

  @RegisterForReflection
  public record MusicRequest(String prompt, Double durationSeconds) {
  }

  @RegisterForReflection
  public record Started(String id, String trackId, String status, String model, int creditsCharged) {
  }

  /** The reference's Music track list item, plus the task's progress and error. */
  @RegisterForReflection
  @JsonInclude(JsonInclude.Include.ALWAYS)
  public record Track(String trackId, String prompt, String status, String audioUrl, String imageUrl,
      Double durationSeconds, long createdAt, int progress, String errorMessage, int creditsCharged) {
    public static Track from(Task t) {
      return new Track(t.id, t.prompt, t.status, t.resultUrl, t.imageUrl, t.resultDurationSeconds,
          t.createdAt.toEpochMilli(), t.progress, t.errorMessage, t.creditsCharged);
    }
  }
}

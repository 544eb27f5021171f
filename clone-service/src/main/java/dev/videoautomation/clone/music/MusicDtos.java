package dev.videoautomation.clone.music;

import java.util.List;

import jakarta.validation.constraints.Size;

import org.eclipse.microprofile.openapi.annotations.media.Schema;

import com.fasterxml.jackson.annotation.JsonInclude;

import io.quarkus.runtime.annotations.RegisterForReflection;

import dev.videoautomation.clone.openapi.ApiDocs;
import dev.videoautomation.clone.tasks.Task;

public final class MusicDtos {
  private MusicDtos() {
  }

  static final String TRACK_ID = "The track's id (`trk_…`).";

  @RegisterForReflection
  @Schema(name = "MusicRequest", description = "What music to generate.")
  public record MusicRequest(
      @Schema(required = true, maxLength = MusicService.MAX_PROMPT, description = "What the music sounds like.")
      String prompt,
      @Schema(minimum = "" + MusicService.MIN_SECONDS, maximum = "" + MusicService.MAX_SECONDS, description = "The "
          + "length to ask for, in seconds; passed to the music model when it takes a length.")
      Double durationSeconds,
      @Schema(ref = ApiDocs.WEBHOOK_URL_SCHEMA) @Size(max = ApiDocs.URL_MAX, message = ApiDocs.URL_TOO_LONG)
      String webhookUrl,
      @Schema(ref = ApiDocs.DEADLINE_SCHEMA) Integer deadlineSeconds) {
  }

  @RegisterForReflection
  @Schema(name = "MusicTrackStarted", description = "A queued music track.")
  public record Started(
      @Schema(required = true, maxLength = ApiDocs.ID_MAX, pattern = ApiDocs.TRACK_ID, description = TRACK_ID)
      String id,
      @Schema(required = true, maxLength = ApiDocs.ID_MAX, pattern = ApiDocs.TRACK_ID, description = TRACK_ID)
      String trackId,
      @Schema(required = true, enumeration = {Task.PENDING, Task.RUNNING, Task.SUCCEEDED, Task.FAILED,
          Task.CANCELED}, description = ApiDocs.STATUS_TEXT) String status,
      @Schema(required = true, description = ApiDocs.MODEL) String model,
      @JsonInclude(JsonInclude.Include.NON_NULL) @Schema(ref = ApiDocs.WEBHOOK_SECRET_SCHEMA) String webhookSecret,
      @Schema(required = true, minimum = "0", maximum = ApiDocs.INT32_MAX) int creditsCharged) {
  }

  /** The reference's Music track list item, plus the task's progress and error. */
  @RegisterForReflection
  @JsonInclude(JsonInclude.Include.ALWAYS)
  @Schema(name = "MusicTrack", description = "A music track as polled and listed.")
  public record Track(
      @Schema(required = true, maxLength = ApiDocs.ID_MAX, pattern = ApiDocs.TRACK_ID, description = TRACK_ID)
      String trackId,
      @Schema(required = true, maxLength = MusicService.MAX_PROMPT)
      String prompt,
      @Schema(required = true, enumeration = {Task.PENDING, Task.RUNNING, Task.SUCCEEDED, Task.FAILED,
          Task.CANCELED}, description = ApiDocs.STATUS_TEXT)
      String status,
      @Schema(required = true, nullable = true, maxLength = ApiDocs.URL_MAX, description = "The audio in the CDN; "
          + "null until `succeeded`.")
      String audioUrl,
      @Schema(required = true, nullable = true, maxLength = ApiDocs.URL_MAX, description = "Cover art when the model "
          + "made one; null otherwise.")
      String imageUrl,
      @Schema(required = true, nullable = true, minimum = "0", description = "The stored audio's length in seconds; "
          + "null until `succeeded` (or when it could not be probed).")
      Double durationSeconds,
      @Schema(required = true, format = "int64", minimum = "0", maximum = ApiDocs.EPOCH_MS_MAX,
          description = ApiDocs.CREATED_AT)
      long createdAt,
      @Schema(required = true, minimum = "0", maximum = "100", description = "Percent done.")
      int progress,
      @Schema(required = true, nullable = true, maxLength = ApiDocs.TEXT_MAX, description = "Why it failed; null "
          + "otherwise.")
      String errorMessage,
      @Schema(required = true, minimum = "0", maximum = ApiDocs.INT32_MAX)
      int creditsCharged) {
    public static Track from(Task t) {
      return new Track(t.id, t.prompt, t.status, t.resultUrl, t.imageUrl, t.resultDurationSeconds,
          t.createdAt.toEpochMilli(), t.progress, t.errorMessage, t.creditsCharged);
    }
  }

  /** The list answer: the platform's {@code Page<Track>} shape, named for the document. */
  @RegisterForReflection
  @JsonInclude(JsonInclude.Include.ALWAYS)
  @Schema(name = "MusicTrackPage", description = ApiDocs.PAGE)
  public record TrackPage(
      @Schema(required = true, maxItems = ApiDocs.PAGE_MAX) List<Track> data,
      @Schema(required = true, nullable = true, maxLength = ApiDocs.CURSOR_MAX, pattern = ApiDocs.CURSOR_PATTERN,
          description = ApiDocs.NEXT_CURSOR) String nextCursor) {
  }
}

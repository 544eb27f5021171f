package dev.videoautomation.media.transcribe;

import java.util.List;

import jakarta.validation.constraints.Size;

import org.eclipse.microprofile.openapi.annotations.media.Schema;

import com.fasterxml.jackson.annotation.JsonInclude;

import io.quarkus.runtime.annotations.RegisterForReflection;

import dev.videoautomation.media.common.Bounds;

/** Bodies of {@code POST /v1/transcribe}. */
public final class TranscribeDtos {
  /** Longest {@code prompt}. */
  static final int MAX_PROMPT = 1000;

  private TranscribeDtos() {
  }

  /**
   * @param language ISO-639-1 hint such as {@code en}; detected when absent
   * @param prompt words the speech is likely to contain (names, jargon)
   * @param format {@code json} (default), {@code srt} or {@code vtt}: the last two add {@code subtitles}
   */
  @RegisterForReflection
  @Schema(name = "TranscribeRequest", description = "The media (`videoUrl` or `mediaId`) and hints for the "
      + "transcription.")
  public record TranscribeRequest(
      @Schema(description = "A CDN URL, an outside http(s) URL or a `med_` id; audio files work too.",
          example = "med_4Yb2kQ9sT1vXw8") @Size(max = Bounds.URL) String videoUrl,
      @Schema(description = "The id of one of your media files (instead of videoUrl).") @Size(max = Bounds.MEDIA_ID)
      String mediaId,
      @Schema(maxLength = 3, pattern = "^[a-z]{2,3}$", description = "ISO-639-1 hint; detected when absent.",
          example = "en") String language,
      @Schema(maxLength = MAX_PROMPT, description = "Names and words the speech is likely to contain.") String prompt,
      @Schema(enumeration = {"json", "srt", "vtt"}, defaultValue = "json", description = "srt and vtt add "
          + "`subtitles`.") String format) {
  }

  @RegisterForReflection
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @Schema(name = "Transcript", description = "What was said, with segment and word timing; times are seconds from "
      + "the start of the media.")
  public record Transcript(
      @Schema(required = true, description = "The whole text.") String text,
      @Schema(description = "The language the provider detected, as it names it (e.g. english).") String language,
      @Schema(minimum = "0", description = "Seconds.") Double durationSeconds,
      @Schema(required = true) List<Segment> segments,
      @Schema(required = true) List<Word> words,
      @Schema(required = true, description = "The provider's model.", example = "whisper-1") String model,
      @Schema(required = true, format = "int32", minimum = "1", maximum = Bounds.INT32_MAX, description = "How many "
          + "pieces the audio was sent in (the provider takes at most 25 MB at a time).") Integer chunks,
      @Schema(enumeration = {"srt", "vtt"}, description = "The subtitle format asked for; left out for json.")
      String format,
      @Schema(description = "The subtitles in that format.") String subtitles) {
  }

  @RegisterForReflection
  @Schema(name = "TranscriptSegment", description = "A stretch of speech.")
  public record Segment(
      @Schema(required = true, minimum = "0") double start,
      @Schema(required = true, minimum = "0") double end,
      @Schema(required = true) String text) {
  }

  @RegisterForReflection
  @Schema(name = "TranscriptWord", description = "One word and when it was said.")
  public record Word(
      @Schema(required = true) String word,
      @Schema(required = true, minimum = "0") double start,
      @Schema(required = true, minimum = "0") double end) {
  }
}

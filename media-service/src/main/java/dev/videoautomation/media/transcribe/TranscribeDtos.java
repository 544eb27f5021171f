package dev.videoautomation.media.transcribe;

import java.util.List;

import com.fasterxml.jackson.annotation.JsonInclude;

import io.quarkus.runtime.annotations.RegisterForReflection;

/** Bodies of {@code POST /v1/transcribe}. */
public final class TranscribeDtos {
  private TranscribeDtos() {
  }

  /**
   * @param language ISO-639-1 hint such as {@code en}; detected when absent
   * @param prompt words the speech is likely to contain (names, jargon)
   * @param format {@code json} (default), {@code srt} or {@code vtt}: the last two add {@code subtitles}
   */
  @RegisterForReflection
  public record TranscribeRequest(String videoUrl, String mediaId, String language, String prompt, String format) {
  }

  @RegisterForReflection
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record Transcript(String text, String language, Double durationSeconds, List<Segment> segments,
      List<Word> words, String model, Integer chunks, String format, String subtitles) {
  }

  @RegisterForReflection
  public record Segment(double start, double end, String text) {
  }

  @RegisterForReflection
  public record Word(String word, double start, double end) {
  }
}

package dev.videoautomation.media.extract;

import java.util.List;

import com.fasterxml.jackson.annotation.JsonInclude;

import io.quarkus.runtime.annotations.RegisterForReflection;

/** Bodies of {@code POST /v1/extract}. */
public final class ExtractDtos {
  private ExtractDtos() {
  }

  /**
   * @param videoUrl a CDN URL, an outside URL or a {@code med_} id (audio files work for audio and metadata)
   * @param mediaId alternatively, the id of a stored object
   * @param metadata whether to return the metadata (default true)
   */
  @RegisterForReflection
  public record ExtractRequest(String videoUrl, String mediaId, FramesRequest frames, AudioRequest audio,
      Boolean metadata) {
  }

  /** Exactly one of count, interval or timestamps. */
  @RegisterForReflection
  public record FramesRequest(Integer count, Double interval, List<Double> timestamps, String format, Integer width) {
  }

  @RegisterForReflection
  public record AudioRequest(String format) {
  }

  @RegisterForReflection
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record ExtractResponse(Source source, Metadata metadata, List<Frame> frames, Audio audio) {
  }

  @RegisterForReflection
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record Source(String mediaId, String url) {
  }

  @RegisterForReflection
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record Metadata(String contentType, Double durationSeconds, Integer width, Integer height, Double fps,
      String videoCodec, String audioCodec, Long bitrate, Integer rotation, boolean hasAudio, boolean hasVideo,
      Integer sampleRate, Integer channels, Long sizeBytes) {
  }

  @RegisterForReflection
  public record Frame(double timestamp, String id, String url, String contentType, Integer width, Integer height) {
  }

  @RegisterForReflection
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record Audio(String id, String url, String contentType, Double durationSeconds, long sizeBytes) {
  }
}

package dev.videoautomation.media.extract;

import java.util.List;

import jakarta.validation.Valid;
import jakarta.validation.constraints.Size;

import org.eclipse.microprofile.openapi.annotations.media.Schema;

import com.fasterxml.jackson.annotation.JsonInclude;

import io.quarkus.runtime.annotations.RegisterForReflection;

import dev.videoautomation.media.common.Bounds;

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
  @Schema(name = "ExtractRequest", description = "The media (`videoUrl` or `mediaId`) and what to pull from it.")
  public record ExtractRequest(
      @Schema(description = "A CDN URL, an outside http(s) URL or a `med_` id; audio files work for audio and "
          + "metadata.", example = "med_4Yb2kQ9sT1vXw8") @Size(max = Bounds.URL) String videoUrl,
      @Schema(description = "The id of one of your media files (instead of videoUrl).") @Size(max = Bounds.MEDIA_ID)
      String mediaId,
      @Valid FramesRequest frames,
      AudioRequest audio,
      @Schema(defaultValue = "true", description = "Whether to answer the metadata.") Boolean metadata) {
  }

  /** Exactly one of count, interval or timestamps. */
  @RegisterForReflection
  @Schema(name = "ExtractFramesRequest", description = "Frames to take: exactly one of `count`, `interval` or "
      + "`timestamps`, at most " + FramePlan.MAX_FRAMES + " frames.")
  public record FramesRequest(
      @Schema(format = "int32", minimum = "1", maximum = "" + FramePlan.MAX_FRAMES, description = "Evenly spaced "
          + "frames.") Integer count,
      @Schema(minimum = "0", exclusiveMinimum = true, description = "A frame every this many seconds, from 0.")
      Double interval,
      @Schema(minItems = 1, maxItems = FramePlan.MAX_FRAMES, description = "Seconds, each at least 0 and less than "
          + "the duration.") List<Double> timestamps,
      @Schema(enumeration = {"jpg", "jpeg", "png"}, defaultValue = "jpg") String format,
      @Schema(format = "int32", minimum = "" + Extraction.MIN_WIDTH, maximum = "" + Extraction.MAX_WIDTH,
          description = "Pixels to scale each frame's width to (the height follows).") Integer width) {
  }

  @RegisterForReflection
  @Schema(name = "ExtractAudioRequest", description = "The sound track to extract.")
  public record AudioRequest(
      @Schema(enumeration = {"m4a", "mp3", "wav"}, defaultValue = "m4a", description = "m4a (AAC), mp3 or wav.")
      String format) {
  }

  @RegisterForReflection
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @Schema(name = "ExtractResult", description = "What was extracted; parts not asked for are left out.")
  public record ExtractResponse(
      @Schema(required = true) Source source,
      Metadata metadata,
      @Schema(maxItems = FramePlan.MAX_FRAMES) List<Frame> frames,
      Audio audio) {
  }

  @RegisterForReflection
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @Schema(name = "ExtractSource", description = "The media the parts came from.")
  public record Source(
      @Schema(maxLength = Bounds.MEDIA_ID, pattern = Bounds.MEDIA_ID_PATTERN, description = "Its `med_` id when it "
          + "is stored media; left out for an outside URL.") String mediaId,
      @Schema(required = true, maxLength = Bounds.URL, description = "The URL given, or the stored media's CDN URL.")
      String url) {
  }

  @RegisterForReflection
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @Schema(name = "ExtractMetadata", description = "What ffprobe found; what the media lacks is left out.")
  public record Metadata(
      @Schema(required = true, maxLength = Bounds.CONTENT_TYPE, example = "video/mp4") String contentType,
      @Schema(minimum = "0", description = "Seconds.") Double durationSeconds,
      @Schema(format = "int32", minimum = "0", maximum = Bounds.INT32_MAX, description = "Displayed pixels.")
      Integer width,
      @Schema(format = "int32", minimum = "0", maximum = Bounds.INT32_MAX, description = "Displayed pixels.")
      Integer height,
      @Schema(minimum = "0", description = "Frames per second.") Double fps,
      @Schema(maxLength = Bounds.CODEC, example = "h264") String videoCodec,
      @Schema(maxLength = Bounds.CODEC, example = "aac") String audioCodec,
      @Schema(format = "int64", minimum = "0", maximum = Bounds.INT64_MAX, description = "Bits per second.")
      Long bitrate,
      @Schema(format = "int32", minimum = Bounds.INT32_MIN, maximum = Bounds.INT32_MAX, description = "Degrees the "
          + "player turns the picture, as the file says (0, 90, 180, 270 or negative).") Integer rotation,
      @Schema(required = true) boolean hasAudio,
      @Schema(required = true) boolean hasVideo,
      @Schema(format = "int32", minimum = "0", maximum = Bounds.INT32_MAX, description = "Hz.") Integer sampleRate,
      @Schema(format = "int32", minimum = "0", maximum = Bounds.INT32_MAX) Integer channels,
      @Schema(format = "int64", minimum = "0", maximum = Bounds.INT64_MAX) Long sizeBytes) {
  }

  @RegisterForReflection
  @Schema(name = "ExtractedFrame", description = "One frame, stored on the CDN.")
  public record Frame(
      @Schema(required = true, minimum = "0", description = "Seconds into the media.") double timestamp,
      @Schema(required = true, maxLength = Bounds.MEDIA_ID, pattern = Bounds.MEDIA_ID_PATTERN) String id,
      @Schema(required = true, maxLength = Bounds.URL) String url,
      @Schema(required = true, maxLength = Bounds.CONTENT_TYPE, example = "image/jpeg") String contentType,
      @Schema(required = true, nullable = true, format = "int32", minimum = "0", maximum = Bounds.INT32_MAX)
      Integer width,
      @Schema(required = true, nullable = true, format = "int32", minimum = "0", maximum = Bounds.INT32_MAX)
      Integer height) {
  }

  @RegisterForReflection
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @Schema(name = "ExtractedAudio", description = "The sound track, stored on the CDN.")
  public record Audio(
      @Schema(required = true, maxLength = Bounds.MEDIA_ID, pattern = Bounds.MEDIA_ID_PATTERN) String id,
      @Schema(required = true, maxLength = Bounds.URL) String url,
      @Schema(required = true, maxLength = Bounds.CONTENT_TYPE, example = "audio/mp4") String contentType,
      @Schema(minimum = "0", description = "Seconds.") Double durationSeconds,
      @Schema(required = true, format = "int64", minimum = "0", maximum = Bounds.INT64_MAX) long sizeBytes) {
  }
}

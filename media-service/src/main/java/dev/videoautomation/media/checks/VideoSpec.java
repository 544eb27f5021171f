package dev.videoautomation.media.checks;

import java.util.List;

import jakarta.validation.constraints.PositiveOrZero;
import jakarta.validation.constraints.Size;

import org.eclipse.microprofile.openapi.annotations.media.Schema;

import com.fasterxml.jackson.annotation.JsonInclude;

import io.quarkus.runtime.annotations.RegisterForReflection;

import dev.videoautomation.media.common.Bounds;

/**
 * The technical facts of a video that {@code /v1/check} judges, as a caller sends them in {@code spec} or as a
 * {@link SpecSource} probes them. Every field is optional: a rule whose input is missing is reported as not checked.
 */
@RegisterForReflection
@JsonInclude(JsonInclude.Include.NON_NULL)
@Schema(name = "VideoSpec", description = "Technical facts of a video. Every field is optional; a rule whose input "
    + "is missing is reported as not checked (severity info).")
public record VideoSpec(
    @Schema(example = "42.5", minimum = "0", description = "Seconds.") @PositiveOrZero Double durationSeconds,
    @Schema(example = "1080", format = "int32", maximum = Bounds.INT32_MAX, description = "Pixels.") @PositiveOrZero
    Integer width,
    @Schema(example = "1920", format = "int32", maximum = Bounds.INT32_MAX, description = "Pixels.") @PositiveOrZero
    Integer height,
    @Schema(example = "30", minimum = "0", description = "Frames per second.") @PositiveOrZero Double fps,
    @Schema(example = "24500000", format = "int64", maximum = Bounds.INT64_MAX, description = "Bytes.")
    @PositiveOrZero Long sizeBytes,
    @Schema(example = "h264", description = "ffprobe codec_name or a common alias (H.264, avc1, HEVC, H.265, vp9).")
    @Size(max = Bounds.CODEC) String videoCodec,
    @Schema(example = "aac") @Size(max = Bounds.CODEC) String audioCodec,
    @Schema(example = "true", description = "Absent: true when audioCodec is given.") Boolean hasAudio,
    @Schema(example = "4600000", format = "int64", maximum = Bounds.INT64_MAX, description = "Overall bits per "
        + "second.") @PositiveOrZero Long bitrate,
    @Schema(example = "Three tips for better light #photography #tips") @Size(max = CheckDtos.MAX_CAPTION)
    String caption,
    @Schema(description = "Hashtags without '#'. Absent: counted from the caption.")
    @Size(max = CheckDtos.MAX_HASHTAGS) List<@Size(max = CheckDtos.MAX_CAPTION) String> hashtags) {

  /** This spec with caption and hashtags resolved as the caption rules see them. */
  public VideoSpec withCaption(String newCaption, List<String> newHashtags) {
    return new VideoSpec(durationSeconds, width, height, fps, sizeBytes, videoCodec, audioCodec, hasAudio, bitrate,
        newCaption, newHashtags);
  }

  /** Whether the video has sound: {@code hasAudio}, else whether an audio codec is named, else unknown (null). */
  public Boolean audioPresent() {
    if (hasAudio != null) {
      return hasAudio;
    }
    return audioCodec == null || audioCodec.isBlank() ? null : Boolean.TRUE;
  }
}

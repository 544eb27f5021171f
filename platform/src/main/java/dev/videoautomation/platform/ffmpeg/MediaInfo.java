package dev.videoautomation.platform.ffmpeg;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

import io.quarkus.runtime.annotations.RegisterForReflection;

/**
 * What ffprobe says about one file. Numbers are null when the file has no such property (an audio file has no width).
 *
 * @param contentType the media type worked out from the container and its streams
 */
@RegisterForReflection
@JsonIgnoreProperties(ignoreUnknown = true)
public record MediaInfo(
    String contentType,
    String formatName,
    Double durationSeconds,
    Long sizeBytes,
    Long bitrate,
    Integer width,
    Integer height,
    Double fps,
    String videoCodec,
    String audioCodec,
    Integer rotation,
    Integer sampleRate,
    Integer channels,
    boolean hasVideo,
    boolean hasAudio,
    boolean isImage) {

  /** Width and height as displayed, after the rotation a phone recorded. */
  @JsonIgnore
  public Integer displayWidth() {
    return rotated() ? height : width;
  }

  @JsonIgnore
  public Integer displayHeight() {
    return rotated() ? width : height;
  }

  @JsonIgnore
  private boolean rotated() {
    return rotation != null && Math.abs(rotation) % 180 == 90;
  }

  @JsonIgnore
  public boolean isVideo() {
    return hasVideo && !isImage;
  }
}

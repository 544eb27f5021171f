package dev.videoautomation.media.overlay;

import jakarta.validation.constraints.Size;

import org.eclipse.microprofile.openapi.annotations.media.Schema;

import io.quarkus.runtime.annotations.RegisterForReflection;

import dev.videoautomation.media.common.Bounds;

/** Bodies of {@code POST /v1/overlay}. */
public final class OverlayDtos {
  /** Longest {@code position}: a keyword or {@code x,y} in pixels. */
  static final int MAX_POSITION = 64;
  /** Longest colour: {@code #RRGGBBAA} or a colour name. */
  static final int MAX_COLOR = 32;

  private OverlayDtos() {
  }

  /**
   * @param position {@code top}, {@code center}, {@code bottom} (default) or {@code x,y} in pixels from the top left
   * @param fontSize pixels (default 48)
   * @param strokeThickness outline width in pixels (default 2; 0 for none)
   * @param color {@code #RRGGBB}, {@code #RRGGBBAA} or a colour name (default white)
   * @param strokeColor as color (default black)
   * @param start seconds from which the text shows (default 0)
   * @param end seconds until which it shows (default: the end)
   */
  @RegisterForReflection
  @Schema(name = "OverlayRequest", description = "A video (`videoUrl` or `mediaId`) and the text to burn onto it.")
  public record OverlayRequest(
      @Schema(description = "A CDN URL, an outside http(s) URL or a `med_` id.", example = "med_4Yb2kQ9sT1vXw8")
      @Size(max = Bounds.URL) String videoUrl,
      @Schema(description = "The id of one of your videos (instead of videoUrl).") @Size(max = Bounds.MEDIA_ID)
      String mediaId,
      @Schema(required = true, minLength = 1, maxLength = Overlays.MAX_TEXT, description = "The text; `\\n` starts a "
          + "new line.", example = "Wait for it…") String text,
      @Schema(defaultValue = "bottom", description = "`top`, `center`, `bottom` or `x,y` in pixels from the top "
          + "left.", example = "top") @Size(max = MAX_POSITION) String position,
      @Schema(minimum = "6", maximum = "500", defaultValue = "48", description = "Pixels.") Double fontSize,
      @Schema(minimum = "0", maximum = "50", defaultValue = "2", description = "Outline width in pixels; 0 for none.")
      Double strokeThickness,
      @Schema(defaultValue = "white", description = "`#RRGGBB`, `#RRGGBBAA` or a colour name.", example = "#FFFFFF")
      @Size(max = MAX_COLOR) String color,
      @Schema(defaultValue = "black", description = "As color, for the outline.", example = "#000000")
      @Size(max = MAX_COLOR) String strokeColor,
      @Schema(minimum = "0", defaultValue = "0", description = "Seconds from which the text shows.") Double start,
      @Schema(minimum = "0", exclusiveMinimum = true, description = "Seconds until which it shows, after start "
          + "(default: the end).") Double end) {
  }

  @RegisterForReflection
  @Schema(name = "OverlayResult", description = "The new video, stored on the CDN.")
  public record OverlayResponse(
      @Schema(required = true, maxLength = Bounds.MEDIA_ID, pattern = Bounds.MEDIA_ID_PATTERN) String id,
      @Schema(required = true, maxLength = Bounds.URL) String url,
      @Schema(required = true, maxLength = Bounds.CONTENT_TYPE, example = "video/mp4") String contentType,
      @Schema(required = true, format = "int64", minimum = "0", maximum = Bounds.INT64_MAX) long sizeBytes,
      @Schema(required = true, nullable = true, minimum = "0", description = "Seconds.") Double durationSeconds,
      @Schema(required = true, nullable = true, format = "int32", minimum = "0", maximum = Bounds.INT32_MAX)
      Integer width,
      @Schema(required = true, nullable = true, format = "int32", minimum = "0", maximum = Bounds.INT32_MAX)
      Integer height) {
  }
}

package dev.videoautomation.media.overlay;

import io.quarkus.runtime.annotations.RegisterForReflection;

/** Bodies of {@code POST /v1/overlay}. */
public final class OverlayDtos {
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
  public record OverlayRequest(String videoUrl, String mediaId, String text, String position, Double fontSize,
      Double strokeThickness, String color, String strokeColor, Double start, Double end) {
  }

  @RegisterForReflection
  public record OverlayResponse(String id, String url, String contentType, long sizeBytes, Double durationSeconds,
      Integer width, Integer height) {
  }
}

package dev.videoautomation.media.overlay;

import java.nio.file.Path;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

/** Text overlays. */
@ConfigMapping(prefix = "media.overlay")
public interface OverlayConfig {
  /** The TrueType font drawtext uses (scripts install fonts-dejavu-core; covers Latin, Greek, Cyrillic and more). */
  @WithDefault("/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf")
  Path fontFile();

  /** x264 preset for the re-encoded video: speed against file size. */
  @WithDefault("veryfast")
  String preset();

  /** x264 constant rate factor (lower is better quality). */
  @WithDefault("20")
  int crf();
}

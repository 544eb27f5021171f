package dev.videoautomation.media.checks;

import java.util.Locale;
import java.util.Map;

/** Codec names as ffprobe writes them, so that a rule saying "H.264" accepts a video ffprobe calls "h264". */
public final class Codecs {
  private static final Map<String, String> ALIASES = Map.ofEntries(
      Map.entry("h264", "h264"), Map.entry("avc", "h264"), Map.entry("avc1", "h264"), Map.entry("x264", "h264"),
      Map.entry("mpeg4avc", "h264"), Map.entry("h265", "hevc"), Map.entry("hvc1", "hevc"), Map.entry("hev1", "hevc"),
      Map.entry("x265", "hevc"), Map.entry("vp09", "vp9"), Map.entry("vp08", "vp8"), Map.entry("av01", "av1"),
      Map.entry("mp4a", "aac"), Map.entry("aaclc", "aac"), Map.entry("heaac", "aac"), Map.entry("mpeg4aac", "aac"),
      Map.entry("libopus", "opus"), Map.entry("mp3float", "mp3"), Map.entry("libmp3lame", "mp3"));

  private Codecs() {
  }

  /** The ffprobe name of a codec from common aliases: H.264/avc1 → h264, H.265/hvc1 → hevc, mp4a → aac. */
  public static String canonical(String codec) {
    var key = codec.strip().toLowerCase(Locale.ROOT).replace(".", "").replace("-", "").replace(" ", "");
    return ALIASES.getOrDefault(key, key);
  }
}

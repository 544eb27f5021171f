package dev.videoautomation.media.transcribe;

import java.util.List;
import java.util.Locale;

import dev.videoautomation.media.transcribe.TranscribeDtos.Segment;

/** SubRip and WebVTT renderings of transcript segments. */
final class Subtitles {
  private Subtitles() {
  }

  static String srt(List<Segment> segments) {
    var out = new StringBuilder();
    for (int i = 0; i < segments.size(); i++) {
      var segment = segments.get(i);
      out.append(i + 1).append('\n')
          .append(time(segment.start(), ',')).append(" --> ").append(time(segment.end(), ',')).append('\n')
          .append(segment.text()).append("\n\n");
    }
    return out.toString();
  }

  static String vtt(List<Segment> segments) {
    var out = new StringBuilder("WEBVTT\n\n");
    for (var segment : segments) {
      out.append(time(segment.start(), '.')).append(" --> ").append(time(segment.end(), '.')).append('\n')
          .append(segment.text()).append("\n\n");
    }
    return out.toString();
  }

  static String time(double seconds, char separator) {
    long millis = Math.round(seconds * 1000);
    return String.format(Locale.ROOT, "%02d:%02d:%02d%c%03d", millis / 3_600_000, millis / 60_000 % 60,
        millis / 1000 % 60, separator, millis % 1000);
  }
}

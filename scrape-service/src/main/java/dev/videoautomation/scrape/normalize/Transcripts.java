package dev.videoautomation.scrape.normalize;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

import dev.videoautomation.scrape.normalize.Items.Segment;

/**
 * A transcript from the provider's text: WEBVTT (TikTok) gives timed segments, and the text is theirs joined; plain
 * text (X) gives the text alone, its segments null (the provider gave no timing).
 */
final class Transcripts {
  /** {@code 00:00:00.120 --> 00:00:01.840} (hours optional), settings after the end time ignored. */
  private static final Pattern CUE = Pattern.compile(
      "^\\s*((?:\\d+:)?\\d{1,2}:\\d{2}[.,]\\d{1,3})\\s+-->\\s+((?:\\d+:)?\\d{1,2}:\\d{2}[.,]\\d{1,3}).*$");

  private Transcripts() {
  }

  static Items.Transcript fromText(String language, String transcript) {
    if (transcript == null) {
      return language == null ? null : new Items.Transcript(language, null, null);
    }
    if (!transcript.stripLeading().startsWith("WEBVTT")) {
      return new Items.Transcript(language, transcript.strip(), null);
    }
    var segments = webVtt(transcript);
    var text = String.join(" ", segments.stream().map(Segment::text).toList());
    return new Items.Transcript(language, text.isBlank() ? null : text, segments);
  }

  static List<Segment> webVtt(String vtt) {
    var segments = new ArrayList<Segment>();
    var lines = vtt.split("\\r?\\n");
    for (int i = 0; i < lines.length; i++) {
      var cue = CUE.matcher(lines[i]);
      if (!cue.matches()) {
        continue;
      }
      var words = new StringBuilder();
      while (i + 1 < lines.length && !lines[i + 1].isBlank()) {
        i++;
        words.append(words.isEmpty() ? "" : " ").append(lines[i].strip());
      }
      segments.add(new Segment(seconds(cue.group(1)), seconds(cue.group(2)), words.toString()));
    }
    return segments;
  }

  private static double seconds(String time) {
    var parts = time.replace(',', '.').split(":");
    var seconds = 0.0;
    for (var part : parts) {
      seconds = seconds * 60 + Double.parseDouble(part);
    }
    return seconds;
  }
}

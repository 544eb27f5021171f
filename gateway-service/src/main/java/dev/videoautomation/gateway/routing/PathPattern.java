package dev.videoautomation.gateway.routing;

import java.util.ArrayList;
import java.util.List;

/** Route patterns and request paths as segments: literal ones, {@code *} for one, and a trailing {@code **}. */
final class PathPattern {
  static final String ONE = "*";
  static final String REST = "**";

  private PathPattern() {
  }

  /** The non-empty segments of {@code path}, in order ({@code //} and a trailing slash add none). */
  static List<String> segments(String path) {
    var parts = new ArrayList<String>(6);
    var start = 0;
    while (start <= path.length()) {
      var end = path.indexOf('/', start);
      if (end < 0) {
        end = path.length();
      }
      if (end > start) {
        parts.add(path.substring(start, end));
      }
      start = end + 1;
    }
    return parts;
  }
}

package dev.videoautomation.gateway.routing;

import java.util.ArrayList;
import java.util.List;

/** Matching of route patterns against request paths, and how specific a match is (longest match wins). */
final class PathPattern {
  static final String ONE = "*";
  static final String REST = "**";

  private PathPattern() {
  }

  static List<String> segments(String path) {
    var parts = new ArrayList<String>();
    for (var part : path.split("/")) {
      if (!part.isEmpty()) {
        parts.add(part);
      }
    }
    return parts;
  }

  /**
   * How specific the match of {@code pattern} on {@code path} is, or -1 when it does not match. Literal segments
   * count most, then single wildcards; a trailing {@code **} counts nothing, so an exact route beats a prefix.
   */
  static int score(List<String> pattern, List<String> path) {
    var score = 0;
    for (int i = 0; i < pattern.size(); i++) {
      var part = pattern.get(i);
      if (part.equals(REST) && i == pattern.size() - 1) {
        return score;
      }
      if (i >= path.size()) {
        return -1;
      }
      if (part.equals(ONE)) {
        score += 1;
      } else if (part.equals(path.get(i))) {
        score += 100;
      } else {
        return -1;
      }
    }
    return pattern.size() == path.size() ? score + 1 : -1;
  }
}

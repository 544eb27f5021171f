package dev.videoautomation.scrape.lookup;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * The best video file of an Instagram post answer, whichever shape the provider used: the app API's
 * {@code video_versions} (largest first) or the web API's {@code video_url} with {@code dimensions}. The first video
 * of a carousel counts.
 */
final class InstagramVideo {
  private static final int MAX_DEPTH = 12;

  private InstagramVideo() {
  }

  static VideoResolver.Candidate find(JsonNode data) {
    return search(data, 0);
  }

  private static VideoResolver.Candidate search(JsonNode node, int depth) {
    if (depth > MAX_DEPTH || node == null) {
      return null;
    }
    if (node.isObject()) {
      var own = fromVersions(node);
      if (own == null) {
        own = fromVideoUrl(node);
      }
      if (own != null) {
        return own;
      }
    }
    if (node.isContainerNode()) {
      for (var child : node) {
        var found = search(child, depth + 1);
        if (found != null) {
          return found;
        }
      }
    }
    return null;
  }

  private static VideoResolver.Candidate fromVersions(JsonNode media) {
    VideoResolver.Candidate best = null;
    long bestArea = -1;
    for (var version : media.path("video_versions")) {
      var url = version.path("url").asText("");
      var width = VideoResolver.intOrNull(version.get("width"));
      var height = VideoResolver.intOrNull(version.get("height"));
      long area = (long) (width == null ? 0 : width) * (height == null ? 0 : height);
      if (!url.isBlank() && area > bestArea) {
        best = new VideoResolver.Candidate(url, width, height, duration(media), false);
        bestArea = area;
      }
    }
    return best;
  }

  private static VideoResolver.Candidate fromVideoUrl(JsonNode media) {
    var url = media.path("video_url");
    if (!url.isTextual() || url.asText().isBlank()) {
      return null;
    }
    var dimensions = media.path("dimensions");
    return new VideoResolver.Candidate(url.asText(), VideoResolver.intOrNull(dimensions.get("width")),
        VideoResolver.intOrNull(dimensions.get("height")), duration(media), false);
  }

  private static Double duration(JsonNode media) {
    var duration = media.path("video_duration");
    return duration.isNumber() && duration.asDouble() > 0 ? duration.asDouble() : null;
  }
}

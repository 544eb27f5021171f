package dev.videoautomation.scrape.lookup;

import com.fasterxml.jackson.databind.JsonNode;

/** The best video file of a TikTok post answer ({@code aweme_detail.video}). */
final class TikTokVideo {
  private TikTokVideo() {
  }

  static VideoResolver.Candidate find(JsonNode data) {
    var aweme = data.has("aweme_detail") ? data.get("aweme_detail") : data;
    var video = aweme.path("video");
    if (!video.isObject()) {
      return null;
    }
    var duration = duration(video.path("duration"));
    var best = bestBitRate(video.path("bit_rate"), duration);
    if (best != null) {
      return best;
    }
    var plain = fromAddr(video.path("play_addr"), video, duration, false);
    return plain != null ? plain : fromAddr(video.path("download_addr"), video, duration, true);
  }

  private static VideoResolver.Candidate bestBitRate(JsonNode rates, Double duration) {
    VideoResolver.Candidate best = null;
    long bestRate = -1;
    for (var rate : rates) {
      var candidate = fromAddr(rate.path("play_addr"), rate.path("play_addr"), duration, false);
      if (candidate != null && rate.path("bit_rate").asLong(0) > bestRate) {
        best = candidate;
        bestRate = rate.path("bit_rate").asLong(0);
      }
    }
    return best;
  }

  private static VideoResolver.Candidate fromAddr(JsonNode addr, JsonNode sizes, Double duration, boolean watermark) {
    var url = VideoResolver.firstUrl(addr.path("url_list"));
    if (url == null) {
      return null;
    }
    var width = VideoResolver.intOrNull(addr.get("width"));
    var height = VideoResolver.intOrNull(addr.get("height"));
    return new VideoResolver.Candidate(url, width != null ? width : VideoResolver.intOrNull(sizes.get("width")),
        height != null ? height : VideoResolver.intOrNull(sizes.get("height")), duration, watermark);
  }

  /** TikTok reports {@code video.duration} in milliseconds (older shapes: seconds). */
  private static Double duration(JsonNode node) {
    if (!node.isNumber() || node.asDouble() <= 0) {
      return null;
    }
    var value = node.asDouble();
    return value > 1000 ? value / 1000.0 : value;
  }
}

package dev.videoautomation.scrape.endpoints;

import java.util.Map;

/** A scrape body: the fields forwarded to the provider (by public name) and whether to stage the media. */
public interface ScrapeRequest {

  /** The fields to forward, by public name; null values are not sent. {@code download_media} is never among them. */
  Map<String, String> fields();

  /** Whether to stage the answer's media: never, unless the body takes {@code download_media} ({@link Staging}). */
  default boolean stageMedia() {
    return false;
  }

  /** A body with {@code download_media}: the answer's media is staged when it is true (absent is false). */
  interface Staging extends ScrapeRequest {
    Boolean downloadMedia();

    @Override
    default boolean stageMedia() {
      return Boolean.TRUE.equals(downloadMedia());
    }
  }

  /** {@code trim=true} is forwarded; false or absent sends nothing. */
  static String trim(Boolean trim) {
    return Boolean.TRUE.equals(trim) ? "true" : null;
  }

  /** A map that keeps null values out (Map.of refuses nulls). */
  static Map<String, String> of(String... pairs) {
    var map = new java.util.LinkedHashMap<String, String>();
    for (int i = 0; i + 1 < pairs.length; i += 2) {
      if (pairs[i + 1] != null) {
        map.put(pairs[i], pairs[i + 1]);
      }
    }
    return map;
  }
}

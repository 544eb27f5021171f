package dev.videoautomation.scrape.endpoints;

import java.util.Map;

/** A scrape body: the fields forwarded to the provider (by public name) and whether to stage the media. */
public interface ScrapeRequest {

  /** The fields to forward, by public name; null values are not sent. {@code download_media} is never among them. */
  Map<String, String> fields();

  /** {@code download_media}, default false. */
  boolean stageMedia();

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

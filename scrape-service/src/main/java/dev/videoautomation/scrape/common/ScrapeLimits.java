package dev.videoautomation.scrape.common;

import java.util.Map;

import dev.videoautomation.platform.errors.ApiException;

/**
 * The longest value each text field of a scrape or import body may hold: checked before the provider is asked, and
 * the {@code maxLength} the OpenAPI document gives the same field, so the two cannot disagree.
 */
public final class ScrapeLimits {
  /** Platform handles are 15 (microblog) to 30 characters; room for a leading {@code @} and future platforms. */
  public static final int HANDLE = 100;
  /** Post and video URLs, as media-service bounds a URL it probes. */
  public static final int URL = 4096;
  /** The provider's opaque page tokens (video-site continuation tokens run to several hundred characters). */
  public static final int CURSOR = 4096;
  public static final int QUERY = 500;
  /** A company's web domain: a DNS name is at most 253 characters. */
  public static final int COMPANY = 253;
  /** An ISO 3166-1 country code (alpha-2, or alpha-3), or {@code ALL} on the social ad library. */
  public static final int COUNTRY = 3;
  /** Video-site channel ids are 24 characters ({@code UC…}). */
  public static final int CHANNEL_ID = 100;

  private static final Map<String, Integer> BY_FIELD = Map.of("handle", HANDLE, "url", URL, "cursor", CURSOR,
      "query", QUERY, "company", COMPANY, "country", COUNTRY, "channel_id", CHANNEL_ID);

  private ScrapeLimits() {
  }

  /** Refuses the first text field (by its public name) longer than its limit: 400 naming it. Flags pass. */
  public static void check(Map<String, String> fields) {
    fields.forEach((name, value) -> {
      var max = BY_FIELD.get(name);
      if (max != null && value != null && value.length() > max) {
        throw ApiException.invalidField(name, "must be at most " + max + " characters");
      }
    });
  }
}

package dev.videoautomation.scrape.publicdata;

import java.util.List;

import dev.videoautomation.platform.errors.ApiException;

/**
 * A scrape body ({@link ScrapeBodies}): its fields are what the provider is asked, by their JSON names
 * ({@link ScrapeService#run}); {@code download_media} says whether the answer's media is staged.
 */
public interface ScrapeRequest {

  /** Whether to add the normalized record ({@code normalize}, default false). */
  Boolean normalize();

  /** The normalized items' fields to keep; null keeps all. */
  List<String> fields();

  /** Refuses a body that names nothing to scrape; a body whose identifier is one required field has nothing to add. */
  default void requireSubject() {
  }

  /** A video-site channel, named by {@code handle} or {@code channel_id}: neither is a 400 naming both. */
  interface Channel extends ScrapeRequest {
    String handle();

    String channelId();

    @Override
    default void requireSubject() {
      if (blank(handle()) && blank(channelId())) {
        throw ApiException.invalidField("handle", "or 'channel_id' is required");
      }
    }

    private static boolean blank(String value) {
      return value == null || value.isBlank();
    }
  }
}

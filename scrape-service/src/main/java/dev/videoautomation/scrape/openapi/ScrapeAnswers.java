package dev.videoautomation.scrape.openapi;

import dev.videoautomation.platform.openapi.SharedAnswers;

/**
 * The answers scrape's operations share, as {@link SharedAnswers#ANSWERS} lists: the platform's by status, scrape's
 * own by the name of their component in {@code META-INF/openapi.yaml}, where each is worded once.
 */
public final class ScrapeAnswers {
  /**
   * Every provider-backed scrape operation besides its 200: a bad body, nothing found, a body that is not JSON, the
   * provider failing, missing or slow. Named once on each resource class.
   */
  public static final String SCRAPE = "400,404=ScrapeNothingFound,415,502=ScrapeProviderFailed,"
      + "503=ScrapeProviderNotConfigured,504=ScrapeProviderTimedOut";
  /** The 400 of an operation that takes a post {@code url}, which may also be refused as not public. */
  public static final String INVALID_OR_REFUSED_URL = "ScrapeInvalidRequestOrUrl";
  /** Video import: the provider's answers; its own 400, 413, 415, 422 and 503 are written out. */
  public static final String IMPORT = "404=ScrapeNothingFound,502=ScrapeProviderFailed,504=ScrapeProviderTimedOut";

  private ScrapeAnswers() {
  }
}

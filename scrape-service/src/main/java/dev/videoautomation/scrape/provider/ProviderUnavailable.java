package dev.videoautomation.scrape.provider;

import dev.videoautomation.platform.errors.ApiError;
import dev.videoautomation.platform.errors.ApiException;

/** The provider failed in a way worth retrying (5xx, broken connection): 502 upstream_error, and a breaker failure. */
public class ProviderUnavailable extends ApiException {
  public ProviderUnavailable(ApiError error) {
    super(error);
  }
}

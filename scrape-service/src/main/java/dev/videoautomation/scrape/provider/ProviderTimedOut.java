package dev.videoautomation.scrape.provider;

import dev.videoautomation.platform.errors.ApiError;
import dev.videoautomation.platform.errors.ApiException;

/** The provider did not answer in time: 504 upstream_timeout, and a breaker failure; not retried (it would wait again). */
public class ProviderTimedOut extends ApiException {
  public ProviderTimedOut(ApiError error) {
    super(error);
  }
}

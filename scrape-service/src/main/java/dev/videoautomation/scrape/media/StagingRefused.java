package dev.videoautomation.scrape.media;

import dev.videoautomation.platform.errors.ApiError;
import dev.videoautomation.platform.errors.ApiException;

/** Media could not stage a file; {@link #reason()} is media's error code (url_not_allowed, upstream_error, …). */
public class StagingRefused extends ApiException {
  public StagingRefused(ApiError error) {
    super(error);
  }

  public String reason() {
    return error().getError();
  }
}

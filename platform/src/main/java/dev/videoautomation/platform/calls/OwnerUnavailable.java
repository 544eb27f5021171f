package dev.videoautomation.platform.calls;

import dev.videoautomation.platform.errors.ApiError;

/**
 * The owner could not be reached, timed out or answered 502/504: the one kind of failure an idempotent internal call
 * retries (docs/internal-api.md §1.4).
 */
public class OwnerUnavailable extends OwnerRefusal {
  public OwnerUnavailable(ApiError error) {
    super(error);
  }
}

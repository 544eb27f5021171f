package dev.videoautomation.platform.calls;

import dev.videoautomation.platform.errors.ApiError;
import dev.videoautomation.platform.errors.ApiException;

/**
 * Another service of the suite answered a call with an error. It carries that service's own error body and status,
 * so a caller serving an agent can let 402, 413, 415 and url_not_allowed through unchanged (docs/internal-api.md
 * §1.3) and turn anything else into its own typed error. {@link #reason()} is the owner's error code.
 */
public class OwnerRefusal extends ApiException {
  public OwnerRefusal(ApiError error) {
    super(error);
  }

  public String reason() {
    return error().getError();
  }

  public int status() {
    return error().status();
  }
}

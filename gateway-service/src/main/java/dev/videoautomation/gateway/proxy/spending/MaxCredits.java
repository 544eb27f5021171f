package dev.videoautomation.gateway.proxy.spending;

import java.util.Optional;

import io.vertx.core.MultiMap;

import dev.videoautomation.gateway.routing.Route;
import dev.videoautomation.platform.errors.ApiError;
import dev.videoautomation.platform.spending.CreditHeaders;

/**
 * The agent's {@code Max-Credits} cap, judged by the gateway before it takes a daily unit (issue 32 §2): the owner
 * judges it too (platform {@link CreditHeaders}), but only after the unit is taken, and a malformed header must
 * spend nothing. The owner's rule and words: one header of plain digits, 0 to 2147483647.
 */
public final class MaxCredits {
  private MaxCredits() {
  }

  /** 400 {@code invalid_request} naming {@code Max-Credits} when a charging route's request carries a bad one. */
  public static Optional<ApiError> refusal(Route route, MultiMap requestHeaders) {
    if (!route.chargesCredits()) {
      return Optional.empty();
    }
    var given = requestHeaders.getAll(CreditHeaders.MAX_CREDITS);
    if (given.isEmpty() || given.size() == 1 && CreditHeaders.parse(given.getFirst()).isPresent()) {
      return Optional.empty();
    }
    return Optional.of(malformed());
  }

  /** The owner's refusal of a malformed cap, word for word. */
  public static ApiError malformed() {
    return ApiError.invalidField(CreditHeaders.MAX_CREDITS, "must be one whole number of credits from 0 to "
        + Integer.MAX_VALUE + " (the most this call may cost), or be left out");
  }
}

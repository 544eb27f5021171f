package dev.videoautomation.platform.spending;

import java.util.Optional;
import java.util.regex.Pattern;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

import io.quarkus.vertx.http.runtime.filters.Filters;
import io.vertx.ext.web.RoutingContext;

import dev.videoautomation.platform.calls.SpendContext;
import dev.videoautomation.platform.errors.ApiError;
import dev.videoautomation.platform.errors.ErrorResponses;
import dev.videoautomation.platform.token.InternalTokenConfig;
import dev.videoautomation.platform.token.InternalTokenFilter;

/**
 * The two spend headers of a credit-charging operation (issue 32, docs/internal-api.md §3.19.2), once for every
 * owner: the agent's {@code Max-Credits} cap, read and checked before the resource runs, and {@code Credits-Remaining}
 * on the answer, from the charge's {@code remaining}. Which requests charge is {@link SpendingOperation}'s table
 * ({@link SpendingOperation#charging}); platform's {@code CreditsCalls} reads the cap for the charge and leaves the
 * remaining credits through {@link SpendContext}, so no resource or service of an owner names either header.
 * <p>
 * A malformed cap (anything but one header of 0 to 2147483647 in plain digits) is 400 {@code invalid_request} naming
 * {@code Max-Credits}, before the body is read and so before anything is spent. {@code Credits-Remaining} is written
 * only on a 2xx answer to a request whose charge went through. Owners only: the gateway (which requires no internal
 * token) checks and passes the headers on as it decides.
 */
@ApplicationScoped
public class CreditHeaders {
  public static final String MAX_CREDITS = SpendContext.MAX_CREDITS;
  public static final String CREDITS_REMAINING = SpendContext.CREDITS_REMAINING;
  /** After the internal token is verified, so an unauthenticated request is a 401 whatever its headers. */
  public static final int PRIORITY = InternalTokenFilter.PRIORITY - 10;
  private static final Pattern DIGITS = Pattern.compile("[0-9]{1,10}");

  private final boolean owner;

  CreditHeaders(InternalTokenConfig tokens) {
    this.owner = tokens.required();
  }

  void register(@Observes Filters filters) {
    if (owner) {
      filters.register(this::filter, PRIORITY);
    }
  }

  void filter(RoutingContext rc) {
    if (SpendingOperation.charging(rc.request().method().name(), rc.normalizedPath()).isEmpty()) {
      rc.next();
      return;
    }
    var given = rc.request().headers().getAll(MAX_CREDITS);
    if (!given.isEmpty()) {
      var cap = given.size() == 1 ? parse(given.getFirst()) : Optional.<Integer>empty();
      if (cap.isEmpty()) {
        ErrorResponses.send(rc, ApiError.invalidField(MAX_CREDITS, "must be one whole number of credits from 0 to "
            + Integer.MAX_VALUE + " (the most this call may cost), or be left out"));
        return;
      }
      SpendContext.capOf(rc, cap.get());
    }
    rc.addHeadersEndHandler(ignored -> {
      var remaining = SpendContext.remainingOf(rc);
      var status = rc.response().getStatusCode();
      if (remaining != null && status >= 200 && status < 300) {
        rc.response().headers().set(CREDITS_REMAINING, String.valueOf(remaining));
      }
    });
    rc.next();
  }

  /** The cap in a {@code Max-Credits} value: plain digits (no sign, space or fraction), at most an int's maximum. */
  public static Optional<Integer> parse(String value) {
    if (value == null || !DIGITS.matcher(value).matches()) {
      return Optional.empty();
    }
    var cap = Long.parseLong(value);
    return cap > Integer.MAX_VALUE ? Optional.empty() : Optional.of((int) cap);
  }
}

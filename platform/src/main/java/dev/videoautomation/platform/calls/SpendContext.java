package dev.videoautomation.platform.calls;

import java.util.Optional;

import jakarta.enterprise.context.ApplicationScoped;

import io.quarkus.arc.Arc;
import io.quarkus.vertx.http.runtime.CurrentVertxRequest;
import io.vertx.ext.web.RoutingContext;

/**
 * What the current request holds for its credit charge (issue 32): the agent's {@code Max-Credits} cap, put there by
 * platform's {@code spending/CreditHeaders} filter once it checked the header, and what the charge left, which the
 * same filter writes as {@code Credits-Remaining}. Kept on the request's routing context, so it lives exactly as long
 * as the request; outside a request (a worker) there is no cap and nothing to answer.
 */
@ApplicationScoped
public class SpendContext {
  public static final String MAX_CREDITS = "Max-Credits";
  public static final String CREDITS_REMAINING = "Credits-Remaining";
  private static final String CAP_KEY = "vas.maxCredits";
  private static final String REMAINING_KEY = "vas.creditsRemaining";

  /** The current request's cap; empty when none was given, or outside a request that charges. */
  public Optional<Integer> maxCredits() {
    return currentRequest().map(rc -> rc.<Integer>get(CAP_KEY));
  }

  /** Remembers what the current request's charge left, for its {@code Credits-Remaining}; ignored outside one. */
  public void remaining(int credits) {
    currentRequest().ifPresent(rc -> rc.put(REMAINING_KEY, credits));
  }

  /** For the filter: the request's checked cap. */
  public static void capOf(RoutingContext rc, int cap) {
    rc.put(CAP_KEY, cap);
  }

  /** For the filter: what the request's charge left, or null when nothing was charged. */
  public static Integer remainingOf(RoutingContext rc) {
    return rc.get(REMAINING_KEY);
  }

  /** The request being served, if any (dry runs read their {@code dryRun} parameter from it). */
  public static Optional<RoutingContext> currentRequest() {
    var container = Arc.container();
    if (container == null || !container.requestContext().isActive()) {
      return Optional.empty();
    }
    return Optional.ofNullable(container.instance(CurrentVertxRequest.class).get().getCurrent());
  }
}

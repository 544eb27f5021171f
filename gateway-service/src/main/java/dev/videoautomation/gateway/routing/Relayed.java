package dev.videoautomation.gateway.routing;

import io.vertx.ext.web.RoutingContext;

/**
 * Whose answer a request got: an owner's, relayed (forwarded, or replayed for an {@code Idempotency-Key}), or the
 * gateway's own. What the gateway adds to its own answers (the 401 challenge) it leaves off an owner's.
 */
public final class Relayed {
  private static final String CONTEXT_KEY = "vas.relayed";

  private Relayed() {
  }

  /** Marks the answer in {@code rc} as the owner's. */
  public static void mark(RoutingContext rc) {
    rc.put(CONTEXT_KEY, true);
  }

  /** Whether the answer in {@code rc} is the owner's. */
  public static boolean isRelayed(RoutingContext rc) {
    return Boolean.TRUE.equals(rc.get(CONTEXT_KEY));
  }
}

package dev.videoautomation.gateway.routing;

/**
 * What a route asks of its caller (design §3.1). Public routes need no key; GET/HEAD need {@code api.read}; every
 * other method needs {@code api.write} and an active subscription.
 */
public enum Access {
  /** No key, no scope, no subscription (discovery, registration, pricing, checkout, webhooks, CDN). */
  PUBLIC,
  /** No key needed, but one is used when sent (subscribe: a keyed call subscribes that client). */
  OPTIONAL_KEY,
  /** Any valid key, whatever its scopes, and no subscription (rotating one's own key). */
  ANY_KEY,
  /** {@code api.read}, no subscription. */
  READ,
  /** {@code api.write} and an active subscription. */
  WRITE;

  public boolean needsKey() {
    return this == ANY_KEY || this == READ || this == WRITE;
  }

  public boolean needsSubscription() {
    return this == WRITE;
  }
}

package dev.videoautomation.gateway.routing;

import java.util.List;

import dev.videoautomation.platform.errors.ErrorCode;

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

  /** Whether a key sent here is checked (and a bad one refused with 401), needed or not. */
  public boolean checksKey() {
    return this != PUBLIC;
  }

  /** The 403 codes the gateway answers on a route with this access, in the order it checks them. */
  public List<ErrorCode> refusals() {
    return switch (this) {
      case READ -> List.of(ErrorCode.INSUFFICIENT_SCOPE);
      case WRITE -> List.of(ErrorCode.INSUFFICIENT_SCOPE, ErrorCode.SUBSCRIPTION_REQUIRED);
      default -> List.of();
    };
  }
}

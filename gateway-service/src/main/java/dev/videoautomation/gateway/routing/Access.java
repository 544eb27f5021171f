package dev.videoautomation.gateway.routing;

import java.util.List;

import dev.videoautomation.platform.errors.ErrorCode;

/**
 * What a route asks of its caller (design §3.1). Public routes need no key; GET/HEAD need {@code api.read}; every
 * other method needs {@code api.write} and an active subscription. Managing keys asks more of every method
 * ({@link #MANAGE_KEYS}): the design's GET rule would let a read-only or unsubscribed key list the client's keys.
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
  WRITE,
  /**
   * Managing the client's keys, reads included (issue 32): a claimed key ({@code api.write}, which no anonymous key
   * has) of a subscribed client that is not itself a sub-key.
   */
  MANAGE_KEYS,
  /**
   * Another service of the suite, by its internal token (docs/internal-api.md §1.2), never an API key: the gateway's
   * own internal endpoints, which the public document does not show.
   */
  SERVICE;

  public boolean needsKey() {
    return this == ANY_KEY || this == READ || this == WRITE || this == MANAGE_KEYS;
  }

  public boolean needsSubscription() {
    return this == WRITE || this == MANAGE_KEYS;
  }

  /** The scope a key needs here, or null when any key (or none) does. */
  public String scope() {
    return switch (this) {
      case READ -> "api.read";
      case WRITE, MANAGE_KEYS -> "api.write";
      default -> null;
    };
  }

  /** Whether a sub-key is refused whatever its scopes (every route that manages keys). */
  public boolean refusesSubKeys() {
    return this == MANAGE_KEYS;
  }

  /** Whether a key sent here is checked (and a bad one refused with 401), needed or not. */
  public boolean checksKey() {
    return this != PUBLIC && this != SERVICE;
  }

  /** The 403 codes the gateway answers on a route with this access, in the order it checks them. */
  public List<ErrorCode> refusals() {
    return switch (this) {
      case READ -> List.of(ErrorCode.INSUFFICIENT_SCOPE);
      case WRITE, MANAGE_KEYS -> List.of(ErrorCode.INSUFFICIENT_SCOPE, ErrorCode.SUBSCRIPTION_REQUIRED);
      default -> List.of();
    };
  }
}

package dev.videoautomation.gateway.admission;

import java.util.Set;

import dev.videoautomation.gateway.entitlements.Entitlement;

/**
 * A caller the gateway let through: its client, the key it presented, that key's scopes, and its entitlement
 * (null when billing could not be asked and the route does not need it).
 */
public record Admitted(String clientId, String keyId, Set<String> scopes, Entitlement entitlement) {
  /** Where the gateway's own resources find the caller in the routing context. */
  public static final String CONTEXT_KEY = "vas.admitted";

  public String plan() {
    return entitlement == null || !entitlement.active() ? null : entitlement.plan();
  }
}

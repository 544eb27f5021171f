package dev.videoautomation.gateway.admission;

import java.util.Set;

import dev.videoautomation.gateway.entitlements.Entitlement;
import dev.videoautomation.gateway.keys.KeyVerification;

/**
 * A caller the gateway let through: its client, the key it presented, that key's scopes, its entitlement (null when
 * billing could not be asked and the route does not need it), and auth's verification of the key, whose caps bind a
 * sub-key (its buckets and own daily calls).
 */
public record Admitted(String clientId, String keyId, Set<String> scopes, Entitlement entitlement,
    KeyVerification key) {
  /** Where the gateway's own resources find the caller in the routing context. */
  public static final String CONTEXT_KEY = "vas.admitted";

  public String plan() {
    return entitlement == null || !entitlement.active() ? null : entitlement.plan();
  }

  public boolean subKey() {
    return key != null && key.isSubKey();
  }
}

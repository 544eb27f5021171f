package dev.videoautomation.billing.config;

import java.util.Optional;

import io.smallrye.config.ConfigMapping;

/** billing-service's own settings. */
@ConfigMapping(prefix = "billing")
public interface BillingConfig {

  /** The operators' admin API (docs/internal-api.md §3.5). */
  Admin admin();

  /** Subscribing: the checkout provider and how keyless checkouts keep their key until it is handed out. */
  Checkout checkout();

  interface Checkout {
    /** How long a checkout session may be completed. */
    @io.smallrye.config.WithDefault("PT24H")
    java.time.Duration sessionTtl();

    /**
     * AES-256 key (base64 of 32 bytes) that encrypts a keyless checkout's API key until {@code credits/status} hands
     * it out (env BILLING_CHECKOUT_CREDENTIAL_KEY). Unset: keyless checkouts are refused with setup advice.
     */
    Optional<String> credentialKey();
  }

  interface Admin {
    /** The secret operators send in {@code X-Operator-Token} (env BILLING_ADMIN_OPERATOR_TOKEN); unset = admin off. */
    Optional<String> operatorToken();
  }
}

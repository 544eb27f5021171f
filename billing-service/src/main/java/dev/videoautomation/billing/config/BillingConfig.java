package dev.videoautomation.billing.config;

import java.util.Optional;

import io.smallrye.config.ConfigMapping;

/** billing-service's own settings. */
@ConfigMapping(prefix = "billing")
public interface BillingConfig {

  /** The operators' admin API (docs/internal-api.md §3.5). */
  Admin admin();

  interface Admin {
    /** The secret operators send in {@code X-Operator-Token} (env BILLING_ADMIN_OPERATOR_TOKEN); unset = admin off. */
    Optional<String> operatorToken();
  }
}

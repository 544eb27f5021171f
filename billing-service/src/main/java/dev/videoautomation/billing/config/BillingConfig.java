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

  /** Who may call which internal endpoint beyond the general rules (docs/internal-api.md §1.2). */
  Internal internal();

  interface Internal {
    /** The subjects that may set and read per-key budgets (§3.19.2): auth, which owns the keys. */
    @io.smallrye.config.WithDefault("service:auth-service")
    java.util.List<String> budgetCallers();
  }

  /** Stripe (docs: Checkout Sessions in subscription mode, webhooks signed with Stripe-Signature). */
  Stripe stripe();

  interface Stripe {
    /** Stripe's API base URL (env BILLING_STRIPE_API_BASE); tests point it at a simulator on loopback. */
    @io.smallrye.config.WithDefault("https://api.stripe.com")
    String apiBase();

    /** Secret API key, sk_... (env BILLING_STRIPE_SECRET_KEY). */
    Optional<String> secretKey();

    /** The recurring $99/month Price, price_... (env BILLING_STRIPE_PRICE_ID). */
    Optional<String> priceId();

    /** The endpoint's signing secret, whsec_... (env BILLING_STRIPE_WEBHOOK_SECRET). */
    Optional<String> webhookSecret();

    /** Signed webhooks older (or newer) than this are refused. */
    @io.smallrye.config.WithDefault("PT300S")
    java.time.Duration tolerance();

    /** How long a past-due subscription keeps working after a failed payment. */
    @io.smallrye.config.WithDefault("P3D")
    java.time.Duration grace();
  }

  interface Checkout {
    /** {@code local} (the embedded default: billing's own page) or {@code stripe} (env BILLING_CHECKOUT_PROVIDER). */
    @io.smallrye.config.WithDefault("local")
    String provider();

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

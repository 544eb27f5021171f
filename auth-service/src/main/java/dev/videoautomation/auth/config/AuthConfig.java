package dev.videoautomation.auth.config;

import java.time.Duration;
import java.util.List;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

/**
 * Every setting of auth-service under {@code auth.} (docs/auth-service.md lists them; each can be set by env, e.g.
 * {@code AUTH_CLAIM_TOKEN_TTL=PT24H}). The public base URL is the suite's ({@code SuiteConfig}).
 */
@ConfigMapping(prefix = "auth")
public interface AuthConfig {
  ClaimToken claimToken();

  OneTimeCodes codes();

  Registration registration();

  Leaks leaks();

  Internal internal();

  interface ClaimToken {
    /** How long a claim token (and the claim page link) works. */
    @WithDefault("PT24H")
    Duration ttl();
  }

  interface OneTimeCodes {
    /** How long a mailed one-time code works. */
    @WithDefault("PT10M")
    Duration ttl();

    /** How many wrong codes void a code. */
    @WithDefault("5")
    int maxAttempts();

    /** Code mails per recipient address per hour, across registration, claim, recovery and keyless checkout. */
    @WithDefault("5")
    int perRecipientPerHour();
  }

  interface Registration {
    /** Registrations, claim starts and recovery-code requests per source address ({@code X-Client-Address}) per hour. */
    @WithDefault("30")
    int perAddressPerHour();
  }

  interface Leaks {
    /**
     * Leaked-key reports ({@code POST /v1/api_keys/revoke_leaked}) per source address per hour, counted apart from
     * registrations: a secret scanner reporting many keys must not use up anyone's registrations, nor they its reports.
     */
    @WithDefault("60")
    int perAddressPerHour();

    /**
     * How often every replica looks for reports left behind (a replica died or the database was away); each report
     * also wakes the worker at once. Read by {@code LeakRevocations}' schedule.
     */
    @WithDefault("5s")
    Duration sweepEvery();
  }

  /** Who may call the internal endpoints (docs/internal-api.md §1.2 rule 3): token subjects. */
  interface Internal {
    List<String> verifyCallers();

    List<String> clientsCallers();
  }
}

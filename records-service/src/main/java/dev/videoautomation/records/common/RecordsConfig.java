package dev.videoautomation.records.common;

import java.time.Duration;
import java.util.Optional;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

/** records-service settings: the account-verification worker and the post publisher. */
@ConfigMapping(prefix = "records")
public interface RecordsConfig {

  Accounts accounts();

  Publisher publisher();

  interface Accounts {
    /** How often the verification worker runs ({@code off} disables it), env RECORDS_ACCOUNTS_VERIFY_EVERY. */
    @WithDefault("5s")
    String verifyEvery();

    /** Lookups tried before an account whose handle could not be checked fails (and is refunded). */
    @WithDefault("5")
    int maxAttempts();

    /** Wait after the first failed lookup; doubled after each further failure. */
    @WithDefault("PT30S")
    Duration backoff();

    /** How long a claimed account is left to one worker before another may take it again. */
    @WithDefault("PT2M")
    Duration lease();

    /** Accounts verified per run. */
    @WithDefault("20")
    int batch();

    /**
     * How long after its creation an account's verification may take (its job's {@code deadlineAt}); past it a
     * {@code creating} account fails with {@code deadline_exceeded} and is refunded. Env RECORDS_ACCOUNTS_DEADLINE.
     */
    @WithDefault("PT1H")
    Duration deadline();
  }

  interface Publisher {
    /** Ayrshare's API base URL, env RECORDS_PUBLISHER_BASE_URL. */
    @WithDefault("https://api.ayrshare.com")
    String baseUrl();

    /** Ayrshare API key (Bearer), env RECORDS_PUBLISHER_API_KEY; unset = due posts fail publisher_not_configured. */
    Optional<String> apiKey();

    /** Ayrshare Profile-Key header (business plans posting for a user profile), env RECORDS_PUBLISHER_PROFILE_KEY. */
    Optional<String> profileKey();

    /** How often the publisher runs ({@code off} disables it), env RECORDS_PUBLISHER_EVERY. */
    @WithDefault("10s")
    String every();

    /** How long a post may stay {@code publishing}; past it the post fails with publish_interrupted. */
    @WithDefault("PT5M")
    Duration lease();

    /** Posts published per run. */
    @WithDefault("10")
    int batch();

    /**
     * How long after its {@code scheduledAt} a post may wait for publishing to start (its job's {@code deadlineAt});
     * past it a {@code scheduled} post fails with {@code deadline_exceeded} and is never sent. Env
     * RECORDS_PUBLISHER_DEADLINE.
     */
    @WithDefault("PT1H")
    Duration deadline();
  }
}

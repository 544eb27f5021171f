package dev.videoautomation.platform.webhooks;

import java.util.Base64;
import java.util.Objects;
import java.util.Optional;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import io.quarkus.logging.Log;

import dev.videoautomation.platform.config.SuiteConfig;
import dev.videoautomation.platform.errors.ApiException;
import dev.videoautomation.platform.hashes.Hashes;
import dev.videoautomation.platform.providers.ProviderErrors;

/**
 * Webhook secrets, derived and never stored (docs/internal-api.md §3.18): an endpoint's is
 * {@code whsec_} + base64(HMAC-SHA256(K, "<whk_id>:<generation>")), a job's one-off receiver's
 * {@code whsec_} + base64(HMAC-SHA256(K, "job:<jobId>")), with K the suite webhook key ({@code SUITE_WEBHOOK_KEY},
 * base64 of at least 32 random bytes). The owner that shows a secret and records, which signs with it, derive the
 * same one from the same key. Without a usable key nothing is derived: callers answer 503
 * {@code provider_not_configured} through {@link #requireConfigured()}.
 */
@ApplicationScoped
public class WebhookSecrets {
  /** The environment variable operators set; {@code suite.webhook-key} in configuration. */
  public static final String VARIABLE = "SUITE_WEBHOOK_KEY";
  public static final String PREFIX = "whsec_";
  static final int MIN_KEY_BYTES = 32;
  private static final String SETUP = "Set " + VARIABLE + " to the base64 of at least " + MIN_KEY_BYTES
      + " random bytes (for example `openssl rand -base64 32`), the same on records-service and on every service "
      + "that creates jobs; ./run.sh generates .data/keys/webhook.key.";

  private final byte[] key;
  private final String problem;

  @Inject
  WebhookSecrets(SuiteConfig config) {
    this(config.webhookKey());
  }

  /** Secrets from {@code base64Key} as configured (absent, blank or unusable: not configured). */
  public WebhookSecrets(Optional<String> base64Key) {
    byte[] decoded = null;
    String why = null;
    var text = base64Key.map(String::trim).filter(value -> !value.isEmpty());
    if (text.isEmpty()) {
      why = VARIABLE + " is not set";
    } else {
      try {
        decoded = Base64.getDecoder().decode(text.get());
        if (decoded.length < MIN_KEY_BYTES) {
          why = VARIABLE + " decodes to " + decoded.length + " bytes, fewer than " + MIN_KEY_BYTES;
          decoded = null;
        }
      } catch (IllegalArgumentException e) {
        why = VARIABLE + " is not standard base64";
      }
      if (why != null) {
        // Said once, at start, without the value: an operator who set a key expects it to work.
        Log.warnf("Webhooks stay off: %s.", why);
      }
    }
    this.key = decoded;
    this.problem = why;
  }

  /** Whether secrets can be derived (a usable key is set). */
  public boolean configured() {
    return key != null;
  }

  /**
   * Throws the 503 {@code provider_not_configured} with {@code setup} when there is no usable key: the answer of
   * {@code /v1/webhooks} and of a {@code webhookUrl} on a server without one.
   */
  public void requireConfigured() {
    if (key == null) {
      throw notConfigured();
    }
  }

  /** The 503 {@code provider_not_configured} of webhooks on this server, naming what to set. */
  public ApiException notConfigured() {
    return ProviderErrors.notConfigured("Webhook signing", SETUP + (problem == null ? "" : " (" + problem + ")"));
  }

  /** The secret of endpoint {@code webhookId} ({@code whk_…}) at {@code generation} (raised by every rotation). */
  public String endpointSecret(String webhookId, long generation) {
    return derive(Objects.requireNonNull(webhookId) + ":" + generation);
  }

  /** The secret of the one-off {@code webhookUrl} of job {@code jobId}. */
  public String jobSecret(String jobId) {
    return derive("job:" + Objects.requireNonNull(jobId));
  }

  private String derive(String label) {
    requireConfigured();
    return PREFIX + Base64.getEncoder().encodeToString(Hashes.hmacSha256(key, label));
  }

  @Override
  public String toString() {
    // Never the key: a bean may end up in a log line or a debugger's watch.
    return "WebhookSecrets[" + (key == null ? "not configured" : "configured") + "]";
  }

}

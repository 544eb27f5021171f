package dev.videoautomation.clone.common;

import java.time.Duration;

import jakarta.enterprise.context.ApplicationScoped;

import dev.videoautomation.clone.config.CloneConfig;
import dev.videoautomation.platform.errors.ApiException;
import dev.videoautomation.platform.urls.UrlGuard;
import dev.videoautomation.platform.webhooks.WebhookSecrets;

/**
 * The job fields every provider-backed creating POST takes (docs/jobs.md): {@code webhookUrl}, a one-off receiver
 * that records calls with the job's events, signed with the job's secret shown once as {@code webhookSecret}; and
 * {@code deadlineSeconds}, which can only lower the kind's default deadline ({@code clone.deadlines.*}).
 */
@ApplicationScoped
public class JobOptions {
  public static final int MIN_DEADLINE_SECONDS = 60;
  private final UrlGuard guard;
  private final WebhookSecrets secrets;
  private final CloneConfig config;

  public JobOptions(UrlGuard guard, WebhookSecrets secrets, CloneConfig config) {
    this.guard = guard;
    this.secrets = secrets;
    this.config = config;
  }

  /**
   * The receiver as the URL guard checked it (with DNS: records calls it back, pinned again at every attempt), or
   * null when none was given; 400 {@code url_not_allowed} naming {@code webhookUrl} otherwise.
   */
  public String webhookUrl(String url) {
    return url == null ? null : guard.checkReceiver(url, "webhookUrl").uri().toString();
  }

  /** The deadline of a new task of {@code taskKind}: the default, or {@code seconds} (60 up to the default). */
  public Duration deadline(String taskKind, Integer seconds) {
    var standard = config.deadlines().of(taskKind);
    if (seconds == null) {
      return standard;
    }
    if (seconds < MIN_DEADLINE_SECONDS || seconds > standard.toSeconds()) {
      throw ApiException.invalidField("deadlineSeconds", "must be from " + MIN_DEADLINE_SECONDS + " to "
          + standard.toSeconds() + " (this kind's default deadline): it can only lower the deadline");
    }
    return Duration.ofSeconds(seconds);
  }

  /**
   * 503 {@code provider_not_configured} (with {@code setup}) when a receiver was given but no suite webhook key is
   * set. Called once the request is right in every field, so bad input is 400 even then.
   */
  public void requireWebhookKey(String webhookUrl) {
    if (webhookUrl != null) {
      secrets.requireConfigured();
    }
  }

  /** The job's webhook secret, shown once in the answer that created it; null without a receiver. */
  public String webhookSecret(String jobId, String webhookUrl) {
    return webhookUrl == null ? null : secrets.jobSecret(jobId);
  }
}

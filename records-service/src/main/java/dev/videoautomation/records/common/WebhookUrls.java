package dev.videoautomation.records.common;

import jakarta.enterprise.context.ApplicationScoped;

import dev.videoautomation.platform.urls.UrlGuard;
import dev.videoautomation.platform.webhooks.WebhookSecrets;

/**
 * The one-off {@code webhookUrl} of a job-creating POST ({@code /v1/accounts}, {@code /v1/posts}; docs/jobs.md): checked
 * by the URL guard like every outside address the suite will call (public addresses only; https, unless the guard's
 * test-only loopback allowance is on, as the deliveries require), and refused with 503
 * {@code provider_not_configured} where no suite webhook key is set. The secret its deliveries are signed with is
 * derived from the job's id (platform {@link WebhookSecrets}), shown once in the create's answer.
 */
@ApplicationScoped
public class WebhookUrls {
  static final String FIELD = "webhookUrl";

  private final UrlGuard guard;
  private final WebhookSecrets secrets;

  public WebhookUrls(UrlGuard guard, WebhookSecrets secrets) {
    this.guard = guard;
    this.secrets = secrets;
  }

  /**
   * The URL to store, or null when none was given. Call it after the body's other fields are checked: only a request
   * right in every field learns what the deployment lacks.
   */
  public String check(String url) {
    if (url == null) {
      return null;
    }
    Inputs.required(FIELD, url, Inputs.MAX_URL);
    var checked = guard.checkReceiver(url.trim(), FIELD).uri();
    secrets.requireConfigured();
    return checked.toString();
  }

  /** The secret of job {@code jobId}'s one-off receiver, shown once. */
  public String secret(String jobId) {
    return secrets.jobSecret(jobId);
  }
}

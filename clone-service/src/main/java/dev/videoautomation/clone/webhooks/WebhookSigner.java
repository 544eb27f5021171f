package dev.videoautomation.clone.webhooks;

import java.nio.charset.StandardCharsets;
import java.util.Base64;

import jakarta.enterprise.context.ApplicationScoped;

import dev.videoautomation.clone.config.CloneConfig;
import dev.videoautomation.platform.hashes.Hashes;

/**
 * Legacy webhook secrets and signatures, for tasks created before webhooks moved to records (issue 31). A task's secret is derived, never stored: {@code whsec_} + base64url(HMAC-SHA256(
 * signing key, task id)); the agent gets it once, in the 202 that created the task. Each delivery carries
 * {@code Webhook-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>}, so the receiver recomputes
 * it from the secret, the header's timestamp and the raw body, and refuses old timestamps to stop replays.
 */
@ApplicationScoped
public class WebhookSigner {
  public static final String HEADER = "Webhook-Signature";
  private final CloneConfig config;

  public WebhookSigner(CloneConfig config) {
    this.config = config;
  }

  public boolean configured() {
    return config.webhooks().signingKey().filter(k -> !k.isBlank()).isPresent();
  }

  public String secretFor(String taskId) {
    var key = config.webhooks().signingKey().orElseThrow().getBytes(StandardCharsets.UTF_8);
    return "whsec_" + Base64.getUrlEncoder().withoutPadding().encodeToString(Hashes.hmacSha256(key, taskId));
  }

  /** The header value for {@code body} sent at {@code timestamp} (unix seconds). */
  public String signature(String taskId, long timestamp, String body) {
    return "t=" + timestamp + ",v1=" + Hashes.hmacSha256Hex(secretFor(taskId), timestamp + "." + body);
  }
}

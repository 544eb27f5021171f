package dev.videoautomation.platform.webhooks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.junit.jupiter.api.Test;

import com.standardwebhooks.Webhook;
import com.standardwebhooks.exceptions.WebhookVerificationException;

/**
 * Our signatures, checked by the Standard Webhooks reference library (com.standardwebhooks 1.2.0) exactly as a
 * receiver would use it, not by our own code.
 */
class StandardWebhooksTest {
  private static final WebhookSecrets SECRETS =
      new WebhookSecrets(Optional.of(Base64.getEncoder().encodeToString(new byte[] {
          1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29,
          30, 31, 32})));
  private static final String BODY = "{\"type\":\"job.succeeded\",\"timestamp\":\"2026-11-21T10:00:00Z\","
      + "\"data\":{\"id\":\"vid_1\",\"status\":\"succeeded\",\"note\":\"caf\u00e9 \u2713\"}}";

  private static Map<String, List<String>> asReceived(Map<String, String> headers) {
    var received = new HashMap<String, List<String>>();
    headers.forEach((name, value) -> received.put(name, List.of(value)));
    return received;
  }

  private static long now() {
    return Instant.now().getEpochSecond();
  }

  @Test
  void shouldBeVerifiedByTheStandardWebhooksLibrary() throws Exception {
    var secret = SECRETS.endpointSecret("whk_1", 1);
    var headers = StandardWebhooks.headers("evt_1", now(), BODY, List.of(secret));

    new Webhook(secret).verify(BODY, asReceived(headers));

    assertThat(headers).containsOnlyKeys("webhook-id", "webhook-timestamp", "webhook-signature");
    assertThat(headers.get("webhook-id")).isEqualTo("evt_1");
    assertThat(headers.get("webhook-signature")).startsWith("v1,");
  }

  @Test
  void shouldBeRefusedByTheLibraryWhenBodySecretOrIdDiffer() {
    var secret = SECRETS.endpointSecret("whk_1", 1);
    var headers = StandardWebhooks.headers("evt_1", now(), BODY, List.of(secret));

    assertThatThrownBy(() -> new Webhook(secret).verify(BODY.replace("vid_1", "vid_2"), asReceived(headers)))
        .isInstanceOf(WebhookVerificationException.class);
    assertThatThrownBy(() -> new Webhook(SECRETS.endpointSecret("whk_1", 2)).verify(BODY, asReceived(headers)))
        .isInstanceOf(WebhookVerificationException.class);
    var otherId = new HashMap<>(headers);
    otherId.put("webhook-id", "evt_2");
    assertThatThrownBy(() -> new Webhook(secret).verify(BODY, asReceived(otherId)))
        .isInstanceOf(WebhookVerificationException.class);
  }

  @Test
  void shouldVerifyWithEitherSecretDuringARotationsOverlap() throws Exception {
    var previous = SECRETS.endpointSecret("whk_1", 1);
    var current = SECRETS.endpointSecret("whk_1", 2);
    var headers = StandardWebhooks.headers("evt_1", now(), BODY, List.of(current, previous));

    assertThat(headers.get("webhook-signature").split(" ")).hasSize(2).allMatch(part -> part.startsWith("v1,"));
    new Webhook(current).verify(BODY, asReceived(headers));
    new Webhook(previous).verify(BODY, asReceived(headers));
    assertThatThrownBy(() -> new Webhook(SECRETS.endpointSecret("whk_1", 3)).verify(BODY, asReceived(headers)))
        .isInstanceOf(WebhookVerificationException.class);
  }

  @Test
  void shouldVerifyAJobsOneOffSecretToo() throws Exception {
    var secret = SECRETS.jobSecret("img_1");
    var headers = StandardWebhooks.headers("evt_9", now(), BODY, List.of(secret));

    new Webhook(secret).verify(BODY, asReceived(headers));
  }

  @Test
  void shouldMatchTheLibrarysOwnSignature() throws Exception {
    var secret = SECRETS.endpointSecret("whk_1", 1);

    assertThat(StandardWebhooks.signature("evt_1", 1763700000L, BODY, secret))
        .isEqualTo(new Webhook(secret).sign("evt_1", 1763700000L, BODY));
  }

  @Test
  void shouldRefuseToSignWithoutASecret() {
    assertThatThrownBy(() -> StandardWebhooks.signatures("evt_1", now(), BODY, List.of()))
        .isInstanceOf(IllegalArgumentException.class);
  }
}

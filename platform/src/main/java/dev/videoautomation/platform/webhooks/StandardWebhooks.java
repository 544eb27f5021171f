package dev.videoautomation.platform.webhooks;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import dev.videoautomation.platform.hashes.Hashes;

/**
 * Signatures of the Standard Webhooks specification (standardwebhooks.com), which any receiver verifies with an
 * off-the-shelf library: {@code webhook-id} (the event id, the same on every retry), {@code webhook-timestamp} (unix
 * seconds of this attempt) and {@code webhook-signature}, {@code v1,<base64 HMAC-SHA256 of "id.timestamp.body">} under
 * the secret's decoded bytes; during a rotation's overlap one signature per secret, separated by spaces (a receiver
 * accepts the request when any one of them verifies).
 */
public final class StandardWebhooks {
  public static final String ID_HEADER = "webhook-id";
  public static final String TIMESTAMP_HEADER = "webhook-timestamp";
  public static final String SIGNATURE_HEADER = "webhook-signature";

  private StandardWebhooks() {
  }

  /** The three headers of one attempt to send {@code body}, signed with every one of {@code secrets}. */
  public static Map<String, String> headers(String messageId, long timestampSeconds, String body,
      List<String> secrets) {
    var headers = new LinkedHashMap<String, String>();
    headers.put(ID_HEADER, messageId);
    headers.put(TIMESTAMP_HEADER, Long.toString(timestampSeconds));
    headers.put(SIGNATURE_HEADER, signatures(messageId, timestampSeconds, body, secrets));
    return headers;
  }

  /** The {@code webhook-signature} value: one {@code v1,…} per secret, space-separated, in the order given. */
  public static String signatures(String messageId, long timestampSeconds, String body, List<String> secrets) {
    if (secrets.isEmpty()) {
      throw new IllegalArgumentException("A webhook is signed with at least one secret");
    }
    return secrets.stream().map(secret -> signature(messageId, timestampSeconds, body, secret))
        .collect(Collectors.joining(" "));
  }

  /** {@code v1,<base64 HMAC-SHA256(key, "id.timestamp.body")>}, the key being {@code secret}'s base64 part, decoded. */
  public static String signature(String messageId, long timestampSeconds, String body, String secret) {
    var signed = messageId + "." + timestampSeconds + "." + body;
    return "v1," + Base64.getEncoder().encodeToString(Hashes.hmacSha256(key(secret), signed));
  }

  /** The HMAC key of a {@code whsec_…} secret: its base64 part, decoded, as Standard Webhooks libraries read it. */
  static byte[] key(String secret) {
    var encoded = secret.startsWith(WebhookSecrets.PREFIX) ? secret.substring(WebhookSecrets.PREFIX.length()) : secret;
    try {
      return Base64.getDecoder().decode(encoded.getBytes(StandardCharsets.US_ASCII));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("A webhook secret is whsec_ and standard base64", e);
    }
  }
}

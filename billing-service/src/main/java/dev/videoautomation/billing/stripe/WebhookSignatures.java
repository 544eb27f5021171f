package dev.videoautomation.billing.stripe;

import java.nio.charset.StandardCharsets;
import java.security.InvalidKeyException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Clock;
import java.time.Duration;
import java.util.HexFormat;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Stripe's webhook signature: header {@code Stripe-Signature: t=<unix>,v1=<hex>[,v1=...]}, where v1 is the
 * HMAC-SHA256 of {@code "<t>.<raw body>"} with the endpoint's secret; {@code t} must be within the tolerance.
 */
public final class WebhookSignatures {
  private WebhookSignatures() {
  }

  public static boolean valid(String header, String payload, String secret, Duration tolerance, Clock clock) {
    if (header == null || secret == null) {
      return false;
    }
    Long timestamp = null;
    var signatures = new java.util.ArrayList<String>();
    for (var part : header.split(",")) {
      var kv = part.trim().split("=", 2);
      if (kv.length != 2) {
        continue;
      }
      if (kv[0].equals("t")) {
        try {
          timestamp = Long.parseLong(kv[1]);
        } catch (NumberFormatException e) {
          return false;
        }
      } else if (kv[0].equals("v1")) {
        signatures.add(kv[1]);
      }
    }
    if (timestamp == null || signatures.isEmpty()
        || Math.abs(clock.instant().getEpochSecond() - timestamp) > tolerance.toSeconds()) {
      return false;
    }
    var expected = sign(timestamp + "." + payload, secret).getBytes(StandardCharsets.US_ASCII);
    return signatures.stream().anyMatch(s -> MessageDigest.isEqual(expected, s.getBytes(StandardCharsets.US_ASCII)));
  }

  /** The hex HMAC-SHA256 of {@code signedPayload}; tests sign their simulated events with it. */
  public static String sign(String signedPayload, String secret) {
    try {
      var mac = Mac.getInstance("HmacSHA256");
      mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
      return HexFormat.of().formatHex(mac.doFinal(signedPayload.getBytes(StandardCharsets.UTF_8)));
    } catch (NoSuchAlgorithmException | InvalidKeyException e) {
      throw new IllegalStateException(e);
    }
  }
}

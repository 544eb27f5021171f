package dev.videoautomation.billing.stripe;

import java.time.Clock;
import java.time.Duration;

import dev.videoautomation.platform.hashes.Hashes;

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
    var expected = sign(timestamp + "." + payload, secret);
    return signatures.stream().anyMatch(s -> Hashes.constantTimeEquals(expected, s));
  }

  /** The hex HMAC-SHA256 of {@code signedPayload}; tests sign their simulated events with it. */
  public static String sign(String signedPayload, String secret) {
    return Hashes.hmacSha256Hex(secret, signedPayload);
  }
}

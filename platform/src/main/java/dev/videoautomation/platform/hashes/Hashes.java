package dev.videoautomation.platform.hashes;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.util.HexFormat;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * SHA-256 and HMAC-SHA256 in lowercase hex, the one place every service hashes keys, codes, bodies and
 * signatures. Both algorithms are required of every JVM, so their absence is an error of the runtime, not of the
 * caller.
 */
public final class Hashes {
  private static final HexFormat HEX = HexFormat.of();

  private Hashes() {
  }

  /** A fresh SHA-256 digest, for callers that feed it in parts. */
  public static MessageDigest sha256() {
    try {
      return MessageDigest.getInstance("SHA-256");
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("Every JVM has SHA-256", e);
    }
  }

  /** SHA-256 of the text's UTF-8 bytes, lowercase hex (64 characters). */
  public static String sha256Hex(String text) {
    return hex(sha256().digest(text.getBytes(StandardCharsets.UTF_8)));
  }

  /** HMAC-SHA256 of the content's UTF-8 bytes under {@code key}. */
  public static byte[] hmacSha256(byte[] key, String content) {
    try {
      var mac = Mac.getInstance("HmacSHA256");
      mac.init(new SecretKeySpec(key, "HmacSHA256"));
      return mac.doFinal(content.getBytes(StandardCharsets.UTF_8));
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("Every JVM has HmacSHA256", e);
    }
  }

  /** HMAC-SHA256 of the content under the UTF-8 bytes of {@code secret}, lowercase hex. */
  public static String hmacSha256Hex(String secret, String content) {
    return hex(hmacSha256(secret.getBytes(StandardCharsets.UTF_8), content));
  }

  /** Lowercase hex of the bytes. */
  public static String hex(byte[] bytes) {
    return HEX.formatHex(bytes);
  }

  /** Whether two texts are equal, in time that does not depend on where they differ. */
  public static boolean constantTimeEquals(String a, String b) {
    return a != null && b != null && MessageDigest.isEqual(a.getBytes(StandardCharsets.UTF_8),
        b.getBytes(StandardCharsets.UTF_8));
  }
}

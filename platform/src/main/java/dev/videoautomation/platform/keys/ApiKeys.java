package dev.videoautomation.platform.keys;

import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.zip.CRC32;

import dev.videoautomation.platform.hashes.Hashes;
import dev.videoautomation.platform.ids.Base62;

/**
 * The API key format of design §5: {@code svc_anon_} or {@code svc_live_}, then 32 random bytes in base62 (43
 * characters), then a 6-character base62 CRC-32 of everything before it. The checksum lets the gateway refuse a
 * mistyped or truncated key without asking auth-service; only {@link #hash(String)} is ever stored or sent on.
 */
public final class ApiKeys {
  public static final String ANONYMOUS_PREFIX = "svc_anon_";
  public static final String LIVE_PREFIX = "svc_live_";
  static final int RANDOM_BYTES = 32;
  static final int SECRET_LENGTH = 43;
  static final int CHECKSUM_LENGTH = 6;
  private static final SecureRandom RANDOM = new SecureRandom();

  /** The two kinds of key a client can hold. */
  public enum Kind {
    ANONYMOUS(ANONYMOUS_PREFIX), LIVE(LIVE_PREFIX);

    private final String prefix;

    Kind(String prefix) {
      this.prefix = prefix;
    }

    public String prefix() {
      return prefix;
    }
  }

  private ApiKeys() {
  }

  /** A new random key of this kind. Show it once; keep only its {@link #hash(String)}. */
  public static String newKey(Kind kind) {
    var bytes = new byte[RANDOM_BYTES];
    RANDOM.nextBytes(bytes);
    var body = kind.prefix() + Base62.encode(bytes);
    return body + checksum(body);
  }

  /** Whether the text has a key's form and a matching checksum; says nothing about whether the key exists. */
  public static boolean isWellFormed(String key) {
    if (key == null) {
      return false;
    }
    String prefix;
    if (key.startsWith(LIVE_PREFIX)) {
      prefix = LIVE_PREFIX;
    } else if (key.startsWith(ANONYMOUS_PREFIX)) {
      prefix = ANONYMOUS_PREFIX;
    } else {
      return false;
    }
    if (key.length() != prefix.length() + SECRET_LENGTH + CHECKSUM_LENGTH
        || !Base62.isBase62(key.substring(prefix.length()))) {
      return false;
    }
    var body = key.substring(0, key.length() - CHECKSUM_LENGTH);
    return checksum(body).equals(key.substring(key.length() - CHECKSUM_LENGTH));
  }

  /** The kind of a well-formed key. */
  public static Kind kindOf(String key) {
    return key.startsWith(LIVE_PREFIX) ? Kind.LIVE : Kind.ANONYMOUS;
  }

  /** SHA-256 of the key as presented (UTF-8), lowercase hex: what auth stores and the gateway sends to verify. */
  public static String hash(String key) {
    return Hashes.sha256Hex(key);
  }

  /** Whether the text is a hash as {@link #hash(String)} writes it. */
  public static boolean isHash(String text) {
    return text != null && text.length() == 64 && text.chars().allMatch(c -> (c >= '0' && c <= '9')
        || (c >= 'a' && c <= 'f'));
  }

  static String checksum(String body) {
    var crc = new CRC32();
    crc.update(body.getBytes(StandardCharsets.US_ASCII));
    var value = crc.getValue();
    var bytes = new byte[] {(byte) (value >>> 24), (byte) (value >>> 16), (byte) (value >>> 8), (byte) value};
    return Base62.encode(bytes);
  }
}

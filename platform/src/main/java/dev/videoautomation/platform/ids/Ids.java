package dev.videoautomation.platform.ids;

import java.security.SecureRandom;
import java.util.concurrent.ThreadLocalRandom;
import java.util.regex.Pattern;

/**
 * Random, prefixed, URL-safe ids such as {@code cli_5Hq...}: 128 random bits in base62 after the prefix and an
 * underscore. The prefixes in use are listed in {@link IdPrefix}.
 */
public final class Ids {
  static final int RANDOM_BYTES = 16;
  private static final SecureRandom RANDOM = new SecureRandom();
  private static final Pattern PREFIX = Pattern.compile("[a-z]{2,4}");

  private Ids() {
  }

  /** A new id of a listed kind; the prefix is known to be valid, so nothing is checked per call. */
  public static String newId(IdPrefix prefix) {
    return random(prefix.prefix());
  }

  public static String newId(String prefix) {
    if (!PREFIX.matcher(prefix).matches()) {
      throw new IllegalArgumentException("An id prefix is 2 to 4 lowercase letters: " + prefix);
    }
    return random(prefix);
  }

  /**
   * An id that labels something without guarding it (a request id, echoed in headers and logs): drawn from a fast
   * generator that is not cryptographic, so it must never be what grants access or what a caller must not guess.
   */
  public static String newLabel(IdPrefix prefix) {
    var bytes = new byte[RANDOM_BYTES];
    ThreadLocalRandom.current().nextBytes(bytes);
    return prefix.prefix() + "_" + Base62.encode(bytes);
  }

  private static String random(String prefix) {
    var bytes = new byte[RANDOM_BYTES];
    RANDOM.nextBytes(bytes);
    return prefix + "_" + Base62.encode(bytes);
  }

  /** Whether {@code id} has the form of an id with this prefix (it may still not exist). */
  public static boolean looksLike(IdPrefix prefix, String id) {
    return id != null && id.startsWith(prefix.prefix() + "_") && id.length() > prefix.prefix().length() + 1
        && id.length() <= 64 && Base62.isBase62(id.substring(prefix.prefix().length() + 1));
  }
}

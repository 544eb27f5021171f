package dev.videoautomation.platform.ids;

/** Base62 ({@code 0-9A-Za-z}): URL-safe without escaping, and double-click selects the whole token. */
public final class Base62 {
  static final String ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
  private static final int BASE = 62;
  private static final double BITS_PER_DIGIT = Math.log(BASE) / Math.log(2);

  private Base62() {
  }

  /**
   * Encodes the bytes as an unsigned big-endian number; leading zero bytes still give a fixed-length result. Long
   * division by 62, digit by digit, over 32-bit limbs of a scratch copy: every request id is made here, so no
   * {@code BigInteger} is allocated per call and 16 bytes take 4 divisions per digit, not 16.
   */
  public static String encode(byte[] bytes) {
    var length = (int) Math.ceil(bytes.length * 8 / BITS_PER_DIGIT);
    var limbs = new long[(bytes.length + 3) / 4];
    // The first limb takes what does not fill a whole one, so the last limb ends with the last byte.
    var limb = 0;
    var filled = limbs.length * 4 - bytes.length;
    for (var b : bytes) {
      limbs[limb] = (limbs[limb] << 8) | (b & 0xFF);
      if (++filled % 4 == 0) {
        limb++;
      }
    }
    var chars = new char[length];
    var start = 0;
    for (int i = length - 1; i >= 0; i--) {
      var remainder = 0L;
      for (int j = start; j < limbs.length; j++) {
        var value = (remainder << 32) | limbs[j];
        limbs[j] = value / BASE;
        remainder = value % BASE;
      }
      while (start < limbs.length && limbs[start] == 0) {
        start++;
      }
      chars[i] = ALPHABET.charAt((int) remainder);
    }
    return new String(chars);
  }

  public static boolean isBase62(String text) {
    if (text.isEmpty()) {
      return false;
    }
    for (int i = 0; i < text.length(); i++) {
      var c = text.charAt(i);
      if (!((c >= '0' && c <= '9') || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z'))) {
        return false;
      }
    }
    return true;
  }
}

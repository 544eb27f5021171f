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
   * division of the bytes by 62, digit by digit, on a scratch copy: every request id is made here, so no
   * {@code BigInteger} is allocated per call.
   */
  public static String encode(byte[] bytes) {
    var length = (int) Math.ceil(bytes.length * 8 / BITS_PER_DIGIT);
    var number = new int[bytes.length];
    for (int i = 0; i < bytes.length; i++) {
      number[i] = bytes[i] & 0xFF;
    }
    var chars = new char[length];
    var start = 0;
    for (int i = length - 1; i >= 0; i--) {
      var remainder = 0;
      for (int j = start; j < number.length; j++) {
        var value = (remainder << 8) | number[j];
        number[j] = value / BASE;
        remainder = value % BASE;
      }
      while (start < number.length && number[start] == 0) {
        start++;
      }
      chars[i] = ALPHABET.charAt(remainder);
    }
    return new String(chars);
  }

  public static boolean isBase62(String text) {
    if (text.isEmpty()) {
      return false;
    }
    for (int i = 0; i < text.length(); i++) {
      if (ALPHABET.indexOf(text.charAt(i)) < 0) {
        return false;
      }
    }
    return true;
  }
}

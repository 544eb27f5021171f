package dev.videoautomation.platform.ids;

import java.math.BigInteger;

/** Base62 ({@code 0-9A-Za-z}): URL-safe without escaping, and double-click selects the whole token. */
public final class Base62 {
  static final String ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
  private static final BigInteger BASE = BigInteger.valueOf(62);

  private Base62() {
  }

  /** Encodes the bytes as an unsigned number; leading zero bytes still give a fixed-length result. */
  public static String encode(byte[] bytes) {
    var length = (int) Math.ceil(bytes.length * 8 / (Math.log(62) / Math.log(2)));
    var number = new BigInteger(1, bytes);
    var chars = new char[length];
    for (int i = length - 1; i >= 0; i--) {
      var divRem = number.divideAndRemainder(BASE);
      chars[i] = ALPHABET.charAt(divRem[1].intValue());
      number = divRem[0];
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

package dev.videoautomation.platform.ids;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigInteger;
import java.security.SecureRandom;

import org.junit.jupiter.api.Test;

class Base62Test {

  @Test
  void shouldUseDigitsThenUpperThenLowerCaseLetters() {
    assertThat(Base62.ALPHABET).hasSize(62)
        .isEqualTo("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz");
  }

  @Test
  void shouldEncodeSixteenBytesAs22Characters() {
    assertThat(Base62.encode(new byte[16])).isEqualTo("0".repeat(22));
    var max = new byte[16];
    java.util.Arrays.fill(max, (byte) 0xFF);
    assertThat(Base62.encode(max)).hasSize(22).matches("[0-9A-Za-z]{22}");
  }

  @Test
  void shouldEncodeSmallNumbersWithLeadingZeros() {
    assertThat(Base62.encode(new byte[] {0})).isEqualTo("00");
    assertThat(Base62.encode(new byte[] {61})).isEqualTo("0z");
    assertThat(Base62.encode(new byte[] {62})).isEqualTo("10");
    assertThat(Base62.encode(new byte[] {(byte) 0xFF})).isEqualTo("47");
    var one = new byte[16];
    one[15] = 1;
    assertThat(Base62.encode(one)).isEqualTo("0".repeat(21) + "1");
  }

  @Test
  void shouldEncodeTheBytesAsAnUnsignedNumberThatDecodesBack() {
    var random = new SecureRandom();
    for (int i = 0; i < 1_000; i++) {
      var bytes = new byte[16];
      random.nextBytes(bytes);

      var encoded = Base62.encode(bytes);

      assertThat(encoded).hasSize(22);
      assertThat(decode(encoded)).isEqualTo(new BigInteger(1, bytes));
    }
  }

  @Test
  void shouldEncodeEveryLengthTheSuiteUsesAsTheNumberTheBytesSpell() {
    var random = new SecureRandom();
    for (var size : new int[] {1, 2, 4, 15, 16, 17, 32, 33}) {
      for (int i = 0; i < 200; i++) {
        var bytes = new byte[size];
        random.nextBytes(bytes);
        bytes[0] = i % 3 == 0 ? 0 : bytes[0];

        var encoded = Base62.encode(bytes);

        assertThat(encoded).hasSize((int) Math.ceil(size * 8 / (Math.log(62) / Math.log(2))));
        assertThat(decode(encoded)).isEqualTo(new BigInteger(1, bytes));
      }
    }
  }

  @Test
  void shouldRecogniseOnlyNonEmptyBase62Text() {
    assertThat(Base62.isBase62("09AZaz")).isTrue();
    assertThat(Base62.isBase62("")).isFalse();
    assertThat(Base62.isBase62("abc-")).isFalse();
    assertThat(Base62.isBase62("abc_")).isFalse();
    assertThat(Base62.isBase62("a b")).isFalse();
    assertThat(Base62.isBase62("é")).isFalse();
    // The characters just outside each range of the alphabet.
    for (var outside : new String[] {"/", ":", "@", "[", "`", "{"}) {
      assertThat(Base62.isBase62("a" + outside)).as(outside).isFalse();
    }
  }

  private static BigInteger decode(String text) {
    var number = BigInteger.ZERO;
    for (var c : text.toCharArray()) {
      number = number.multiply(BigInteger.valueOf(62)).add(BigInteger.valueOf(Base62.ALPHABET.indexOf(c)));
    }
    return number;
  }
}

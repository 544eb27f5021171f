package dev.videoautomation.platform.hashes;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class HashesTest {
  @Test
  void sha256HexMatchesTheKnownDigestOfAbc() {
    assertThat(Hashes.sha256Hex("abc"))
        .isEqualTo("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  }

  @Test
  void hmacMatchesRfc4231TestCaseTwo() {
    assertThat(Hashes.hmacSha256Hex("Jefe", "what do ya want for nothing?"))
        .isEqualTo("5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843");
  }

  @Test
  void constantTimeEqualsRefusesNullAndDifferentTexts() {
    assertThat(Hashes.constantTimeEquals("a", "a")).isTrue();
    assertThat(Hashes.constantTimeEquals("a", "b")).isFalse();
    assertThat(Hashes.constantTimeEquals(null, "a")).isFalse();
  }
}

package dev.videoautomation.platform.keys;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;

import org.junit.jupiter.api.Test;

class ApiKeysTest {

  @Test
  void shouldMintWellFormedKeysOfEachKind() {
    var live = ApiKeys.newKey(ApiKeys.Kind.LIVE);
    var anonymous = ApiKeys.newKey(ApiKeys.Kind.ANONYMOUS);

    assertThat(live).startsWith("svc_live_").hasSize(9 + 43 + 6).matches("svc_live_[0-9A-Za-z]+");
    assertThat(anonymous).startsWith("svc_anon_").hasSize(9 + 43 + 6);
    assertThat(ApiKeys.isWellFormed(live)).isTrue();
    assertThat(ApiKeys.isWellFormed(anonymous)).isTrue();
    assertThat(ApiKeys.kindOf(live)).isEqualTo(ApiKeys.Kind.LIVE);
    assertThat(ApiKeys.kindOf(anonymous)).isEqualTo(ApiKeys.Kind.ANONYMOUS);
  }

  @Test
  void shouldNeverRepeatAKey() {
    var seen = new HashSet<String>();
    for (int i = 0; i < 2_000; i++) {
      assertThat(seen.add(ApiKeys.newKey(ApiKeys.Kind.LIVE))).isTrue();
    }
  }

  @Test
  void shouldRefuseEverySingleCharacterTypo() {
    var key = ApiKeys.newKey(ApiKeys.Kind.LIVE);
    var alphabet = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
    for (int position = ApiKeys.LIVE_PREFIX.length(); position < key.length(); position++) {
      for (int c = 0; c < alphabet.length(); c += 7) {
        var replacement = alphabet.charAt(c);
        if (replacement == key.charAt(position)) {
          continue;
        }
        var typo = key.substring(0, position) + replacement + key.substring(position + 1);
        assertThat(ApiKeys.isWellFormed(typo)).as(typo).isFalse();
      }
    }
  }

  @Test
  void shouldRefuseOtherShapes() {
    var key = ApiKeys.newKey(ApiKeys.Kind.LIVE);

    assertThat(ApiKeys.isWellFormed(null)).isFalse();
    assertThat(ApiKeys.isWellFormed("")).isFalse();
    assertThat(ApiKeys.isWellFormed(key.substring(0, key.length() - 1))).isFalse();
    assertThat(ApiKeys.isWellFormed(key + "0")).isFalse();
    assertThat(ApiKeys.isWellFormed("svc_test_" + key.substring(9))).isFalse();
    assertThat(ApiKeys.isWellFormed(key.replace("svc_live_", "svc_anon_"))).isFalse();
    assertThat(ApiKeys.isWellFormed(key.substring(0, 20) + "-" + key.substring(21))).isFalse();
  }

  @Test
  void shouldHashAsLowercaseSha256Hex() {
    assertThat(ApiKeys.hash("test")).isEqualTo("9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08");
    assertThat(ApiKeys.isHash(ApiKeys.hash(ApiKeys.newKey(ApiKeys.Kind.ANONYMOUS)))).isTrue();
    assertThat(ApiKeys.isHash("9F86D081884C7D659A2FEAA0C55AD015A3BF4F1B2B0B822CD15D6C15B0F00A08")).isFalse();
    assertThat(ApiKeys.isHash("abc")).isFalse();
    assertThat(ApiKeys.isHash(null)).isFalse();
  }
}

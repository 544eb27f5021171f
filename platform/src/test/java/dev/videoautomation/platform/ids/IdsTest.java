package dev.videoautomation.platform.ids;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import java.util.HashSet;

import org.junit.jupiter.api.Test;

class IdsTest {
  private static final String BASE62_22 = "[0-9A-Za-z]{22}";

  @Test
  void shouldPrefixAnIdAndFollowItWith22Base62Characters() {
    var id = Ids.newId(IdPrefix.CLI);

    assertThat(id).matches("cli_" + BASE62_22);
  }

  @Test
  void shouldLabelWithTheSameShapeAndNeverRepeatOver10000Draws() {
    var seen = new HashSet<String>();
    for (int i = 0; i < 10_000; i++) {
      var label = Ids.newLabel(IdPrefix.REQ);
      assertThat(label).matches("req_" + BASE62_22);
      seen.add(label);
    }

    assertThat(seen).hasSize(10_000);
  }

  @Test
  void shouldAcceptAPrefixGivenAsText() {
    assertThat(Ids.newId("req")).matches("req_" + BASE62_22);
    assertThat(Ids.newId("cs")).matches("cs_" + BASE62_22);
  }

  @Test
  void shouldNeverRepeatAnIdOver10000Draws() {
    var seen = new HashSet<String>();
    for (int i = 0; i < 10_000; i++) {
      seen.add(Ids.newId(IdPrefix.PST));
    }

    assertThat(seen).hasSize(10_000);
  }

  @Test
  void shouldOfferEveryPrefixTheDesignNames() {
    var prefixes = Arrays.stream(IdPrefix.values()).map(IdPrefix::prefix).toList();

    assertThat(prefixes).contains("cli", "key", "rgn", "clm", "cla", "acc", "pst", "ref", "ast", "prj", "trk", "vid",
        "cmp", "img", "med", "chk", "cs", "opr");
    assertThat(prefixes).doesNotHaveDuplicates().allMatch(p -> p.matches("[a-z]{2,4}"));
    for (var prefix : IdPrefix.values()) {
      assertThat(Ids.newId(prefix)).startsWith(prefix.prefix() + "_");
    }
  }

  @Test
  void shouldRejectAPrefixThatIsNotTwoToFourLowercaseLetters() {
    for (var bad : new String[] {"", "c", "CLI", "Cli", "cli1", "c_l", "cli_", "clien", "cl-i"}) {
      assertThatThrownBy(() -> Ids.newId(bad)).as("prefix '%s'", bad)
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("2 to 4 lowercase letters");
    }
  }

  @Test
  void shouldRecogniseAnIdOfItsOwnPrefix() {
    assertThat(Ids.looksLike(IdPrefix.PRJ, Ids.newId(IdPrefix.PRJ))).isTrue();
    assertThat(Ids.looksLike(IdPrefix.CS, Ids.newId(IdPrefix.CS))).isTrue();
    assertThat(Ids.looksLike(IdPrefix.PRJ, "prj_a")).isTrue();
  }

  @Test
  void shouldNotRecogniseAnIdOfAnotherPrefixOrShape() {
    assertThat(Ids.looksLike(IdPrefix.PRJ, Ids.newId(IdPrefix.PST))).isFalse();
    assertThat(Ids.looksLike(IdPrefix.CS, Ids.newId(IdPrefix.CMP))).isFalse();
    assertThat(Ids.looksLike(IdPrefix.PRJ, null)).isFalse();
    assertThat(Ids.looksLike(IdPrefix.PRJ, "")).isFalse();
    assertThat(Ids.looksLike(IdPrefix.PRJ, "prj")).isFalse();
    assertThat(Ids.looksLike(IdPrefix.PRJ, "prj_")).isFalse();
    assertThat(Ids.looksLike(IdPrefix.PRJ, "prjabc")).isFalse();
    assertThat(Ids.looksLike(IdPrefix.PRJ, "PRJ_abc")).isFalse();
    assertThat(Ids.looksLike(IdPrefix.PRJ, "prj_abc-def")).isFalse();
    assertThat(Ids.looksLike(IdPrefix.PRJ, "prj_abc def")).isFalse();
    assertThat(Ids.looksLike(IdPrefix.PRJ, "prj_../etc")).isFalse();
  }

  @Test
  void shouldNotRecogniseAnIdLongerThan64Characters() {
    assertThat(Ids.looksLike(IdPrefix.PRJ, "prj_" + "a".repeat(60))).isTrue();
    assertThat(Ids.looksLike(IdPrefix.PRJ, "prj_" + "a".repeat(61))).isFalse();
  }
}

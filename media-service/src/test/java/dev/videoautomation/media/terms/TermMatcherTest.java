package dev.videoautomation.media.terms;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

class TermMatcherTest {

  @Test
  void shouldMatchPhrasesAcrossSpacesDashesAndCase() {
    var matcher = TermMatcher.of(List.of("self harm", "get rich"));
    assertThat(matcher.find("Self-Harm, self  harm, selfharm and GET RICH")).containsExactly("Self-Harm",
        "self harm", "selfharm", "GET RICH");
  }

  @Test
  void shouldNotMatchInsideWordsInAnyScript() {
    var matcher = TermMatcher.of(List.of("ass", "cure", "ад"));
    assertThat(matcher.find("assessment bass secure curé obscure надо")).isEmpty();
    assertThat(matcher.find("ад, cure.")).containsExactly("ад", "cure");
  }

  @Test
  void shouldIgnoreBlankTermsAndText() {
    assertThat(TermMatcher.of(List.of(" ", "")).find("anything")).isEmpty();
    assertThat(TermMatcher.of(List.of("x")).find(null)).isEmpty();
  }
}

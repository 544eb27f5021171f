package dev.videoautomation.media.library;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Optional;

import org.junit.jupiter.api.Test;

/** {@link ByteRange#parse}: the single {@code bytes=} ranges of RFC 9110 §14, against an object of 1000 bytes. */
class ByteRangeTest {
  private static final long SIZE = 1000;

  private static ByteRange range(String header) {
    return ByteRange.parse(header, SIZE).orElseThrow(() -> new AssertionError("no range parsed from " + header));
  }

  @Test
  void closedRange() {
    var range = range("bytes=0-99");
    assertThat(range).isEqualTo(new ByteRange(0, 99));
    assertThat(range.length()).isEqualTo(100);
    assertThat(range.contentRange(SIZE)).isEqualTo("bytes 0-99/1000");
  }

  @Test
  void openEndedRangeRunsToTheLastByte() {
    var range = range("bytes=500-");
    assertThat(range).isEqualTo(new ByteRange(500, 999));
    assertThat(range.length()).isEqualTo(500);
    assertThat(range.contentRange(SIZE)).isEqualTo("bytes 500-999/1000");
  }

  @Test
  void suffixRangeIsTheLastBytes() {
    assertThat(range("bytes=-100")).isEqualTo(new ByteRange(900, 999));
    assertThat(range("bytes=-100").length()).isEqualTo(100);
  }

  @Test
  void suffixLongerThanTheObjectIsTheWholeObject() {
    assertThat(range("bytes=-2000")).isEqualTo(new ByteRange(0, 999));
    assertThat(range("bytes=-1000")).isEqualTo(new ByteRange(0, 999));
  }

  @Test
  void lastPositionPastTheEndIsClamped() {
    var range = range("bytes=990-5000");
    assertThat(range).isEqualTo(new ByteRange(990, 999));
    assertThat(range.length()).isEqualTo(10);
    assertThat(range.contentRange(SIZE)).isEqualTo("bytes 990-999/1000");
  }

  @Test
  void singleByteRanges() {
    assertThat(range("bytes=0-0")).isEqualTo(new ByteRange(0, 0));
    assertThat(range("bytes=0-0").length()).isEqualTo(1);
    assertThat(range("bytes=999-999")).isEqualTo(new ByteRange(999, 999));
    assertThat(range("bytes=999-")).isEqualTo(new ByteRange(999, 999));
    assertThat(range("bytes=-1")).isEqualTo(new ByteRange(999, 999));
  }

  @Test
  void whitespaceAroundPositionsIsTolerated() {
    assertThat(range("bytes= 10 - 19 ")).isEqualTo(new ByteRange(10, 19));
  }

  @Test
  void rangeStartingAtOrPastTheEndIsUnsatisfiable() {
    assertThatThrownBy(() -> ByteRange.parse("bytes=1000-", SIZE)).isInstanceOf(ByteRange.Unsatisfiable.class);
    assertThatThrownBy(() -> ByteRange.parse("bytes=1000-1005", SIZE)).isInstanceOf(ByteRange.Unsatisfiable.class);
    assertThatThrownBy(() -> ByteRange.parse("bytes=5000-6000", SIZE)).isInstanceOf(ByteRange.Unsatisfiable.class);
  }

  @Test
  void emptySuffixIsUnsatisfiable() {
    assertThatThrownBy(() -> ByteRange.parse("bytes=-0", SIZE)).isInstanceOf(ByteRange.Unsatisfiable.class);
  }

  @Test
  void reversedRangeIsIgnored() {
    assertThat(ByteRange.parse("bytes=5-2", SIZE)).isEqualTo(Optional.empty());
  }

  @Test
  void multipleRangesAreIgnoredSoTheWholeObjectIsServed() {
    assertThat(ByteRange.parse("bytes=0-1,5-6", SIZE)).isEmpty();
    assertThat(ByteRange.parse("bytes=0-1, 5-6", SIZE)).isEmpty();
  }

  @Test
  void malformedHeadersAreIgnored() {
    assertThat(ByteRange.parse(null, SIZE)).isEmpty();
    assertThat(ByteRange.parse("", SIZE)).isEmpty();
    assertThat(ByteRange.parse("items=0-1", SIZE)).isEmpty();
    assertThat(ByteRange.parse("bytes=abc", SIZE)).isEmpty();
    assertThat(ByteRange.parse("bytes=a-b", SIZE)).isEmpty();
    assertThat(ByteRange.parse("bytes=0-x", SIZE)).isEmpty();
    assertThat(ByteRange.parse("bytes=-", SIZE)).isEmpty();
    assertThat(ByteRange.parse("bytes=-1-2", SIZE)).isEmpty();
    assertThat(ByteRange.parse("bytes=", SIZE)).isEmpty();
  }

  @Test
  void emptyObjects() {
    // No range of an empty object can be answered with a 206 (there is no last byte to name in Content-Range).
    assertThat(ByteRange.parse("bytes=-100", 0)).isEmpty();
    assertThatThrownBy(() -> ByteRange.parse("bytes=0-", 0)).isInstanceOf(ByteRange.Unsatisfiable.class);
    assertThatThrownBy(() -> ByteRange.parse("bytes=0-10", 0)).isInstanceOf(ByteRange.Unsatisfiable.class);
    assertThatThrownBy(() -> ByteRange.parse("bytes=-0", 0)).isInstanceOf(ByteRange.Unsatisfiable.class);
  }

  @Test
  void oneByteObject() {
    assertThat(ByteRange.parse("bytes=-5", 1)).contains(new ByteRange(0, 0));
    assertThat(ByteRange.parse("bytes=0-", 1)).contains(new ByteRange(0, 0));
    assertThatThrownBy(() -> ByteRange.parse("bytes=1-", 1)).isInstanceOf(ByteRange.Unsatisfiable.class);
  }

  @Test
  void contentRangeNamesFirstLastAndSize() {
    assertThat(new ByteRange(0, 99).contentRange(1000)).isEqualTo("bytes 0-99/1000");
    assertThat(new ByteRange(900, 999).contentRange(1000)).isEqualTo("bytes 900-999/1000");
  }
}

package dev.videoautomation.scrape.normalize;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/** The readers every mapping shares: what counts as given, and the forms of instants, counts and ids. */
class ReadTest {
  static final ObjectMapper JSON = new ObjectMapper();

  static JsonNode json(String text) throws Exception {
    return JSON.readTree(text);
  }

  @Test
  void shouldReadInstantsInEveryFormTheProvidersUse() throws Exception {
    assertThat(Read.epochMs(json("1739470683"))).isEqualTo(1_739_470_683_000L);
    assertThat(Read.epochMs(json("\"1739210436\""))).isEqualTo(1_739_210_436_000L);
    assertThat(Read.epochMs(json("1739470683000"))).as("already milliseconds").isEqualTo(1_739_470_683_000L);
    assertThat(Read.epochMs(json("\"2025-09-16T17:03:04.000Z\""))).isEqualTo(1_758_042_184_000L);
    assertThat(Read.epochMs(json("\"2019-02-22T03:19:54-08:00\""))).isEqualTo(1_550_834_394_000L);
    assertThat(Read.epochMs(json("\"Thu Feb 23 14:52:10 +0000 2023\""))).isEqualTo(1_677_163_930_000L);
    assertThat(Read.epochMs(json("\"9 days ago\""))).as("a relative time is no instant").isNull();
    assertThat(Read.epochMs(json("0"))).isNull();
    assertThat(Read.epochMs(json("null"))).isNull();
  }

  @Test
  void shouldReadCountsOnlyWhereTheyAreExact() throws Exception {
    assertThat(Read.count(json("\"101132\""))).isEqualTo(101_132L);
    assertThat(Read.count(json("4100000"))).isEqualTo(4_100_000L);
    assertThat(Read.count(json("\"<\u200a1k\""))).isNull();
    assertThat(Read.countFromText(json("\"9,221 videos\""))).isEqualTo(9_221L);
    assertThat(Read.countFromText(json("\"2.75M subscribers\""))).isNull();
    assertThat(Read.countFromText(json("\"1.2K videos\""))).isNull();
  }

  @Test
  void shouldReadIdsAsTheirExactDigitsAndBlankAsNotGiven() throws Exception {
    assertThat(Read.text(json("6659752019493208069"))).isEqualTo("6659752019493208069");
    assertThat(Read.text(json("123456789012345678901234"))).isEqualTo("123456789012345678901234");
    assertThat(Read.text(json("\"  \""))).isNull();
    assertThat(Read.text(json("{\"a\": 1}"))).isNull();
  }

  @Test
  void shouldNextCursorOnlyWhileThePageFlagAllows() throws Exception {
    assertThat(Read.nextCursor(json("20"), json("1"))).isEqualTo("20");
    assertThat(Read.nextCursor(json("20"), json("0"))).isNull();
    assertThat(Read.nextCursor(json("\"abc\""), json("false"))).isNull();
    assertThat(Read.nextCursor(json("\"abc\""), json("null"))).isEqualTo("abc");
  }

  @Test
  void shouldFindHashtagsInTextOnlyWhenThereIsText() {
    assertThat(Read.hashtagsIn("#hudsonvalley #farm and #farm, not a#b")).containsExactly("hudsonvalley", "farm");
    assertThat(Read.hashtagsIn((String) null)).isNull();
    assertThat(Read.hashtagsIn("no tags")).isEqualTo(List.of());
  }

  @Test
  void shouldReadWebVttCuesAsSegmentsInSeconds() {
    var transcript = Transcripts.fromText(null, "WEBVTT\n\n00:00:00.120 --> 00:00:01.840\nAlright, pizza\nreview "
        + "time.\n\n01:02:03.500 --> 01:02:04.000 align:start\nBye.\n");
    assertThat(transcript.segments()).containsExactly(new Items.Segment(0.12, 1.84, "Alright, pizza review time."),
        new Items.Segment(3723.5, 3724.0, "Bye."));
    assertThat(transcript.text()).isEqualTo("Alright, pizza review time. Bye.");
    assertThat(Transcripts.fromText(null, "plain words").segments()).isNull();
  }
}

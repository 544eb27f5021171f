package dev.videoautomation.media.checks;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

class CheckEngineTest {
  static final List<Rule> SHORTVIDEO = BuiltInRules.forPlatform("shortvideo").orElseThrow();
  static final List<Rule> PHOTO = BuiltInRules.forPlatform("photo").orElseThrow();

  /** A spec that passes every shortvideo rule. */
  static VideoSpec good() {
    return new VideoSpec(30.0, 1080, 1920, 30.0, 50_000_000L, "h264", "aac", true, 4_000_000L, "Hello #tips",
        List.of("tips"));
  }

  static VideoSpec with(java.util.function.UnaryOperator<Builder> change) {
    return change.apply(new Builder(good())).build();
  }

  static RuleResult result(List<Rule> rules, VideoSpec spec, String rule) {
    return CheckEngine.evaluate(rules, spec).stream().filter(r -> r.rule().equals(rule)).findFirst().orElseThrow();
  }

  @Test
  void shouldPassAGoodShortVideoOnEveryRule() {
    var results = CheckEngine.evaluate(SHORTVIDEO, good());

    assertThat(results).allSatisfy(r -> assertThat(r.passed()).as(r.rule()).isTrue());
    assertThat(results).extracting(RuleResult::rule).containsExactly("duration.min", "duration.max",
        "aspectRatio.allowed", "aspectRatio.recommended", "resolution.minShortSide",
        "resolution.recommendedShortSide", "resolution.maxLongSide", "fps.min", "fps.max", "size.maxBytes",
        "bitrate.min", "videoCodec.allowed", "audio.required", "audioCodec.allowed", "caption.maxLength");
    assertThat(CheckEngine.passed(results)).isTrue();
  }

  @Test
  void shouldJudgeDurationAtItsBoundaries() {
    assertThat(result(SHORTVIDEO, with(b -> b.duration(3.0)), "duration.min").passed()).isTrue();
    var tooShort = result(SHORTVIDEO, with(b -> b.duration(2.99)), "duration.min");
    assertThat(tooShort.passed()).isFalse();
    assertThat(tooShort.severity()).isEqualTo(Severity.ERROR);
    assertThat(tooShort.actual()).isEqualTo(2.99);
    assertThat(tooShort.expected()).isEqualTo(">= 3 s");
    assertThat(tooShort.message()).isEqualTo("Duration 2.99 s is below the minimum of 3 s.");

    assertThat(result(SHORTVIDEO, with(b -> b.duration(600.0)), "duration.max").passed()).isTrue();
    var tooLong = result(SHORTVIDEO, with(b -> b.duration(600.5)), "duration.max");
    assertThat(tooLong.passed()).isFalse();
    assertThat(tooLong.expected()).isEqualTo("<= 600 s");
    assertThat(result(PHOTO, with(b -> b.duration(900.0)), "duration.max").passed()).isTrue();
    assertThat(result(PHOTO, with(b -> b.duration(901.0)), "duration.max").passed()).isFalse();
  }

  @Test
  void shouldAllowRatiosWithinTolerance_andWarnWhenNotNineBySixteen() {
    var landscape = with(b -> b.size(1920, 1080));
    assertThat(result(SHORTVIDEO, landscape, "aspectRatio.allowed").passed()).isTrue();
    var notVertical = result(SHORTVIDEO, landscape, "aspectRatio.recommended");
    assertThat(notVertical.passed()).isFalse();
    assertThat(notVertical.severity()).isEqualTo(Severity.WARNING);
    assertThat(notVertical.actual()).isEqualTo("1920x1080 (1.7778)");

    // 1080x1900 is 0.5684, 1.05% off 9:16: allowed; 1080x1850 is 3.8% off: not.
    assertThat(result(SHORTVIDEO, with(b -> b.size(1080, 1900)), "aspectRatio.recommended").passed()).isTrue();
    var off = result(SHORTVIDEO, with(b -> b.size(1080, 1850)), "aspectRatio.allowed");
    assertThat(off.passed()).isFalse();
    assertThat(off.severity()).isEqualTo(Severity.ERROR);
    assertThat(off.expected()).isEqualTo("one of 9:16, 16:9, 1:1 (within 2%)");
    // 4:5 is allowed on photo only.
    assertThat(result(PHOTO, with(b -> b.size(1080, 1350)), "aspectRatio.allowed").passed()).isTrue();
    assertThat(result(SHORTVIDEO, with(b -> b.size(1080, 1350)), "aspectRatio.allowed").passed()).isFalse();
  }

  @Test
  void shouldJudgeResolutionBySides() {
    assertThat(result(SHORTVIDEO, with(b -> b.size(360, 640)), "resolution.minShortSide").passed()).isTrue();
    var small = result(SHORTVIDEO, with(b -> b.size(359, 640)), "resolution.minShortSide");
    assertThat(small.passed()).isFalse();
    assertThat(small.actual()).isEqualTo(359L);
    // A landscape video's short side is its height.
    assertThat(result(SHORTVIDEO, with(b -> b.size(1280, 720)), "resolution.recommendedShortSide").passed())
        .isTrue();
    var soft = result(SHORTVIDEO, with(b -> b.size(540, 960)), "resolution.recommendedShortSide");
    assertThat(soft.passed()).isFalse();
    assertThat(soft.severity()).isEqualTo(Severity.WARNING);
    assertThat(result(PHOTO, with(b -> b.size(1080, 1920)), "resolution.maxLongSide").passed()).isTrue();
    assertThat(result(PHOTO, with(b -> b.size(2160, 3840)), "resolution.maxLongSide").passed()).isFalse();
  }

  @Test
  void shouldJudgeFrameRateSizeAndBitrate() {
    assertThat(result(SHORTVIDEO, with(b -> b.fps(23.0)), "fps.min").passed()).isTrue();
    assertThat(result(SHORTVIDEO, with(b -> b.fps(22.9)), "fps.min").passed()).isFalse();
    assertThat(result(SHORTVIDEO, with(b -> b.fps(60.0)), "fps.max").passed()).isTrue();
    assertThat(result(SHORTVIDEO, with(b -> b.fps(120.0)), "fps.max").passed()).isFalse();
    assertThat(result(SHORTVIDEO, with(b -> b.sizeBytes(500_000_000L)), "size.maxBytes").passed()).isTrue();
    var big = result(SHORTVIDEO, with(b -> b.sizeBytes(500_000_001L)), "size.maxBytes");
    assertThat(big.passed()).isFalse();
    assertThat(big.expected()).isEqualTo("<= 500000000 bytes");
    var slow = result(SHORTVIDEO, with(b -> b.bitrate(515_999L)), "bitrate.min");
    assertThat(slow.passed()).isFalse();
    assertThat(slow.severity()).isEqualTo(Severity.WARNING);
    assertThat(result(PHOTO, with(b -> b.bitrate(25_000_001L)), "bitrate.max").passed()).isFalse();
  }

  @Test
  void shouldAcceptCodecAliases_andRefuseOthers() {
    assertThat(result(PHOTO, with(b -> b.codecs("H.265", "mp4a")), "videoCodec.allowed").actual())
        .isEqualTo("hevc");
    assertThat(result(PHOTO, with(b -> b.codecs("avc1", "aac")), "videoCodec.allowed").passed()).isTrue();
    var vp9 = result(PHOTO, with(b -> b.codecs("vp9", "aac")), "videoCodec.allowed");
    assertThat(vp9.passed()).isFalse();
    assertThat(vp9.expected()).isEqualTo("one of h264, hevc");
    assertThat(result(SHORTVIDEO, with(b -> b.codecs("vp9", "aac")), "videoCodec.allowed").passed()).isTrue();
    var opus = result(PHOTO, with(b -> b.codecs("h264", "opus")), "audioCodec.allowed");
    assertThat(opus.passed()).isFalse();
    assertThat(opus.severity()).isEqualTo(Severity.ERROR);
  }

  @Test
  void shouldWarnAboutASilentVideo_withoutJudgingItsAudioCodec() {
    var silent = with(b -> b.audio(null, false));
    var audio = result(PHOTO, silent, "audio.required");
    assertThat(audio.passed()).isFalse();
    assertThat(audio.severity()).isEqualTo(Severity.WARNING);
    assertThat(audio.actual()).isEqualTo("no audio");
    assertThat(result(PHOTO, silent, "audioCodec.allowed").passed()).isTrue();
    assertThat(CheckEngine.passed(CheckEngine.evaluate(PHOTO, silent))).isTrue();
    // An audio codec alone means the video has sound.
    assertThat(result(PHOTO, with(b -> b.audio("aac", null)), "audio.required").passed()).isTrue();
  }

  @Test
  void shouldCountCaptionCharactersAsCodePoints_andHashtags() {
    var limit = "😀".repeat(2200);
    assertThat(result(PHOTO, with(b -> b.caption(limit, List.of())), "caption.maxLength").passed()).isTrue();
    var over = result(PHOTO, with(b -> b.caption(limit + "x", List.of())), "caption.maxLength");
    assertThat(over.passed()).isFalse();
    assertThat(over.actual()).isEqualTo(2201);

    var thirty = java.util.stream.IntStream.range(0, 30).mapToObj(i -> "t" + i).toList();
    assertThat(result(PHOTO, with(b -> b.caption("", thirty)), "hashtags.max").passed()).isTrue();
    var thirtyOne = new java.util.ArrayList<>(thirty);
    thirtyOne.add("more");
    var tooMany = result(PHOTO, with(b -> b.caption("", thirtyOne)), "hashtags.max");
    assertThat(tooMany.passed()).isFalse();
    assertThat(tooMany.actual()).isEqualTo(31);
    var recommended = result(PHOTO, with(b -> b.caption("", thirty.subList(0, 6))), "hashtags.recommendedMax");
    assertThat(recommended.passed()).isFalse();
    assertThat(recommended.severity()).isEqualTo(Severity.WARNING);
    assertThat(result(PHOTO, with(b -> b.caption("", thirty.subList(0, 5))), "hashtags.recommendedMax").passed())
        .isTrue();
  }

  @Test
  void shouldFindHashtagsInAnyScript_butNotInsideWordsOrEntities() {
    assertThat(CheckEngine.hashtags("Go #tips #Café #日本 #a_b mail@x#no &#39; ##double #"))
        .containsExactly("tips", "Café", "日本", "a_b");
    assertThat(CheckEngine.hashtags(null)).isEmpty();
  }

  @Test
  void shouldReportARuleWithoutItsInputAsNotChecked() {
    var bare = new VideoSpec(null, null, null, null, null, null, null, null, null, null, List.of());
    var results = CheckEngine.evaluate(SHORTVIDEO, bare);

    var fps = results.stream().filter(r -> r.rule().equals("fps.min")).findFirst().orElseThrow();
    assertThat(fps.passed()).isTrue();
    assertThat(fps.severity()).isEqualTo(Severity.INFO);
    assertThat(fps.message()).isEqualTo("Not checked: the spec has no frame rate.");
    assertThat(fps.actual()).isNull();
    assertThat(CheckEngine.passed(results)).isTrue();
  }

  @Test
  void shouldLayCustomRulesOverBuiltIns() {
    var customs = List.of(
        new CustomRule("shortvideo", "duration.max", 60, null),
        new CustomRule("shortvideo", "fps.min", 30, "warning"),
        new CustomRule("shortvideo", "audio.required", null, "off"),
        new CustomRule("shortvideo", "caption.forbiddenWords", List.of("giveaway", "free iphone"), null),
        new CustomRule("shortvideo", "hashtags.required", List.of("#ad"), "warning"));
    var rules = CheckEngine.effectiveRules(SHORTVIDEO, customs);

    var spec = with(b -> b.duration(61.0).fps(25.0).audio(null, false)
        .caption("Huge GIVEAWAY today, win a Free  iPhone #promo", List.of("promo")));
    var results = CheckEngine.evaluate(rules, spec);

    var duration = results.stream().filter(r -> r.rule().equals("duration.max")).findFirst().orElseThrow();
    assertThat(duration.passed()).isFalse();
    assertThat(duration.severity()).isEqualTo(Severity.ERROR);
    assertThat(duration.expected()).isEqualTo("<= 60 s");
    var fps = results.stream().filter(r -> r.rule().equals("fps.min")).findFirst().orElseThrow();
    assertThat(fps.passed()).isFalse();
    assertThat(fps.severity()).isEqualTo(Severity.WARNING);
    assertThat(results).extracting(RuleResult::rule).doesNotContain("audio.required");
    var words = results.stream().filter(r -> r.rule().equals("caption.forbiddenWords")).findFirst().orElseThrow();
    assertThat(words.passed()).isFalse();
    assertThat(words.actual()).isEqualTo("GIVEAWAY, Free iPhone");
    var tags = results.stream().filter(r -> r.rule().equals("hashtags.required")).findFirst().orElseThrow();
    assertThat(tags.passed()).isFalse();
    assertThat(tags.message()).isEqualTo("The caption lacks the required hashtags #ad.");
    assertThat(CheckEngine.passed(results)).isFalse();

    var clean = with(b -> b.caption("Assessment of giveaways? #AD", List.of("AD")));
    var cleanResults = CheckEngine.evaluate(rules, clean);
    assertThat(cleanResults).filteredOn(r -> r.rule().startsWith("caption.") || r.rule().startsWith("hashtags."))
        .allSatisfy(r -> assertThat(r.passed()).as(r.rule()).isTrue());
  }

  /** Changes one field of a spec at a time. */
  static final class Builder {
    private Double duration;
    private Integer width;
    private Integer height;
    private Double fps;
    private Long sizeBytes;
    private String videoCodec;
    private String audioCodec;
    private Boolean hasAudio;
    private Long bitrate;
    private String caption;
    private List<String> hashtags;

    Builder(VideoSpec s) {
      duration = s.durationSeconds();
      width = s.width();
      height = s.height();
      fps = s.fps();
      sizeBytes = s.sizeBytes();
      videoCodec = s.videoCodec();
      audioCodec = s.audioCodec();
      hasAudio = s.hasAudio();
      bitrate = s.bitrate();
      caption = s.caption();
      hashtags = s.hashtags();
    }

    Builder duration(Double value) {
      duration = value;
      return this;
    }

    Builder size(int w, int h) {
      width = w;
      height = h;
      return this;
    }

    Builder fps(Double value) {
      fps = value;
      return this;
    }

    Builder sizeBytes(Long value) {
      sizeBytes = value;
      return this;
    }

    Builder bitrate(Long value) {
      bitrate = value;
      return this;
    }

    Builder codecs(String video, String audio) {
      videoCodec = video;
      audioCodec = audio;
      return this;
    }

    Builder audio(String codec, Boolean present) {
      audioCodec = codec;
      hasAudio = present;
      return this;
    }

    Builder caption(String text, List<String> tags) {
      caption = text;
      hashtags = tags;
      return this;
    }

    VideoSpec build() {
      return new VideoSpec(duration, width, height, fps, sizeBytes, videoCodec, audioCodec, hasAudio, bitrate,
          caption, hashtags);
    }
  }
}

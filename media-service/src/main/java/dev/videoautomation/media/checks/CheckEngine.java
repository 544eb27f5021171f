package dev.videoautomation.media.checks;

import static dev.videoautomation.media.checks.RuleText.strings;
import static dev.videoautomation.media.checks.SpecRules.toDouble;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.List;

/**
 * Judges a {@link VideoSpec} against rules: pure and stateless. Rules are evaluated in vocabulary order; a rule whose
 * input the spec lacks is reported as not checked. The judgements themselves are in {@link SpecRules} (the file) and
 * {@link CaptionRules} (the post).
 */
public final class CheckEngine {
  private CheckEngine() {
  }

  /**
   * The rules in force: the built-in set with the custom rules laid over it, by name. A custom rule replaces the
   * built-in rule of the same name (keeping its severity when it names none), adds a rule the set lacks, or with
   * {@code severity: "off"} removes it.
   */
  public static List<Rule> effectiveRules(List<Rule> builtIns, List<CustomRule> customs) {
    var rules = new EnumMap<RuleName, Rule>(RuleName.class);
    builtIns.forEach(rule -> rules.put(rule.name(), rule));
    for (var custom : customs) {
      var name = RuleName.byKey(custom.rule()).orElseThrow();
      if (CustomRule.OFF.equals(custom.severity())) {
        rules.remove(name);
        continue;
      }
      var builtIn = rules.get(name);
      var severity = Severity.parse(custom.severity())
          .orElse(builtIn == null ? name.defaultSeverity() : builtIn.severity());
      rules.put(name, new Rule(name, custom.value(), severity, true));
    }
    return List.copyOf(rules.values());
  }

  /** Every rule's result, in vocabulary order. */
  public static List<RuleResult> evaluate(List<Rule> rules, VideoSpec spec) {
    var results = new ArrayList<RuleResult>();
    rules.stream().sorted(Comparator.comparing(Rule::name)).forEach(rule -> results.add(evaluate(rule, spec)));
    return results;
  }

  /** A check passes when no rule of severity error failed. */
  public static boolean passed(List<RuleResult> results) {
    return results.stream().noneMatch(r -> !r.passed() && r.severity() == Severity.ERROR);
  }

  /** The hashtags of a caption, in order, without '#'. */
  public static List<String> hashtags(String caption) {
    return CaptionRules.hashtags(caption);
  }

  static RuleResult evaluate(Rule rule, VideoSpec spec) {
    return switch (rule.name()) {
      case DURATION_MIN -> SpecRules.atLeast(rule, spec.durationSeconds(), "duration", "s");
      case DURATION_MAX -> SpecRules.atMost(rule, spec.durationSeconds(), "duration", "s");
      case ASPECT_RATIO_ALLOWED -> SpecRules.ratio(rule, spec, strings(rule.value()));
      case ASPECT_RATIO_RECOMMENDED -> SpecRules.ratio(rule, spec, List.of((String) rule.value()));
      case RESOLUTION_MIN_SHORT_SIDE, RESOLUTION_RECOMMENDED_SHORT_SIDE -> SpecRules.shortSide(rule, spec);
      case RESOLUTION_MAX_LONG_SIDE -> SpecRules.longSide(rule, spec);
      case FPS_MIN -> SpecRules.atLeast(rule, spec.fps(), "frame rate", "fps");
      case FPS_MAX -> SpecRules.atMost(rule, spec.fps(), "frame rate", "fps");
      case SIZE_MAX_BYTES -> SpecRules.atMost(rule, toDouble(spec.sizeBytes()), "file size", "bytes");
      case BITRATE_MIN -> SpecRules.atLeast(rule, toDouble(spec.bitrate()), "bitrate", "bit/s");
      case BITRATE_MAX -> SpecRules.atMost(rule, toDouble(spec.bitrate()), "bitrate", "bit/s");
      case VIDEO_CODEC_ALLOWED -> SpecRules.codec(rule, spec.videoCodec(), "video codec");
      case AUDIO_REQUIRED -> SpecRules.audioRequired(rule, spec);
      case AUDIO_CODEC_ALLOWED -> SpecRules.audioCodec(rule, spec);
      case CAPTION_MAX_LENGTH -> CaptionRules.captionLength(rule, spec.caption());
      case CAPTION_FORBIDDEN_WORDS -> CaptionRules.forbiddenWords(rule, spec.caption());
      case HASHTAGS_MAX, HASHTAGS_RECOMMENDED_MAX -> CaptionRules.hashtagCount(rule, spec.hashtags());
      case HASHTAGS_REQUIRED -> CaptionRules.requiredHashtags(rule, spec.hashtags());
    };
  }
}

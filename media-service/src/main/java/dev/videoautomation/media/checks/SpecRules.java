package dev.videoautomation.media.checks;

import static dev.videoautomation.media.checks.RuleText.capitalize;
import static dev.videoautomation.media.checks.RuleText.expectedOneOf;
import static dev.videoautomation.media.checks.RuleText.number;
import static dev.videoautomation.media.checks.RuleText.numeric;
import static dev.videoautomation.media.checks.RuleText.round;
import static dev.videoautomation.media.checks.RuleText.strings;

import java.util.List;

/** The rules on what the file is: limits on numbers, aspect ratio, codecs and sound. */
final class SpecRules {
  /** How far (relative) width/height may be from a ratio and still count as that ratio. */
  static final double RATIO_TOLERANCE = 0.02;

  private SpecRules() {
  }

  static RuleResult atLeast(Rule rule, Double actual, String what, String unit) {
    var limit = ((Number) rule.value()).doubleValue();
    var expected = ">= " + number(limit) + " " + unit;
    if (actual == null) {
      return RuleResult.notChecked(rule.name(), what, expected);
    }
    var passed = actual >= limit;
    var message = passed ? capitalize(what) + " " + number(actual) + " " + unit + " meets the minimum of "
        + number(limit) + " " + unit + "."
        : capitalize(what) + " " + number(actual) + " " + unit + " is below the minimum of " + number(limit) + " "
            + unit + ".";
    return RuleResult.of(rule, passed, message, numeric(actual), expected);
  }

  static RuleResult atMost(Rule rule, Double actual, String what, String unit) {
    var limit = ((Number) rule.value()).doubleValue();
    var expected = "<= " + number(limit) + " " + unit;
    if (actual == null) {
      return RuleResult.notChecked(rule.name(), what, expected);
    }
    var passed = actual <= limit;
    var message = passed ? capitalize(what) + " " + number(actual) + " " + unit + " is within the maximum of "
        + number(limit) + " " + unit + "."
        : capitalize(what) + " " + number(actual) + " " + unit + " is above the maximum of " + number(limit) + " "
            + unit + ".";
    return RuleResult.of(rule, passed, message, numeric(actual), expected);
  }

  /** The short side at least the rule's pixels (both the minimum and the recommended one). */
  static RuleResult shortSide(Rule rule, VideoSpec spec) {
    return bothSides(spec) ? atLeast(rule, (double) Math.min(spec.width(), spec.height()), "short side", "px")
        : RuleResult.notChecked(rule.name(), "width and height", ">= " + number(rule.value()) + " px");
  }

  static RuleResult longSide(Rule rule, VideoSpec spec) {
    return bothSides(spec) ? atMost(rule, (double) Math.max(spec.width(), spec.height()), "long side", "px")
        : RuleResult.notChecked(rule.name(), "width and height", "<= " + number(rule.value()) + " px");
  }

  static RuleResult ratio(Rule rule, VideoSpec spec, List<String> ratios) {
    var expected = (ratios.size() == 1 ? "" : "one of ") + String.join(", ", ratios) + " (within "
        + number(RATIO_TOLERANCE * 100) + "%)";
    if (!bothSides(spec) || spec.width() == 0 || spec.height() == 0) {
      return RuleResult.notChecked(rule.name(), "width and height", expected);
    }
    var quotient = (double) spec.width() / spec.height();
    var match = ratios.stream().filter(r -> Math.abs(quotient / RuleName.ValueType.quotient(r) - 1) <= RATIO_TOLERANCE)
        .findFirst();
    var actual = spec.width() + "x" + spec.height() + " (" + number(round(quotient, 4)) + ")";
    var message = match.map(r -> "Aspect ratio " + actual + " is " + r + ".")
        .orElse("Aspect ratio " + actual + " is not " + (ratios.size() == 1 ? "" : "any of ")
            + String.join(", ", ratios) + ".");
    return RuleResult.of(rule, match.isPresent(), message, actual, expected);
  }

  static RuleResult codec(Rule rule, String codec, String what) {
    var allowed = strings(rule.value()).stream().map(Codecs::canonical).distinct().toList();
    var expected = expectedOneOf(allowed);
    if (codec == null || codec.isBlank()) {
      return RuleResult.notChecked(rule.name(), what, expected);
    }
    var actual = Codecs.canonical(codec);
    var passed = allowed.contains(actual);
    var message = passed ? capitalize(what) + " " + actual + " is accepted."
        : capitalize(what) + " " + actual + " is not accepted; re-encode to " + allowed.getFirst() + ".";
    return RuleResult.of(rule, passed, message, actual, expected);
  }

  /** A silent video has no audio codec to judge: that passes. */
  static RuleResult audioCodec(Rule rule, VideoSpec spec) {
    if (Boolean.FALSE.equals(spec.audioPresent())) {
      return RuleResult.of(rule, true, "The video has no sound; no audio codec to check.", "no audio",
          expectedOneOf(rule.value()));
    }
    return codec(rule, spec.audioCodec(), "audio codec");
  }

  static RuleResult audioRequired(Rule rule, VideoSpec spec) {
    var required = (Boolean) rule.value();
    var present = spec.audioPresent();
    var expected = required ? "has audio" : "audio optional";
    if (present == null) {
      return RuleResult.notChecked(rule.name(), "hasAudio or audioCodec", expected);
    }
    var passed = !required || present;
    var message = passed ? (present ? "The video has sound." : "The video has no sound, which is allowed.")
        : "The video has no sound; add an audio track, sound drives reach on this platform.";
    return RuleResult.of(rule, passed, message, present ? "has audio" : "no audio", expected);
  }

  static Double toDouble(Long value) {
    return value == null ? null : value.doubleValue();
  }

  private static boolean bothSides(VideoSpec spec) {
    return spec.width() != null && spec.height() != null;
  }
}

package dev.videoautomation.media.checks;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import dev.videoautomation.media.compliance.TermMatcher;

/**
 * Judges a {@link VideoSpec} against rules: pure and stateless. Rules are evaluated in vocabulary order; a rule whose
 * input the spec lacks is reported as not checked.
 */
public final class CheckEngine {
  /** How far (relative) width/height may be from a ratio and still count as that ratio. */
  public static final double RATIO_TOLERANCE = 0.02;

  /** A hashtag: '#' then letters, digits, marks or '_', not glued to a preceding word or an HTML entity. */
  private static final Pattern HASHTAG = Pattern.compile("(?<![\\p{L}\\p{N}\\p{M}_&#])#([\\p{L}\\p{N}\\p{M}_]+)");

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
    if (caption == null) {
      return List.of();
    }
    var matcher = HASHTAG.matcher(caption);
    var tags = new ArrayList<String>();
    while (matcher.find()) {
      tags.add(matcher.group(1));
    }
    return tags;
  }

  static RuleResult evaluate(Rule rule, VideoSpec spec) {
    var v = rule.value();
    return switch (rule.name()) {
      case DURATION_MIN -> atLeast(rule, spec.durationSeconds(), "duration", "s");
      case DURATION_MAX -> atMost(rule, spec.durationSeconds(), "duration", "s");
      case ASPECT_RATIO_ALLOWED -> ratio(rule, spec, strings(v));
      case ASPECT_RATIO_RECOMMENDED -> ratio(rule, spec, List.of((String) v));
      case RESOLUTION_MIN_SHORT_SIDE, RESOLUTION_RECOMMENDED_SHORT_SIDE ->
          bothSides(spec) ? atLeast(rule, (double) Math.min(spec.width(), spec.height()), "short side", "px")
              : RuleResult.notChecked(rule.name(), "width and height", ">= " + number(v) + " px");
      case RESOLUTION_MAX_LONG_SIDE -> bothSides(spec)
          ? atMost(rule, (double) Math.max(spec.width(), spec.height()), "long side", "px")
          : RuleResult.notChecked(rule.name(), "width and height", "<= " + number(v) + " px");
      case FPS_MIN -> atLeast(rule, spec.fps(), "frame rate", "fps");
      case FPS_MAX -> atMost(rule, spec.fps(), "frame rate", "fps");
      case SIZE_MAX_BYTES -> atMost(rule, toDouble(spec.sizeBytes()), "file size", "bytes");
      case BITRATE_MIN -> atLeast(rule, toDouble(spec.bitrate()), "bitrate", "bit/s");
      case BITRATE_MAX -> atMost(rule, toDouble(spec.bitrate()), "bitrate", "bit/s");
      case VIDEO_CODEC_ALLOWED -> codec(rule, spec.videoCodec(), "video codec", true);
      case AUDIO_REQUIRED -> audioRequired(rule, spec);
      case AUDIO_CODEC_ALLOWED -> Boolean.FALSE.equals(spec.audioPresent())
          ? new RuleResult(rule.name().key(), true, rule.severity(), "The video has no sound; no audio codec to check.",
              "no audio", expectedOneOf(v))
          : codec(rule, spec.audioCodec(), "audio codec", false);
      case CAPTION_MAX_LENGTH -> captionLength(rule, spec.caption());
      case CAPTION_FORBIDDEN_WORDS -> forbiddenWords(rule, spec.caption());
      case HASHTAGS_MAX, HASHTAGS_RECOMMENDED_MAX -> hashtagCount(rule, spec.hashtags());
      case HASHTAGS_REQUIRED -> requiredHashtags(rule, spec.hashtags());
    };
  }

  private static RuleResult atLeast(Rule rule, Double actual, String what, String unit) {
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
    return result(rule, passed, message, numeric(actual), expected);
  }

  private static RuleResult atMost(Rule rule, Double actual, String what, String unit) {
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
    return result(rule, passed, message, numeric(actual), expected);
  }

  private static RuleResult ratio(Rule rule, VideoSpec spec, List<String> ratios) {
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
    return result(rule, match.isPresent(), message, actual, expected);
  }

  private static RuleResult codec(Rule rule, String codec, String what, boolean required) {
    var allowed = strings(rule.value()).stream().map(CheckEngine::canonicalCodec).distinct().toList();
    var expected = expectedOneOf(allowed);
    if (codec == null || codec.isBlank()) {
      return RuleResult.notChecked(rule.name(), what, expected);
    }
    var actual = canonicalCodec(codec);
    var passed = allowed.contains(actual);
    var message = passed ? capitalize(what) + " " + actual + " is accepted."
        : capitalize(what) + " " + actual + " is not accepted; re-encode to " + allowed.getFirst() + ".";
    return result(rule, passed, message, actual, expected);
  }

  private static RuleResult audioRequired(Rule rule, VideoSpec spec) {
    var required = (Boolean) rule.value();
    var present = spec.audioPresent();
    var expected = required ? "has audio" : "audio optional";
    if (present == null) {
      return RuleResult.notChecked(rule.name(), "hasAudio or audioCodec", expected);
    }
    var passed = !required || present;
    var message = passed ? (present ? "The video has sound." : "The video has no sound, which is allowed.")
        : "The video has no sound; add an audio track, sound drives reach on this platform.";
    return result(rule, passed, message, present ? "has audio" : "no audio", expected);
  }

  private static RuleResult captionLength(Rule rule, String caption) {
    var limit = ((Number) rule.value()).longValue();
    var length = caption == null ? 0 : caption.codePointCount(0, caption.length());
    var passed = length <= limit;
    var message = passed ? "Caption of " + length + " characters is within " + limit + "."
        : "Caption of " + length + " characters is longer than the " + limit + " allowed; shorten it by "
            + (length - limit) + ".";
    return result(rule, passed, message, length, "<= " + limit + " characters");
  }

  private static RuleResult forbiddenWords(Rule rule, String caption) {
    var words = strings(rule.value());
    var found = TermMatcher.of(words).find(caption == null ? "" : caption);
    var passed = found.isEmpty();
    var message = passed ? "The caption contains none of the forbidden words."
        : "The caption contains forbidden words: " + String.join(", ", found) + ".";
    return result(rule, passed, message, passed ? "none" : String.join(", ", found),
        "none of " + String.join(", ", words));
  }

  private static RuleResult hashtagCount(Rule rule, List<String> hashtags) {
    var limit = ((Number) rule.value()).longValue();
    var count = hashtags == null ? 0 : hashtags.size();
    var passed = count <= limit;
    var message = passed ? count + " hashtags, within " + limit + "."
        : count + " hashtags, more than the " + limit + (rule.name() == RuleName.HASHTAGS_MAX ? " allowed"
            : " recommended") + "; remove " + (count - limit) + ".";
    return result(rule, passed, message, count, "<= " + limit + " hashtags");
  }

  private static RuleResult requiredHashtags(Rule rule, List<String> hashtags) {
    var present = (hashtags == null ? List.<String>of() : hashtags).stream().map(CheckEngine::tagKey)
        .collect(Collectors.toSet());
    var required = strings(rule.value()).stream().map(t -> "#" + t.replaceFirst("^#", "")).toList();
    var missing = required.stream().filter(t -> !present.contains(tagKey(t))).toList();
    var passed = missing.isEmpty();
    var message = passed ? "The caption carries every required hashtag."
        : "The caption lacks the required hashtags " + String.join(", ", missing) + ".";
    return result(rule, passed, message, passed ? String.join(" ", required) : "missing " + String.join(", ", missing),
        "all of " + String.join(" ", required));
  }

  private static RuleResult result(Rule rule, boolean passed, String message, Object actual, Object expected) {
    return new RuleResult(rule.name().key(), passed, rule.severity(), message, actual, expected);
  }

  /** The ffprobe name of a codec from common aliases: H.264/avc1 → h264, H.265/hvc1 → hevc, mp4a → aac. */
  public static String canonicalCodec(String codec) {
    var key = codec.strip().toLowerCase(Locale.ROOT).replace(".", "").replace("-", "").replace(" ", "");
    return CODEC_ALIASES.getOrDefault(key, key);
  }

  private static final Map<String, String> CODEC_ALIASES = Map.ofEntries(
      Map.entry("h264", "h264"), Map.entry("avc", "h264"), Map.entry("avc1", "h264"), Map.entry("x264", "h264"),
      Map.entry("mpeg4avc", "h264"), Map.entry("h265", "hevc"), Map.entry("hvc1", "hevc"), Map.entry("hev1", "hevc"),
      Map.entry("x265", "hevc"), Map.entry("vp09", "vp9"), Map.entry("vp08", "vp8"), Map.entry("av01", "av1"),
      Map.entry("mp4a", "aac"), Map.entry("aaclc", "aac"), Map.entry("heaac", "aac"), Map.entry("mpeg4aac", "aac"),
      Map.entry("libopus", "opus"), Map.entry("mp3float", "mp3"), Map.entry("libmp3lame", "mp3"));

  private static String tagKey(String tag) {
    return java.text.Normalizer.normalize(tag.replaceFirst("^#", ""), java.text.Normalizer.Form.NFKC)
        .toLowerCase(Locale.ROOT);
  }

  private static String expectedOneOf(Object values) {
    return "one of " + String.join(", ", strings(values));
  }

  @SuppressWarnings("unchecked")
  private static List<String> strings(Object value) {
    return (List<String>) value;
  }

  private static boolean bothSides(VideoSpec spec) {
    return spec.width() != null && spec.height() != null;
  }

  private static Double toDouble(Long value) {
    return value == null ? null : value.doubleValue();
  }

  /** A whole number as a Long, anything else as the Double itself (JSON renders 60 rather than 60.0). */
  private static Object numeric(double value) {
    return value == Math.rint(value) && Math.abs(value) < 1e15 ? (Object) (long) value : (Object) value;
  }

  private static double round(double value, int places) {
    return BigDecimal.valueOf(value).setScale(places, java.math.RoundingMode.HALF_UP).doubleValue();
  }

  /** A number without trailing zeros: 60, 29.97, 0.5625. */
  public static String number(Object value) {
    var d = ((Number) value).doubleValue();
    return BigDecimal.valueOf(d).stripTrailingZeros().toPlainString();
  }

  private static String capitalize(String text) {
    return Character.toUpperCase(text.charAt(0)) + text.substring(1);
  }
}

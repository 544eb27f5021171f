package dev.videoautomation.media.checks;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * The rule vocabulary of {@code /v1/check}: every rule a built-in set or a client's custom rules may hold, each with
 * the one type its value takes and the severity it has when a custom rule names none. Results list rules in this
 * order.
 */
public enum RuleName {
  DURATION_MIN("duration.min", ValueType.NUMBER, Severity.ERROR, "Shortest duration, in seconds."),
  DURATION_MAX("duration.max", ValueType.NUMBER, Severity.ERROR, "Longest duration, in seconds."),
  ASPECT_RATIO_ALLOWED("aspectRatio.allowed", ValueType.RATIO_LIST, Severity.ERROR,
      "Aspect ratios accepted, as \"W:H\" strings; width/height must be within 2% of one."),
  ASPECT_RATIO_RECOMMENDED("aspectRatio.recommended", ValueType.RATIO, Severity.WARNING,
      "The aspect ratio the platform shows full screen, as a \"W:H\" string (within 2%)."),
  RESOLUTION_MIN_SHORT_SIDE("resolution.minShortSide", ValueType.INTEGER, Severity.ERROR,
      "Smallest short side in pixels (the width of a vertical video, the height of a landscape one)."),
  RESOLUTION_RECOMMENDED_SHORT_SIDE("resolution.recommendedShortSide", ValueType.INTEGER, Severity.WARNING,
      "Short side in pixels the platform recommends at least."),
  RESOLUTION_MAX_LONG_SIDE("resolution.maxLongSide", ValueType.INTEGER, Severity.ERROR,
      "Largest long side in pixels."),
  FPS_MIN("fps.min", ValueType.NUMBER, Severity.ERROR, "Lowest frame rate, frames per second."),
  FPS_MAX("fps.max", ValueType.NUMBER, Severity.ERROR, "Highest frame rate, frames per second."),
  SIZE_MAX_BYTES("size.maxBytes", ValueType.INTEGER, Severity.ERROR, "Largest file, in bytes."),
  BITRATE_MIN("bitrate.min", ValueType.INTEGER, Severity.WARNING, "Lowest overall bitrate, bits per second."),
  BITRATE_MAX("bitrate.max", ValueType.INTEGER, Severity.ERROR, "Highest overall bitrate, bits per second."),
  VIDEO_CODEC_ALLOWED("videoCodec.allowed", ValueType.STRING_LIST, Severity.ERROR,
      "Video codecs accepted (h264, hevc, vp8, vp9, av1; aliases such as H.264 or H.265 are understood)."),
  AUDIO_REQUIRED("audio.required", ValueType.BOOLEAN, Severity.WARNING, "Whether the video must have sound."),
  AUDIO_CODEC_ALLOWED("audioCodec.allowed", ValueType.STRING_LIST, Severity.ERROR,
      "Audio codecs accepted (aac, mp3, opus, ...); not checked for a silent video."),
  CAPTION_MAX_LENGTH("caption.maxLength", ValueType.INTEGER, Severity.ERROR,
      "Longest caption, in characters (Unicode code points)."),
  CAPTION_FORBIDDEN_WORDS("caption.forbiddenWords", ValueType.STRING_LIST, Severity.ERROR,
      "Words or phrases the caption must not contain (whole words, any case)."),
  HASHTAGS_MAX("hashtags.max", ValueType.INTEGER, Severity.ERROR, "Most hashtags allowed."),
  HASHTAGS_RECOMMENDED_MAX("hashtags.recommendedMax", ValueType.INTEGER, Severity.WARNING,
      "Most hashtags the platform recommends."),
  HASHTAGS_REQUIRED("hashtags.required", ValueType.STRING_LIST, Severity.ERROR,
      "Hashtags the caption must carry (with or without '#', any case), e.g. [\"ad\"].");

  /** Most entries in a list value. */
  public static final int MAX_LIST_ENTRIES = 500;
  /** Longest string in a value. */
  public static final int MAX_STRING_LENGTH = 200;

  private final String key;
  private final ValueType type;
  private final Severity defaultSeverity;
  private final String description;

  RuleName(String key, ValueType type, Severity defaultSeverity, String description) {
    this.key = key;
    this.type = type;
    this.defaultSeverity = defaultSeverity;
    this.description = description;
  }

  /** The name used in requests and results, e.g. {@code duration.max}. */
  public String key() {
    return key;
  }

  public ValueType type() {
    return type;
  }

  public Severity defaultSeverity() {
    return defaultSeverity;
  }

  public String description() {
    return description;
  }

  public static Optional<RuleName> byKey(String key) {
    return Arrays.stream(values()).filter(r -> r.key.equals(key)).findFirst();
  }

  public static List<String> keys() {
    return Arrays.stream(values()).map(RuleName::key).toList();
  }

  /** The types of rule values, each parsing JSON into the plain Java value the engine reads. */
  public enum ValueType {
    /** A number ≥ 0: stored as the JSON number given. */
    NUMBER("a number >= 0"),
    /** A whole number ≥ 0: stored as a Long. */
    INTEGER("a whole number >= 0"),
    /** {@code true} or {@code false}. */
    BOOLEAN("true or false"),
    /** A ratio "W:H", both positive numbers: stored normalized, e.g. "9:16". */
    RATIO("a ratio string such as \"9:16\""),
    /** A non-empty list of ratios. */
    RATIO_LIST("a non-empty array of ratio strings such as [\"9:16\", \"1:1\"]"),
    /** A non-empty list of non-blank strings. */
    STRING_LIST("a non-empty array of non-blank strings");

    private static final Pattern RATIO_TEXT = Pattern.compile("\\s*(\\d+(?:\\.\\d+)?)\\s*[:/x]\\s*(\\d+(?:\\.\\d+)?)\\s*");

    private final String expected;

    ValueType(String expected) {
      this.expected = expected;
    }

    /** What a value of this type looks like, for error messages. */
    public String expected() {
      return expected;
    }

    /** The Java value of {@code node}, or empty when the node is not of this type. */
    public Optional<Object> parse(JsonNode node) {
      if (node == null || node.isNull()) {
        return Optional.empty();
      }
      return switch (this) {
        case NUMBER -> node.isNumber() && node.asDouble() >= 0 && Double.isFinite(node.asDouble())
            ? Optional.of(node.numberValue()) : Optional.empty();
        case INTEGER -> node.isIntegralNumber() && node.canConvertToLong() && node.asLong() >= 0
            ? Optional.of(node.asLong()) : Optional.empty();
        case BOOLEAN -> node.isBoolean() ? Optional.of(node.asBoolean()) : Optional.empty();
        case RATIO -> node.isTextual() ? ratio(node.asText()).map(r -> (Object) r) : Optional.empty();
        case RATIO_LIST -> list(node, ValueType::ratio);
        case STRING_LIST -> list(node, ValueType::text);
      };
    }

    private static Optional<Object> list(JsonNode node, java.util.function.Function<String, Optional<String>> item) {
      if (!node.isArray() || node.isEmpty() || node.size() > MAX_LIST_ENTRIES) {
        return Optional.empty();
      }
      var values = new ArrayList<String>();
      for (var element : node) {
        var parsed = element.isTextual() ? item.apply(element.asText()) : Optional.<String>empty();
        if (parsed.isEmpty()) {
          return Optional.empty();
        }
        values.add(parsed.get());
      }
      return Optional.of(List.copyOf(values));
    }

    private static Optional<String> text(String value) {
      var trimmed = value.strip();
      return trimmed.isEmpty() || trimmed.length() > MAX_STRING_LENGTH ? Optional.empty() : Optional.of(trimmed);
    }

    /** "9:16", "9/16" or "1080x1920" as a normalized "W:H" string, or empty. */
    static Optional<String> ratio(String value) {
      var matcher = RATIO_TEXT.matcher(value);
      if (!matcher.matches()) {
        return Optional.empty();
      }
      var w = Double.parseDouble(matcher.group(1));
      var h = Double.parseDouble(matcher.group(2));
      if (w <= 0 || h <= 0) {
        return Optional.empty();
      }
      return Optional.of(RuleText.number(w) + ":" + RuleText.number(h));
    }

    /** The width/height quotient of a normalized ratio string. */
    static double quotient(String ratio) {
      var parts = ratio.split(":");
      return Double.parseDouble(parts[0]) / Double.parseDouble(parts[1]);
    }
  }
}

package dev.videoautomation.media.overlay;

import java.nio.file.Path;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

import dev.videoautomation.platform.errors.ApiException;

/**
 * Builds one ffmpeg {@code drawtext} filter. The caller's text never enters the filter string: it is written to a file
 * and read with {@code textfile=} and {@code expansion=none}, so quotes, colons, backslashes, percent signs, newlines
 * and any script survive as typed. Every other value is either validated to a safe alphabet or escaped with
 * {@link #escape}.
 */
final class DrawText {
  private static final Pattern HEX_COLOR = Pattern.compile("#([0-9a-fA-F]{6}|[0-9a-fA-F]{8})");
  private static final Pattern XY = Pattern.compile("\\s*(\\d{1,5}(?:\\.\\d+)?)\\s*,\\s*(\\d{1,5}(?:\\.\\d+)?)\\s*");
  /** The colour names ffmpeg knows that agents are likely to use. */
  private static final Set<String> NAMED = Set.of("white", "black", "red", "green", "blue", "yellow", "cyan",
      "magenta", "orange", "purple", "pink", "gray", "grey", "silver", "gold", "navy", "teal", "lime", "maroon",
      "olive", "brown");

  private DrawText() {
  }

  static String filter(Path textFile, Path fontFile, String position, double fontSize, double stroke, String color,
      String strokeColor, Double start, Double end) {
    var filter = new StringBuilder("drawtext=")
        .append("fontfile=").append(escape(fontFile.toString()))
        .append(":textfile=").append(escape(textFile.toString()))
        .append(":expansion=none")
        .append(":fontsize=").append(number(fontSize))
        .append(":fontcolor=").append(color(color, "color"))
        .append(":borderw=").append(number(stroke))
        .append(":bordercolor=").append(color(strokeColor, "strokeColor"))
        .append(":line_spacing=").append(number(Math.round(fontSize * 0.25)))
        .append(":").append(position(position));
    if (start != null || end != null) {
      filter.append(":enable='between(t\\,").append(number(start == null ? 0 : start)).append("\\,")
          .append(end == null ? "1e9" : number(end)).append(")'");
    }
    return filter.toString();
  }

  static String position(String position) {
    var value = position == null ? "bottom" : position.strip().toLowerCase(Locale.ROOT);
    return switch (value) {
      case "top" -> "x=(w-text_w)/2:y=h*0.08";
      case "center", "middle" -> "x=(w-text_w)/2:y=(h-text_h)/2";
      case "bottom" -> "x=(w-text_w)/2:y=h-text_h-h*0.08";
      default -> {
        var matcher = XY.matcher(value);
        if (!matcher.matches()) {
          throw ApiException.invalidField("position", "must be top, center, bottom or x,y in pixels (e.g. 40,100)");
        }
        yield "x=" + matcher.group(1) + ":y=" + matcher.group(2);
      }
    };
  }

  static String color(String color, String field) {
    if (color == null) {
      return field.equals("color") ? "white" : "black";
    }
    var value = color.strip();
    if (HEX_COLOR.matcher(value).matches()) {
      return "0x" + value.substring(1);
    }
    if (NAMED.contains(value.toLowerCase(Locale.ROOT))) {
      return value.toLowerCase(Locale.ROOT);
    }
    throw ApiException.invalidField(field, "must be #RRGGBB, #RRGGBBAA or a colour name such as white or yellow");
  }

  /**
   * Escapes a value for a filter option: first for the option parser (backslash, quote, colon), then for the filter
   * graph parser (backslash, quote, and the graph's separators), as ffmpeg-filters(1) "Notes on filtergraph escaping"
   * describes.
   */
  static String escape(String value) {
    var level1 = new StringBuilder();
    for (char c : value.toCharArray()) {
      if (c == '\\' || c == '\'' || c == ':') {
        level1.append('\\');
      }
      level1.append(c);
    }
    var level2 = new StringBuilder();
    for (char c : level1.toString().toCharArray()) {
      if (c == '\\' || c == '\'' || c == '[' || c == ']' || c == ',' || c == ';' || c == '=') {
        level2.append('\\');
      }
      level2.append(c);
    }
    return level2.toString();
  }

  private static String number(double value) {
    return value == Math.rint(value) ? String.valueOf((long) value) : String.format(Locale.ROOT, "%.3f", value);
  }
}

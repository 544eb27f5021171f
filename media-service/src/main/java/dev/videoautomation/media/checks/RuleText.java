package dev.videoautomation.media.checks;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.List;

/** How rule values and findings are written in results: numbers without trailing zeros, lists, sentences. */
final class RuleText {
  private RuleText() {
  }

  /** A number without trailing zeros: 60, 29.97, 0.5625. */
  static String number(Object value) {
    var d = ((Number) value).doubleValue();
    return BigDecimal.valueOf(d).stripTrailingZeros().toPlainString();
  }

  /** A whole number as a Long, anything else as the Double itself (JSON renders 60 rather than 60.0). */
  static Object numeric(double value) {
    return value == Math.rint(value) && Math.abs(value) < 1e15 ? (Object) (long) value : (Object) value;
  }

  static double round(double value, int places) {
    return BigDecimal.valueOf(value).setScale(places, RoundingMode.HALF_UP).doubleValue();
  }

  static String capitalize(String text) {
    return Character.toUpperCase(text.charAt(0)) + text.substring(1);
  }

  static String expectedOneOf(Object values) {
    return "one of " + String.join(", ", strings(values));
  }

  /** A list-valued rule's value (RuleName.ValueType has checked it is a list of strings). */
  @SuppressWarnings("unchecked")
  static List<String> strings(Object value) {
    return (List<String>) value;
  }
}

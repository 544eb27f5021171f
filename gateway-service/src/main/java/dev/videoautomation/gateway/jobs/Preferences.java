package dev.videoautomation.gateway.jobs;

import java.util.List;
import java.util.Locale;
import java.util.OptionalInt;

/**
 * {@code Prefer: wait=N} (RFC 7240 §4.3). Preferences are comma-separated, names case-insensitive, a value a token
 * or a quoted string; a preference the gateway does not understand, or a wait that is not a positive whole number,
 * is ignored, as the RFC asks. A wait longer than {@link #MAX_WAIT_SECONDS} counts as that.
 */
public final class Preferences {
  public static final String PREFER = "Prefer";
  public static final String APPLIED = "Preference-Applied";
  public static final int MAX_WAIT_SECONDS = 60;

  private Preferences() {
  }

  /** The seconds to wait that the {@code Prefer} header values ask for, at most 60; empty when none is asked. */
  public static OptionalInt waitSeconds(List<String> preferValues) {
    for (var header : preferValues) {
      for (var preference : header.split(",")) {
        var parameters = preference.split(";", 2)[0].trim();
        var equals = parameters.indexOf('=');
        if (equals < 0 || !parameters.substring(0, equals).trim().toLowerCase(Locale.ROOT).equals("wait")) {
          continue;
        }
        var value = parameters.substring(equals + 1).trim();
        if (value.length() >= 2 && value.startsWith("\"") && value.endsWith("\"")) {
          value = value.substring(1, value.length() - 1);
        }
        if (!value.matches("\\d{1,9}")) {
          continue;
        }
        var seconds = Integer.parseInt(value);
        if (seconds > 0) {
          return OptionalInt.of(Math.min(seconds, MAX_WAIT_SECONDS));
        }
      }
    }
    return OptionalInt.empty();
  }

  /** The {@code Preference-Applied} value for a wait of {@code seconds}. */
  public static String applied(int seconds) {
    return "wait=" + seconds;
  }
}

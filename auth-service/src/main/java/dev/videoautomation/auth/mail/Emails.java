package dev.videoautomation.auth.mail;

import java.util.Locale;
import java.util.regex.Pattern;

/** The one notion of "an email address" auth uses: a plain sanity check and one normal form for look-ups. */
public final class Emails {
  /** The longest address taken (RFC 5321's path limit). */
  public static final int MAX_LENGTH = 254;
  private static final Pattern PLAIN = Pattern.compile("[^@\\s<>\"]+@[^@\\s<>\"]+\\.[^@\\s<>\"]+");

  private Emails() {
  }

  /** Whether {@code text} looks like an address worth mailing a code to (length and {@code local@domain.tld}). */
  public static boolean looksValid(String text) {
    return text != null && text.trim().length() <= MAX_LENGTH && PLAIN.matcher(text.trim()).matches();
  }

  /** Trimmed and lower case: the form stored and compared (recovery addresses are unique in this form). */
  public static String normalise(String email) {
    return email.trim().toLowerCase(Locale.ROOT);
  }
}

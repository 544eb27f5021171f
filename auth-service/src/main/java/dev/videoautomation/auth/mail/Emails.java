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

  /**
   * The mailbox an address delivers to, as far as a limit per recipient must count it: {@link #normalise}d, without
   * the trailing dot of a fully qualified domain ({@code x@example.com.}) and without a subaddress ({@code +tag},
   * RFC 5233), so that one inbox cannot be mailed past its limit by spelling its address anew. Only for counting:
   * mail still goes to the address as written.
   */
  public static String mailbox(String email) {
    var address = normalise(email);
    var at = address.lastIndexOf('@');
    if (at < 0) {
      return address;
    }
    var local = address.substring(0, at);
    var domain = address.substring(at + 1);
    while (domain.endsWith(".")) {
      domain = domain.substring(0, domain.length() - 1);
    }
    var tag = local.indexOf('+');
    return (tag > 0 ? local.substring(0, tag) : local) + "@" + domain;
  }
}

package dev.videoautomation.media.compliance;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.regex.Pattern;

/** Finds personal data in text: e-mail addresses, phone numbers, and card numbers that pass the Luhn check. */
final class PersonalData {
  private static final int MAX_MATCHES = 20;

  static final Pattern EMAIL = Pattern.compile(
      "(?<![\\p{L}\\p{N}._%+-])[\\p{L}\\p{N}._%+-]{1,64}@[\\p{L}\\p{N}-]+(?:\\.[\\p{L}\\p{N}-]+)*\\.\\p{L}{2,24}"
          + "(?![\\p{L}\\p{N}])");

  /** 13 to 19 digits, optionally grouped by single spaces or dashes. */
  static final Pattern CARD = Pattern.compile("(?<![\\p{N}\\w])\\p{N}(?:[ -]?\\p{N}){12,18}(?![\\p{N}\\w])");

  /**
   * International (+ country code, 8 to 15 digits in groups) or North American (3-3-4, area code optionally in
   * parentheses). Dates, plain counts ("10 000 000") and card numbers do not fit either shape.
   */
  static final Pattern PHONE = Pattern.compile(
      "(?<![\\p{N}\\w+])(?:\\+\\p{N}{1,3}(?:[ .-]?\\(?\\p{N}{1,4}\\)?){2,5}"
          + "|\\(?\\p{N}{3}\\)?[ .-]?\\p{N}{3}[ .-]?\\p{N}{4})(?![\\p{N}\\w])");

  private PersonalData() {
  }

  static List<String> emails(String text) {
    return matches(EMAIL, text);
  }

  /** Card numbers, masked but for the last four digits: "**** **** **** 1111". */
  static List<String> cards(String text) {
    var found = new LinkedHashSet<String>();
    var matcher = CARD.matcher(text);
    while (matcher.find() && found.size() < MAX_MATCHES) {
      var digits = digits(matcher.group());
      if (luhn(digits)) {
        found.add("**** **** **** " + digits.substring(digits.length() - 4));
      }
    }
    return new ArrayList<>(found);
  }

  /** Phone numbers with 7 to 15 digits that are not card numbers. */
  static List<String> phones(String text) {
    var found = new LinkedHashSet<String>();
    var matcher = PHONE.matcher(text);
    while (matcher.find() && found.size() < MAX_MATCHES) {
      var digits = digits(matcher.group());
      if (digits.length() >= 7 && digits.length() <= 15 && !(digits.length() >= 13 && luhn(digits))) {
        found.add(matcher.group().strip());
      }
    }
    return new ArrayList<>(found);
  }

  /** The Luhn (mod 10) check of a string of digits. */
  static boolean luhn(String digits) {
    var sum = 0;
    var doubled = false;
    for (var i = digits.length() - 1; i >= 0; i--) {
      var d = Character.digit(digits.charAt(i), 10);
      if (d < 0) {
        return false;
      }
      if (doubled) {
        d *= 2;
        if (d > 9) {
          d -= 9;
        }
      }
      sum += d;
      doubled = !doubled;
    }
    return !digits.isEmpty() && sum % 10 == 0;
  }

  private static String digits(String text) {
    var out = new StringBuilder();
    text.codePoints().filter(Character::isDigit).forEach(cp -> out.append(Character.forDigit(Character.digit(cp,
        10), 10)));
    return out.toString();
  }

  private static List<String> matches(Pattern pattern, String text) {
    var found = new LinkedHashSet<String>();
    var matcher = pattern.matcher(text);
    while (matcher.find() && found.size() < MAX_MATCHES) {
      found.add(matcher.group());
    }
    return new ArrayList<>(found);
  }
}

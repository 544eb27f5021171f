package dev.videoautomation.media.terms;

import java.text.Normalizer;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Finds words and phrases in text as whole words, in any case and any script: "cure" matches "CURE!" but not
 * "secure", and "self harm" also matches "self-harm". Text and terms are NFKC-normalized first, so full-width or
 * ligature spellings match too.
 */
public final class TermMatcher {
  /** What may not touch a match on either side: letters, digits, combining marks and '_'. */
  private static final String WORD_CHAR = "[\\p{L}\\p{N}\\p{M}_]";
  private static final int MAX_MATCHES = 20;

  private final Pattern pattern;

  private TermMatcher(Pattern pattern) {
    this.pattern = pattern;
  }

  /** A matcher of {@code terms}; blank terms are ignored. */
  public static TermMatcher of(Collection<String> terms) {
    var alternatives = terms.stream().map(TermMatcher::normalize).map(String::strip).filter(t -> !t.isEmpty())
        .sorted((a, b) -> Integer.compare(b.length(), a.length())).map(TermMatcher::termPattern).distinct()
        .collect(Collectors.joining("|"));
    if (alternatives.isEmpty()) {
      return new TermMatcher(null);
    }
    return new TermMatcher(Pattern.compile("(?<!" + WORD_CHAR + ")(?:" + alternatives + ")(?!" + WORD_CHAR + ")",
        Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE | Pattern.UNICODE_CHARACTER_CLASS));
  }

  /** The distinct matches in {@code text}, as written there (normalized), in order of appearance; at most 20. */
  public List<String> find(String text) {
    if (pattern == null || text == null || text.isEmpty()) {
      return List.of();
    }
    var matcher = pattern.matcher(normalize(text));
    var found = new LinkedHashSet<String>();
    while (matcher.find() && found.size() < MAX_MATCHES) {
      found.add(matcher.group().replaceAll("\\s+", " "));
    }
    return new ArrayList<>(found);
  }

  /** NFKC, so that "ｐｏｒｎ" or "ﬁnancial" read as plain letters. */
  public static String normalize(String text) {
    return Normalizer.normalize(text, Normalizer.Form.NFKC);
  }

  /** Words of a term joined by any run of spaces, dashes or underscores (or none: "selfharm"). */
  private static String termPattern(String term) {
    var words = term.split("[\\s\\p{Pd}_]+");
    var parts = new ArrayList<String>();
    for (var word : words) {
      if (!word.isEmpty()) {
        parts.add(Pattern.quote(word));
      }
    }
    return String.join("[\\s\\p{Pd}_]*", parts);
  }
}

package dev.videoautomation.media.checks;

import static dev.videoautomation.media.checks.RuleText.strings;

import java.text.Normalizer;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import dev.videoautomation.media.terms.TermMatcher;

/** The rules on what the post says: caption length, forbidden words and hashtags. */
final class CaptionRules {
  /** A hashtag: '#' then letters, digits, marks or '_', not glued to a preceding word or an HTML entity. */
  private static final Pattern HASHTAG = Pattern.compile("(?<![\\p{L}\\p{N}\\p{M}_&#])#([\\p{L}\\p{N}\\p{M}_]+)");

  private CaptionRules() {
  }

  /** The hashtags of a caption, in order, without '#'. */
  static List<String> hashtags(String caption) {
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

  static RuleResult captionLength(Rule rule, String caption) {
    var limit = ((Number) rule.value()).longValue();
    var length = caption == null ? 0 : caption.codePointCount(0, caption.length());
    var passed = length <= limit;
    var message = passed ? "Caption of " + length + " characters is within " + limit + "."
        : "Caption of " + length + " characters is longer than the " + limit + " allowed; shorten it by "
            + (length - limit) + ".";
    return RuleResult.of(rule, passed, message, length, "<= " + limit + " characters");
  }

  static RuleResult forbiddenWords(Rule rule, String caption) {
    var words = strings(rule.value());
    var found = TermMatcher.of(words).find(caption == null ? "" : caption);
    var passed = found.isEmpty();
    var message = passed ? "The caption contains none of the forbidden words."
        : "The caption contains forbidden words: " + String.join(", ", found) + ".";
    return RuleResult.of(rule, passed, message, passed ? "none" : String.join(", ", found),
        "none of " + String.join(", ", words));
  }

  static RuleResult hashtagCount(Rule rule, List<String> hashtags) {
    var limit = ((Number) rule.value()).longValue();
    var count = hashtags == null ? 0 : hashtags.size();
    var passed = count <= limit;
    var message = passed ? count + " hashtags, within " + limit + "."
        : count + " hashtags, more than the " + limit + (rule.name() == RuleName.HASHTAGS_MAX ? " allowed"
            : " recommended") + "; remove " + (count - limit) + ".";
    return RuleResult.of(rule, passed, message, count, "<= " + limit + " hashtags");
  }

  static RuleResult requiredHashtags(Rule rule, List<String> hashtags) {
    var present = (hashtags == null ? List.<String>of() : hashtags).stream().map(CaptionRules::tagKey)
        .collect(Collectors.toSet());
    var required = strings(rule.value()).stream().map(t -> "#" + t.replaceFirst("^#", "")).toList();
    var missing = required.stream().filter(t -> !present.contains(tagKey(t))).toList();
    var passed = missing.isEmpty();
    var message = passed ? "The caption carries every required hashtag."
        : "The caption lacks the required hashtags " + String.join(", ", missing) + ".";
    return RuleResult.of(rule, passed, message, passed ? String.join(" ", required)
        : "missing " + String.join(", ", missing), "all of " + String.join(" ", required));
  }

  private static String tagKey(String tag) {
    return Normalizer.normalize(tag.replaceFirst("^#", ""), Normalizer.Form.NFKC).toLowerCase(Locale.ROOT);
  }
}

package dev.videoautomation.media.compliance;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

import dev.videoautomation.media.compliance.ComplianceScan.Category;
import dev.videoautomation.media.terms.TermMatcher;

/**
 * The in-process rules engine: word lists ({@link ComplianceTerms}) matched as whole words in any case, and pattern
 * detectors for personal data. Pure and thread-safe; the matchers are compiled once.
 */
public final class ComplianceRules {
  /** The platforms whose terms the rules stand for; both share one list today. */
  public static final List<String> PLATFORMS = List.of("shortvideo", "photo");

  private static final Map<ComplianceTerms.TermCategory, TermMatcher> MATCHERS = ComplianceTerms.CATEGORIES.stream()
      .collect(Collectors.toMap(Function.identity(), c -> TermMatcher.of(c.terms()), (a, b) -> a,
          java.util.LinkedHashMap::new));

  private ComplianceRules() {
  }

  /** Every category the rules find in {@code text}, in a fixed order, each with its matches. */
  public static List<Category> scan(String text) {
    var categories = new ArrayList<Category>();
    if (text == null || text.isBlank()) {
      return categories;
    }
    MATCHERS.forEach((category, matcher) -> add(categories, category.name(), category.severity(),
        matcher.find(text)));
    var normalized = TermMatcher.normalize(text);
    add(categories, "personal_data.email", ComplianceScan.MEDIUM, PersonalData.emails(normalized));
    add(categories, "personal_data.phone", ComplianceScan.MEDIUM, PersonalData.phones(normalized));
    add(categories, "personal_data.credit_card", ComplianceScan.HIGH, PersonalData.cards(normalized));
    return categories;
  }

  /** The names of every category the rules know, for documentation and tests. */
  public static List<String> categoryNames() {
    var names = new ArrayList<String>(ComplianceTerms.CATEGORIES.stream().map(ComplianceTerms.TermCategory::name)
        .toList());
    names.addAll(List.of("personal_data.email", "personal_data.phone", "personal_data.credit_card"));
    return names;
  }

  private static void add(List<Category> categories, String name, String severity, List<String> matches) {
    if (!matches.isEmpty()) {
      categories.add(new Category(name, severity, ComplianceScan.RULES, matches, null));
    }
  }
}

package dev.videoautomation.media.compliance;

import java.util.ArrayList;
import java.util.List;

import org.eclipse.microprofile.openapi.annotations.media.Schema;

import com.fasterxml.jackson.annotation.JsonInclude;

import io.quarkus.runtime.annotations.RegisterForReflection;

/**
 * What a compliance scan found: each category with its severity, source and matches, and which checks ran. Flagged
 * when any category of severity high or medium was found (low ones, such as engagement bait, are advice).
 */
@RegisterForReflection
@Schema(name = "ComplianceScan", description = "What a scan found, and which checks ran.")
public record ComplianceScan(
    @Schema(required = true, description = "True when a category of severity high or medium was found.")
    boolean flagged,
    @Schema(required = true, description = "Each category found: the rules' first, then the moderation provider's "
        + "(its own list of categories).") List<Category> categories,
    @Schema(required = true, maxItems = MAX_CHECKS, description = "Each check, whether it ran, and why not.")
    List<CheckRun> checks) {
  /** Checks one scan reports: transcript, rules, moderation, technical. */
  public static final int MAX_CHECKS = 4;
  /** Matches one category lists: the rules stop at 20; moderation names at most 16 frames and the text. */
  public static final int MAX_MATCHES = 20;
  public static final String HIGH = "high";
  public static final String MEDIUM = "medium";
  public static final String LOW = "low";
  public static final String RULES = "rules";
  public static final String MODERATION = "moderation";

  /** A scan of these categories and checks, flagged by the rule above. */
  public static ComplianceScan of(List<Category> categories, List<CheckRun> checks) {
    var flagged = categories.stream().anyMatch(c -> HIGH.equals(c.severity()) || MEDIUM.equals(c.severity()));
    return new ComplianceScan(flagged, List.copyOf(categories), List.copyOf(checks));
  }

  /** This scan and {@code other} as one: categories of both, checks of both (by name, a check that ran wins). */
  public ComplianceScan merge(ComplianceScan other) {
    var all = new ArrayList<>(categories);
    all.addAll(other.categories);
    var runs = new ArrayList<CheckRun>(checks);
    for (var run : other.checks) {
      var same = runs.stream().filter(r -> r.name().equals(run.name())).findFirst();
      if (same.isEmpty()) {
        runs.add(run);
      } else if (run.ran() && !same.get().ran()) {
        runs.set(runs.indexOf(same.get()), run);
      }
    }
    return of(all, runs);
  }

  /** One category found. {@code score} (0 to 1) comes with moderation categories only. */
  @RegisterForReflection
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @Schema(name = "ComplianceCategory", description = "One category found. `score` (0 to 1) comes with moderation "
      + "categories only.")
  public record Category(
      @Schema(required = true, description = "A rule category (e.g. regulated.health_claims), or the moderation "
          + "provider's own name (e.g. self-harm/intent).", example = "regulated.health_claims") String name,
      @Schema(required = true, enumeration = {"high", "medium", "low"}, example = "medium") String severity,
      @Schema(required = true, enumeration = {"rules", "moderation"}, example = "rules") String source,
      @Schema(required = true, maxItems = MAX_MATCHES, description = "The snippets that matched, as written (card "
          + "numbers masked); `image[i]` for sampled frames; empty for text the provider flagged.")
      List<String> matches,
      @Schema(minimum = "0", maximum = "1", description = "The provider's score; left out for rule categories.",
          example = "0.93") Double score) {
  }

  /** Whether a check ran, and why not when it did not. */
  @RegisterForReflection
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @Schema(name = "ComplianceCheckRun", description = "Whether a check ran, and why not when it did not.")
  public record CheckRun(
      @Schema(required = true, enumeration = {"transcript", "rules", "moderation", "technical"}) String name,
      @Schema(required = true) boolean ran,
      @Schema(maxLength = 200, description = "Why it did not run; left out when it ran.",
          example = "MEDIA_MODERATION_API_KEY is not set") String reason) {
  }
}

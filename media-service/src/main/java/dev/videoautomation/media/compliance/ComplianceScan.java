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
@Schema(name = "ComplianceScan")
public record ComplianceScan(
    @Schema(description = "True when a category of severity high or medium was found.") boolean flagged,
    List<Category> categories,
    List<CheckRun> checks) {
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
  @Schema(name = "ComplianceCategory")
  public record Category(
      @Schema(example = "regulated.health_claims") String name,
      @Schema(enumeration = {"high", "medium", "low"}, example = "medium") String severity,
      @Schema(enumeration = {"rules", "moderation"}, example = "rules") String source,
      @Schema(description = "The snippets that matched (card numbers masked; frame indexes for images).")
      List<String> matches,
      @Schema(nullable = true, example = "0.93") Double score) {
  }

  /** Whether a check ran, and why not when it did not. */
  @RegisterForReflection
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @Schema(name = "ComplianceCheckRun")
  public record CheckRun(
      @Schema(enumeration = {"rules", "moderation"}) String name,
      boolean ran,
      @Schema(nullable = true, example = "MEDIA_MODERATION_API_KEY is not set") String reason) {
  }
}

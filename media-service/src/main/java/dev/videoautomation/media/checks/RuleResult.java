package dev.videoautomation.media.checks;

import org.eclipse.microprofile.openapi.annotations.media.Schema;

import io.quarkus.runtime.annotations.RegisterForReflection;

/** The outcome of one rule: whether it passed, how much it matters, and what was found against what was expected. */
@RegisterForReflection
@Schema(name = "CheckRuleResult")
public record RuleResult(
    @Schema(example = "duration.max") String rule,
    boolean passed,
    @Schema(enumeration = {"error", "warning", "info"}, example = "error") Severity severity,
    @Schema(example = "Duration 75 s is longer than the 60 s allowed.") String message,
    @Schema(description = "What the video has: a number in the rule's unit, or a string.", example = "75")
    Object actual,
    @Schema(description = "What the rule wants, as a short string.", example = "<= 60 s") Object expected) {

  /** A rule that could not be judged because the spec lacks its input: reported as passed, severity info. */
  static RuleResult notChecked(RuleName rule, String missing, Object expected) {
    return new RuleResult(rule.key(), true, Severity.INFO,
        "Not checked: the spec has no " + missing + ".", null, expected);
  }
}

package dev.videoautomation.media.checks;

import org.eclipse.microprofile.openapi.annotations.media.Schema;

import io.quarkus.runtime.annotations.RegisterForReflection;

/** The outcome of one rule: whether it passed, how much it matters, and what was found against what was expected. */
@RegisterForReflection
@Schema(name = "CheckRuleResult", description = "The outcome of one rule.")
public record RuleResult(
    @Schema(required = true, maxLength = CheckDtos.MAX_RULE_NAME, example = "duration.max") String rule,
    @Schema(required = true) boolean passed,
    @Schema(required = true) Severity severity,
    @Schema(required = true, description = "What was found, in a sentence; it quotes the rule's values and what "
        + "matched.", example = "Duration 75 s is longer than the 60 s allowed.") String message,
    @Schema(required = true, description = "What the video has: a number in the rule's unit, or a string; null "
        + "when the spec lacks it (not checked).", example = "75") Object actual,
    @Schema(required = true, description = "What the rule wants, as a short string or a number.", example = "<= 60 s")
    Object expected) {

  /** The result of {@code rule}, with its name and severity. */
  static RuleResult of(Rule rule, boolean passed, String message, Object actual, Object expected) {
    return new RuleResult(rule.name().key(), passed, rule.severity(), message, actual, expected);
  }

  /** A rule that could not be judged because the spec lacks its input: reported as passed, severity info. */
  static RuleResult notChecked(RuleName rule, String missing, Object expected) {
    return new RuleResult(rule.key(), true, Severity.INFO,
        "Not checked: the spec has no " + missing + ".", null, expected);
  }
}

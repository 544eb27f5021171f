package dev.videoautomation.media.checks;

import org.eclipse.microprofile.openapi.annotations.media.Schema;

import io.quarkus.runtime.annotations.RegisterForReflection;

/**
 * One validated custom rule as stored and returned: {@code value} is already of the rule's type (a number, a boolean,
 * a ratio string or a list of strings) and {@code severity} is error, warning, info or off (removes the rule).
 */
@RegisterForReflection
@Schema(name = "CheckCustomRule", description = "One saved custom rule; `value` is of the rule's type.")
public record CustomRule(
    @Schema(required = true, enumeration = {"shortvideo", "photo"}, example = "shortvideo") String platform,
    @Schema(required = true, maxLength = CheckDtos.MAX_RULE_NAME, example = "duration.max") String rule,
    @Schema(required = true, description = "Of the rule's type (a number, true or false, a \"W:H\" string or an "
        + "array of strings; see the vocabulary in the operation description); null for a rule switched off without "
        + "a value.", example = "60") Object value,
    @Schema(nullable = true, enumeration = {"error", "warning", "info", "off"}, description = "null: the built-in "
        + "rule's severity, else the rule's usual one.", example = "error") String severity) {
  public static final String OFF = "off";
}

package dev.videoautomation.media.checks;

import org.eclipse.microprofile.openapi.annotations.media.Schema;

import io.quarkus.runtime.annotations.RegisterForReflection;

/**
 * One validated custom rule as stored and returned: {@code value} is already of the rule's type (a number, a boolean,
 * a ratio string or a list of strings) and {@code severity} is error, warning, info or off (removes the rule).
 */
@RegisterForReflection
@Schema(name = "CheckCustomRule")
public record CustomRule(
    @Schema(enumeration = {"shortvideo", "photo"}, example = "shortvideo") String platform,
    @Schema(example = "duration.max") String rule,
    @Schema(description = "Of the rule's type; see the vocabulary in the operation description.", example = "60")
    Object value,
    @Schema(enumeration = {"error", "warning", "info", "off"}, example = "error") String severity) {
  public static final String OFF = "off";
}

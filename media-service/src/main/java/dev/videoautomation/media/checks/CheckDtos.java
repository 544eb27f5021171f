package dev.videoautomation.media.checks;

import java.util.List;

import jakarta.validation.Valid;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Size;

import org.eclipse.microprofile.openapi.annotations.media.Schema;

import com.fasterxml.jackson.databind.JsonNode;

import io.quarkus.runtime.annotations.RegisterForReflection;

/** The bodies of {@code /v1/check} and {@code /v1/check/rules}. */
public final class CheckDtos {
  /** Most custom rules one client keeps. */
  public static final int MAX_CUSTOM_RULES = 200;

  private CheckDtos() {
  }

  /** {@code POST /v1/check}: a platform, and either {@code spec} or one of {@code videoUrl}/{@code mediaId}. */
  @RegisterForReflection
  @Schema(name = "CheckRequest")
  public record CheckRequest(
      @Schema(required = true, enumeration = {"shortvideo", "photo"}) @NotBlank String platform,
      @Valid VideoSpec spec,
      @Schema(description = "A public http(s) URL of the video to probe (instead of spec).") @Size(max = 4096)
      String videoUrl,
      @Schema(description = "The id of one of your media files to probe (instead of spec).") @Size(max = 200)
      String mediaId,
      @Schema(description = "The caption to judge; overrides spec.caption.") @Size(max = 20_000) String caption,
      @Schema(description = "Apply your saved custom rules (default true).", defaultValue = "true")
      Boolean useCustomRules) {
  }

  /** The answer of {@code POST /v1/check}. */
  @RegisterForReflection
  @Schema(name = "CheckResult")
  public record CheckResult(
      @Schema(description = "True when no rule of severity error failed.") boolean passed,
      String platform,
      @Schema(example = "shortvideo@2026-11-23") String ruleSet,
      @Schema(nullable = true, description = "Version of your custom rules applied (0: none saved); null when "
          + "useCustomRules was false.") Integer customRulesVersion,
      VideoSpec spec,
      List<RuleResult> results) {
  }

  /** One custom rule as sent: {@code value} is checked against the rule's type. */
  @RegisterForReflection
  @Schema(name = "CheckCustomRuleInput")
  public record CustomRuleInput(
      @Schema(required = true, enumeration = {"shortvideo", "photo"}) String platform,
      @Schema(required = true, example = "duration.max") String rule,
      @Schema(required = true, description = "Of the rule's type (may be omitted when severity is off).")
      JsonNode value,
      @Schema(enumeration = {"error", "warning", "info", "off"}, description = "Default: the built-in rule's "
          + "severity, else the rule's usual one.") String severity) {
  }

  /** {@code PUT /v1/check/rules}: the whole new set of custom rules. */
  @RegisterForReflection
  @Schema(name = "CheckRulesUpdate")
  public record RulesUpdate(
      @Schema(required = true) List<CustomRuleInput> rules,
      @Schema(nullable = true, description = "Optional optimistic check: the version you read; a different current "
          + "version answers 409 conflict.") Integer version,
      @Schema(nullable = true, description = "Ignored, so that a document read with GET can be sent back as is.")
      Long updatedAt) {
  }

  /** A client's custom rules: {@code version} 0 and no rules until the first save. */
  @RegisterForReflection
  @Schema(name = "CheckRules")
  public record RulesDocument(
      @Schema(example = "3") int version,
      List<CustomRule> rules,
      @Schema(nullable = true, description = "Epoch milliseconds of the last save.") Long updatedAt) {
  }
}

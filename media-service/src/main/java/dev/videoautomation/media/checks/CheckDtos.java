package dev.videoautomation.media.checks;

import java.util.List;

import jakarta.validation.Valid;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Size;

import org.eclipse.microprofile.openapi.annotations.media.Schema;

import com.fasterxml.jackson.databind.JsonNode;

import io.quarkus.runtime.annotations.RegisterForReflection;

import dev.videoautomation.media.common.Bounds;

/** The bodies of {@code /v1/check} and {@code /v1/check/rules}. */
public final class CheckDtos {
  /** Most custom rules one client keeps. */
  public static final int MAX_CUSTOM_RULES = 200;
  /** Longest caption judged. */
  public static final int MAX_CAPTION = 20_000;
  /** Most hashtags a spec holds: a caption of {@link #MAX_CAPTION} characters holds fewer ("#a #b ..."). */
  public static final int MAX_HASHTAGS = MAX_CAPTION / 2;
  /** Longest rule name taken; every name of the vocabulary is shorter, and an unknown one is a 400 anyway. */
  public static final int MAX_RULE_NAME = 64;
  /** The results of one check: one per rule of the vocabulary in force. */
  public static final int MAX_RESULTS = 20;
  private static final String VALUE_TEXT = "The rule's value, of the type the vocabulary gives it: a number "
      + "(duration, fps), a whole number (pixels, bytes, bits/s, characters, hashtags), true or false "
      + "(audio.required), a \"W:H\" ratio string (aspectRatio.recommended), or a non-empty array of strings (ratios, "
      + "codecs, words, hashtags; at most 500 of at most 200 characters).";

  private CheckDtos() {
  }

  /** {@code POST /v1/check}: a platform, and either {@code spec} or one of {@code videoUrl}/{@code mediaId}. */
  @RegisterForReflection
  @Schema(name = "CheckRequest", description = "A platform, and either `spec` or one of `videoUrl` and `mediaId`.")
  public record CheckRequest(
      @Schema(required = true, enumeration = {"shortvideo", "photo"}) @NotBlank String platform,
      @Valid VideoSpec spec,
      @Schema(description = "A public http(s) URL, a CDN URL or a `med_` id of the video to probe (instead of spec).")
      @Size(max = Bounds.URL) String videoUrl,
      @Schema(description = "The id of one of your media files to probe (instead of spec).")
      @Size(max = Bounds.MEDIA_ID) String mediaId,
      @Schema(description = "The caption to judge; overrides spec.caption.") @Size(max = MAX_CAPTION) String caption,
      @Schema(description = "Apply your saved custom rules (default true).", defaultValue = "true")
      Boolean useCustomRules) {
  }

  /** The answer of {@code POST /v1/check}. */
  @RegisterForReflection
  @Schema(name = "CheckResult", description = "The verdict and every rule's result.")
  public record CheckResult(
      @Schema(required = true, description = "True when no rule of severity error failed.") boolean passed,
      @Schema(required = true, enumeration = {"shortvideo", "photo"}) String platform,
      @Schema(required = true, maxLength = 64, description = "The built-in rule set applied: platform@date.",
          example = "shortvideo@2026-11-23") String ruleSet,
      @Schema(nullable = true, format = "int32", minimum = "0", maximum = Bounds.INT32_MAX, description = "Version of "
          + "your custom rules applied (0: none saved); null when useCustomRules was false.")
      Integer customRulesVersion,
      @Schema(required = true, description = "The spec judged: as sent or probed, with the caption and hashtags "
          + "the caption rules saw.") VideoSpec spec,
      @Schema(required = true, maxItems = MAX_RESULTS, description = "One result per rule in force.")
      List<RuleResult> results) {
  }

  /** One custom rule as sent: {@code value} is checked against the rule's type. */
  @RegisterForReflection
  @Schema(name = "CheckCustomRuleInput", description = "One custom rule: a platform, a rule of the vocabulary and "
      + "a value of that rule's type.")
  public record CustomRuleInput(
      @Schema(required = true, enumeration = {"shortvideo", "photo"}) String platform,
      @Schema(required = true, maxLength = MAX_RULE_NAME, example = "duration.max") String rule,
      @Schema(implementation = Object.class, description = VALUE_TEXT + " May be left out when severity is off.",
          example = "60") JsonNode value,
      @Schema(enumeration = {"error", "warning", "info", "off"}, description = "Default: the built-in rule's "
          + "severity, else the rule's usual one; off removes the built-in rule.") String severity) {
  }

  /** {@code PUT /v1/check/rules}: the whole new set of custom rules. */
  @RegisterForReflection
  @Schema(name = "CheckRulesUpdate", description = "The whole new set of your custom rules.")
  public record RulesUpdate(
      @Schema(required = true, maxItems = MAX_CUSTOM_RULES, description = "Every rule you keep; `[]` clears them.")
      List<CustomRuleInput> rules,
      @Schema(nullable = true, format = "int32", minimum = "0", maximum = Bounds.INT32_MAX, description = "Optional "
          + "optimistic check: the version you read; a different current version answers 409 conflict.")
      Integer version,
      @Schema(nullable = true, format = "int64", minimum = "0", maximum = Bounds.INT64_MAX, description = "Ignored, "
          + "so that a document read with GET can be sent back as is.") Long updatedAt) {
  }

  /** A client's custom rules: {@code version} 0 and no rules until the first save. */
  @RegisterForReflection
  @Schema(name = "CheckRules", description = "Your custom rules with their version.")
  public record RulesDocument(
      @Schema(required = true, format = "int32", minimum = "0", maximum = Bounds.INT32_MAX, description = "Incremented "
          + "by each save; 0 before the first.", example = "3") int version,
      @Schema(required = true, maxItems = MAX_CUSTOM_RULES) List<CustomRule> rules,
      @Schema(required = true, nullable = true, format = "int64", minimum = "0", maximum = Bounds.INT64_MAX,
          description = "Epoch milliseconds of the last save; null before the first.") Long updatedAt) {
  }
}

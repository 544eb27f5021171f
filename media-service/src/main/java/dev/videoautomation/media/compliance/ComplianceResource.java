package dev.videoautomation.media.compliance;

import jakarta.validation.Valid;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Size;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.extensions.Extension;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.ExampleObject;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

import io.quarkus.runtime.annotations.RegisterForReflection;

import dev.videoautomation.media.openapi.MediaErrorAnswers;
import dev.videoautomation.media.openapi.MediaTags;
import dev.videoautomation.platform.errors.ApiException;

/** {@code POST /v1/compliance/prompt} and {@code /video}: scan text, or a whole video, against platform terms. */
@Path("/v1/compliance")
@Tag(name = MediaTags.COMPLIANCE, description = MediaTags.COMPLIANCE_TEXT)
@Produces(MediaType.APPLICATION_JSON)
public class ComplianceResource {
  /** Longest text scanned. */
  public static final int MAX_TEXT = 20_000;

  private static final String FLAGGED_EXAMPLE = "{\"flagged\":true,\"categories\":[{\"name\":"
      + "\"regulated.health_claims\",\"severity\":\"medium\",\"source\":\"rules\",\"matches\":[\"cures\"]},{\"name\":"
      + "\"personal_data.email\",\"severity\":\"medium\",\"source\":\"rules\",\"matches\":[\"ana@example.com\"]},"
      + "{\"name\":\"self-harm\",\"severity\":\"high\",\"source\":\"moderation\",\"matches\":[],\"score\":0.91}],"
      + "\"checks\":[{\"name\":\"rules\",\"ran\":true},{\"name\":\"moderation\",\"ran\":true}]}";

  private static final String RULES_ONLY_EXAMPLE = "{\"flagged\":false,\"categories\":[{\"name\":"
      + "\"spam.engagement_bait\",\"severity\":\"low\",\"source\":\"rules\",\"matches\":[\"tag a friend\"]}],"
      + "\"checks\":[{\"name\":\"rules\",\"ran\":true},{\"name\":\"moderation\",\"ran\":false,\"reason\":"
      + "\"MEDIA_MODERATION_API_KEY is not set\"}]}";

  private final ComplianceScanner scanner;
  private final VideoCompliance videoCompliance;

  ComplianceResource(ComplianceScanner scanner, VideoCompliance videoCompliance) {
    this.scanner = scanner;
    this.videoCompliance = videoCompliance;
  }

  /** The body of {@code POST /v1/compliance/prompt}. */
  @RegisterForReflection
  @Schema(name = "CompliancePromptRequest", description = "Text to scan, and the platform it is for.")
  public record PromptRequest(
      @Schema(required = true, maxLength = MAX_TEXT, example = "A smoothie that cures anxiety, tag a friend!")
      @NotBlank @Size(max = MAX_TEXT) String text,
      @Schema(enumeration = {"shortvideo", "photo"}, description = "The platform the content is for; both share "
          + "the rules today.") String platform) {
  }

  @POST
  @Path("/prompt")
  @Consumes(MediaType.APPLICATION_JSON)
  @Operation(operationId = "scanPromptCompliance", summary = "Scan a prompt or caption against platform terms",
      extensions = @Extension(name = MediaErrorAnswers.EXTENSION, value = MediaErrorAnswers.JSON_BODY + ","
          + MediaErrorAnswers.PROVIDER), description = "Scans `text` (at most "
      + "20000 characters) with in-process rules and, when this deployment has a moderation provider, with an "
      + "OpenAI-compatible moderation model too. `checks` says which ran: without a provider the answer comes from "
      + "the rules alone and says so (`moderation` with `ran: false` and the reason). Rule categories, matched as "
      + "whole words in any case and script: prohibited.weapons, prohibited.drugs, adult, hate, violence.self_harm "
      + "(high); regulated.health_claims, regulated.financial_claims, misleading.giveaway, personal_data.email, "
      + "personal_data.phone (medium); personal_data.credit_card (high, Luhn-checked, masked in matches); "
      + "spam.engagement_bait (low). Moderation categories keep the provider's names (e.g. `violence`, "
      + "`self-harm/intent`), severity high, with the provider's `score`. `flagged` is true when any high or medium "
      + "category was found.")
  @RequestBody(required = true, content = @Content(mediaType = MediaType.APPLICATION_JSON,
      schema = @Schema(implementation = PromptRequest.class), examples = @ExampleObject(name = "prompt",
      value = "{\"text\":\"A smoothie that cures anxiety. Questions? ana@example.com\",\"platform\":\"shortvideo\"}")))
  @APIResponse(responseCode = "200", description = "What was found, and which checks ran", content = @Content(
      mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ComplianceScan.class), examples = {
      @ExampleObject(name = "flagged", value = FLAGGED_EXAMPLE),
      @ExampleObject(name = "rules only", value = RULES_ONLY_EXAMPLE)}))
  @APIResponse(responseCode = "400", description = "`invalid_request`: text missing, blank or too long, or an unknown "
      + "platform; `field` names it.", content = @Content(mediaType = MediaType.APPLICATION_JSON,
      schema = @Schema(ref = "Error"), examples = @ExampleObject(name = "too long",
      value = "{\"error\":\"invalid_request\",\"message\":\"Field 'text' size must be between 0 and 20000.\","
          + "\"field\":\"text\"}")))
  public ComplianceScan prompt(@Valid PromptRequest request) {
    if (request == null) {
      throw ApiException.invalidField("body", "is required (a JSON object with text)");
    }
    return scanner.scanText(request.text(), request.platform());
  }

  @POST
  @Path("/video")
  @Consumes(MediaType.APPLICATION_JSON)
  @io.smallrye.common.annotation.Blocking
  @Operation(operationId = "scanVideoCompliance", summary = "Scan a video against platform terms",
      extensions = @Extension(name = MediaErrorAnswers.EXTENSION, value = MediaErrorAnswers.JSON_BODY + ","
          + MediaErrorAnswers.MEDIA_SOURCE + "," + MediaErrorAnswers.MEDIA_TOOLS + "," + MediaErrorAnswers.PROVIDER
          + "," + MediaErrorAnswers.DATABASE), description = "Scans `videoUrl` (a CDN URL, an outside "
      + "URL or a `med_` id) or `mediaId`: its speech (transcribed when transcription is configured) and optional "
      + "`caption` through the same rules and moderation as /v1/compliance/prompt, `frames` sampled frames (default "
      + "6, 0–16) through image moderation when a moderation provider is configured, and its technical spec "
      + "through the `platform`'s check rules (default `shortvideo`, your custom rules included). `passed` is true "
      + "when nothing was flagged and no error-level technical rule failed; `checks` says what ran and, when "
      + "something did not, why.")
  @RequestBody(required = true, content = @Content(mediaType = MediaType.APPLICATION_JSON,
      schema = @Schema(implementation = VideoCompliance.VideoRequest.class), examples = @ExampleObject(name = "video",
      value = "{\"videoUrl\":\"med_4Yb2kQ9sT1vXw8\",\"platform\":\"shortvideo\",\"caption\":\"Giveaway! Tag 3 friends #win\",\"frames\":6}")))
  @APIResponse(responseCode = "200", description = "What was found, which checks ran, and the technical check",
      content = @Content(mediaType = MediaType.APPLICATION_JSON,
      schema = @Schema(implementation = VideoCompliance.VideoResult.class), examples = @ExampleObject(name = "result",
      value = """
          {"passed": false, "flagged": true, "categories": [{"name": "spam.engagement_bait", "severity": "low",
           "source": "rules", "matches": ["tag 3 friends"]}, {"name": "misleading.giveaway", "severity": "medium",
           "source": "rules", "matches": ["giveaway"]}],
           "checks": [{"name": "transcript", "ran": true}, {"name": "rules", "ran": true},
           {"name": "moderation", "ran": false, "reason": "MEDIA_MODERATION_API_KEY is not set"},
           {"name": "technical", "ran": true}],
           "technical": {"passed": true, "platform": "shortvideo", "ruleSet": "shortvideo@2026-11-23",
           "customRulesVersion": 0, "spec": {"durationSeconds": 14.9, "width": 720, "height": 1280}, "results": []},
           "transcript": "Giveaway time, tag three friends to win."}""")))
  public VideoCompliance.VideoResult video(@Valid VideoCompliance.VideoRequest request) {
    return videoCompliance.scan(request);
  }
}

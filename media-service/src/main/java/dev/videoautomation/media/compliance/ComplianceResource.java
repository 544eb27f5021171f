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
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

import io.quarkus.runtime.annotations.RegisterForReflection;
import io.smallrye.common.annotation.Blocking;

import dev.videoautomation.platform.errors.ApiException;
import dev.videoautomation.platform.openapi.SharedAnswers;
import dev.videoautomation.platform.spending.DryRuns;
import dev.videoautomation.platform.spending.SpendingOperation;

/** {@code POST /v1/compliance/prompt} and {@code /video}: scan text, or a whole video, against platform terms. */
@Path("/v1/compliance")
@Tag(name = "Compliance")
@Produces(MediaType.APPLICATION_JSON)
public class ComplianceResource {
  /** Longest text scanned. */
  public static final int MAX_TEXT = 20_000;

  private final ComplianceScanner scanner;
  private final VideoCompliance videoCompliance;
  private final DryRuns dryRuns;

  ComplianceResource(ComplianceScanner scanner, VideoCompliance videoCompliance, DryRuns dryRuns) {
    this.scanner = scanner;
    this.videoCompliance = videoCompliance;
    this.dryRuns = dryRuns;
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
  @Operation(operationId = "scanPromptCompliance", summary = "Scan a prompt or caption against platform terms")
  @Extension(name = SharedAnswers.ANSWERS, value = "415,502=ProviderFailed,504=ProviderTimeout")
  @RequestBody(required = true)
  @APIResponse(responseCode = "200", description = "What was found, and which checks ran")
  @APIResponse(responseCode = "400")
  public ComplianceScan prompt(@Valid PromptRequest request) {
    if (request == null) {
      throw ApiException.invalidField("body", "is required (a JSON object with text)");
    }
    ComplianceScanner.requireKnownPlatform(request.platform());
    dryRuns.stopIfRequested(SpendingOperation.SCAN_PROMPT_COMPLIANCE);
    return scanner.scanText(request.text(), request.platform());
  }

  @POST
  @Path("/video")
  @Consumes(MediaType.APPLICATION_JSON)
  @Blocking
  @Operation(operationId = "scanVideoCompliance", summary = "Scan a video against platform terms")
  @Extension(name = SharedAnswers.ANSWERS, value = "400=InvalidMediaRequest,404=MediaSourceNotFound,413=MediaTooLarge,"
      + "415=UnsupportedBodyOrMedia,502=SourceOrProviderFailed,503=ToolsOrDatabaseBusy,504=SourceOrProviderTimeout")
  @RequestBody(required = true)
  @APIResponse(responseCode = "200", description = "What was found, which checks ran, and the technical check")
  @APIResponse(responseCode = "422")
  public VideoCompliance.VideoResult video(@Valid VideoCompliance.VideoRequest request) {
    return videoCompliance.scan(request);
  }
}

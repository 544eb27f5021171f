package dev.videoautomation.clone.check;

import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

import jakarta.validation.Valid;

import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.extensions.Extension;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

import dev.videoautomation.clone.openapi.ApiDocs;
import dev.videoautomation.platform.openapi.SharedAnswers;
import dev.videoautomation.platform.token.CurrentCaller;

/** The cloneability check; the operation's prose, examples and its 400, 404 and 413 are in META-INF/openapi.yaml. */
@Path("/v1/clones/check")
@Tag(name = ApiDocs.TAG_CLONE, description = ApiDocs.TAG_CLONE_TEXT)
public class CheckResource {
  private final CheckService checks;
  private final CurrentCaller caller;

  public CheckResource(CheckService checks, CurrentCaller caller) {
    this.checks = checks;
    this.caller = caller;
  }

  @POST
  @Consumes(MediaType.APPLICATION_JSON)
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(operationId = "checkCloneability", summary = "Check a video for cloneability")
  @Extension(name = SharedAnswers.ANSWERS, value = ApiDocs.SOURCE_CHECK)
  @APIResponse(responseCode = "200", description = "The verdict", content = @Content(
      mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = CheckDtos.CheckResult.class)))
  @APIResponse(responseCode = "400")
  @APIResponse(responseCode = "404")
  @APIResponse(responseCode = "413")
  public CheckDtos.CheckResult check(@Valid CheckDtos.CheckRequest request) {
    return checks.check(caller.requireClientId(), request);
  }
}

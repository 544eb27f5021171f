package dev.videoautomation.media.checks;

import jakarta.validation.Valid;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.extensions.Extension;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

import dev.videoautomation.media.checks.CheckDtos.CheckRequest;
import dev.videoautomation.media.checks.CheckDtos.CheckResult;
import dev.videoautomation.media.checks.CheckDtos.RulesDocument;
import dev.videoautomation.media.checks.CheckDtos.RulesUpdate;
import dev.videoautomation.platform.errors.ApiException;
import dev.videoautomation.platform.openapi.SharedAnswers;
import dev.videoautomation.platform.token.CurrentCaller;

/** {@code POST /v1/check} and the caller's custom rules at {@code /v1/check/rules}. */
@Path("/v1/check")
@Tag(name = "Check")
@Produces(MediaType.APPLICATION_JSON)
public class CheckResource {
  private final CheckService checks;
  private final CheckRulesService rules;
  private final CurrentCaller caller;

  CheckResource(CheckService checks, CheckRulesService rules, CurrentCaller caller) {
    this.checks = checks;
    this.rules = rules;
    this.caller = caller;
  }

  @POST
  @Consumes(MediaType.APPLICATION_JSON)
  @Operation(operationId = "checkVideo", summary = "Check a video against a platform's rules")
  @Extension(name = SharedAnswers.ANSWERS, value = "413=MediaTooLarge,415=UnsupportedBodyOrMedia,502=SourceFailed,"
      + "503=ToolsOrDatabaseBusy,504=SourceTimeout")
  @RequestBody(required = true)
  @APIResponse(responseCode = "200", description = "The verdict and every rule's result")
  @APIResponse(responseCode = "400")
  @APIResponse(responseCode = "404")
  @APIResponse(responseCode = "422")
  public CheckResult check(@Valid CheckRequest request) {
    requireBody(request);
    return checks.check(caller.requireClientId(), request);
  }

  @GET
  @Path("/rules")
  @Operation(operationId = "getCheckRules", summary = "Your custom check rules")
  @Extension(name = SharedAnswers.ANSWERS, value = "503=DatabaseBusy")
  @APIResponse(responseCode = "200", description = "Your custom rules")
  public RulesDocument rules() {
    return rules.load(caller.requireClientId());
  }

  @PUT
  @Path("/rules")
  @Consumes(MediaType.APPLICATION_JSON)
  @Operation(operationId = "saveCheckRules", summary = "Save your custom check rules")
  @Extension(name = SharedAnswers.ANSWERS, value = "415,503=DatabaseBusy")
  @RequestBody(required = true)
  @APIResponse(responseCode = "200", description = "The saved rules with their new version")
  @APIResponse(responseCode = "400")
  @APIResponse(responseCode = "409")
  public RulesDocument saveRules(RulesUpdate update) {
    requireBody(update);
    return rules.save(caller.requireClientId(), update);
  }

  private static void requireBody(Object body) {
    if (body == null) {
      throw ApiException.invalidField("body", "is required (a JSON object)");
    }
  }
}

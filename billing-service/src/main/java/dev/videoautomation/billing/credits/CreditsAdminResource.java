package dev.videoautomation.billing.credits;

import jakarta.validation.Valid;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;

import org.eclipse.microprofile.openapi.annotations.Operation;

import io.quarkus.runtime.annotations.RegisterForReflection;

import dev.videoautomation.billing.common.OperatorOnly;
import dev.videoautomation.platform.errors.ApiException;
import dev.videoautomation.platform.ids.IdPrefix;
import dev.videoautomation.platform.ids.Ids;
import dev.videoautomation.platform.lists.Page;
import dev.videoautomation.platform.token.Caller;
import dev.videoautomation.platform.token.CurrentCaller;

/**
 * Operators' credit commands (docs/internal-api.md §3.5): grant credits once per operationId and read a client's
 * ledger, so the suite can run without a payment provider.
 */
@Path("/internal/admin")
@Produces(MediaType.APPLICATION_JSON)
@OperatorOnly
public class CreditsAdminResource {
  private final CreditsAdmin admin;
  private final CurrentCaller caller;

  CreditsAdminResource(CreditsAdmin admin, CurrentCaller caller) {
    this.admin = admin;
    this.caller = caller;
  }

  @RegisterForReflection
  public record GrantCredits(@NotBlank String clientId,
      @NotBlank @Pattern(regexp = "opr_[0-9A-Za-z]{1,60}", message = "must be an operator action id (opr_...)")
      String operationId,
      @NotNull @Min(1) @Max(1_000_000) Integer credits, @NotBlank @Size(max = 200) String reason) {
  }

  @POST
  @Path("/credits/grant")
  @Consumes(MediaType.APPLICATION_JSON)
  @Operation(hidden = true)
  public CreditsAdmin.Granted grant(@NotNull @Valid GrantCredits request) {
    requireClientId(request.clientId());
    return admin.grant(request.clientId(), request.operationId(), request.credits(), request.reason(),
        caller.get().map(Caller::subject).orElseThrow());
  }

  @GET
  @Path("/ledger/{clientId}")
  @Operation(hidden = true)
  public Page<CreditsAdmin.Line> ledger(@PathParam("clientId") String clientId, @QueryParam("limit") String limit,
      @QueryParam("cursor") String cursor) {
    requireClientId(clientId);
    return admin.ledger(clientId, limit, cursor);
  }

  private static void requireClientId(String clientId) {
    if (!Ids.looksLike(IdPrefix.CLI, clientId)) {
      throw ApiException.invalidField("clientId", "must be a client id (cli_...)");
    }
  }
}

package dev.videoautomation.billing.admin;

import jakarta.validation.Valid;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

import org.eclipse.microprofile.openapi.annotations.Operation;

import dev.videoautomation.billing.subscriptions.Entitlement;
import dev.videoautomation.platform.errors.ApiException;
import dev.videoautomation.platform.ids.IdPrefix;
import dev.videoautomation.platform.ids.Ids;

/** Operators' subscription commands (docs/internal-api.md §3.5): not routed publicly, two locks. */
@Path("/internal/admin/subscriptions")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public class AdminResource {
  private final OperatorGuard guard;
  private final SubscriptionAdmin admin;

  AdminResource(OperatorGuard guard, SubscriptionAdmin admin) {
    this.guard = guard;
    this.admin = admin;
  }

  public record GrantRequest(@NotBlank String clientId,
      @NotBlank @Size(max = 64) @Pattern(regexp = "opr_[0-9A-Za-z]+", message = "must be an operation id (opr_...)")
      String operationId,
      @NotBlank String plan, Long periodEnd, Boolean grantCredits) {
  }

  public record EndRequest(
      @NotBlank @Size(max = 64) @Pattern(regexp = "opr_[0-9A-Za-z]+", message = "must be an operation id (opr_...)")
      String operationId,
      @NotBlank @Pattern(regexp = "now|period_end", message = "must be now or period_end") String at,
      @NotBlank @Size(max = 200) String reason) {
  }

  @POST
  @Operation(hidden = true)
  public Entitlement grant(@HeaderParam(OperatorGuard.HEADER) String operatorToken,
      @NotNull @Valid GrantRequest request) {
    var caller = guard.check(operatorToken);
    requireClientId(request.clientId());
    return admin.grant(new SubscriptionAdmin.Grant(request.clientId(), request.operationId(), request.plan(),
        request.periodEnd(), request.grantCredits()), caller.subject());
  }

  @POST
  @Path("/{clientId}/end")
  @Operation(hidden = true)
  public Entitlement end(@HeaderParam(OperatorGuard.HEADER) String operatorToken,
      @PathParam("clientId") String clientId, @NotNull @Valid EndRequest request) {
    var caller = guard.check(operatorToken);
    requireClientId(clientId);
    return admin.end(clientId, new SubscriptionAdmin.End(request.operationId(), request.at(), request.reason()),
        caller.subject());
  }

  private static void requireClientId(String clientId) {
    if (!Ids.looksLike(IdPrefix.CLI, clientId)) {
      throw ApiException.invalidField("clientId", "must be a client id (cli_...)");
    }
  }
}

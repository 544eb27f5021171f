package dev.videoautomation.billing.admin;

import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

import org.eclipse.microprofile.openapi.annotations.Operation;

import dev.videoautomation.billing.admin.AdminDtos.EndRequest;
import dev.videoautomation.billing.admin.AdminDtos.GrantRequest;
import dev.videoautomation.billing.common.OperatorOnly;
import dev.videoautomation.billing.subscriptions.Entitlement;
import dev.videoautomation.platform.errors.ApiException;
import dev.videoautomation.platform.ids.IdPrefix;
import dev.videoautomation.platform.ids.Ids;
import dev.videoautomation.platform.token.Caller;
import dev.videoautomation.platform.token.CurrentCaller;

/** Operators' subscription commands (docs/internal-api.md §3.5): not routed publicly, behind two locks. */
@Path("/internal/admin/subscriptions")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
@OperatorOnly
public class AdminResource {
  private final SubscriptionAdmin admin;
  private final CurrentCaller caller;

  AdminResource(SubscriptionAdmin admin, CurrentCaller caller) {
    this.admin = admin;
    this.caller = caller;
  }

  @POST
  @Operation(hidden = true)
  public Entitlement grant(@NotNull @Valid GrantRequest request) {
    requireClientId(request.clientId());
    return admin.grant(request, actor());
  }

  @POST
  @Path("/{clientId}/end")
  @Operation(hidden = true)
  public Entitlement end(@PathParam("clientId") String clientId, @NotNull @Valid EndRequest request) {
    requireClientId(clientId);
    return admin.end(clientId, request, actor());
  }

  private String actor() {
    return caller.get().map(Caller::subject).orElseThrow();
  }

  private static void requireClientId(String clientId) {
    if (!Ids.looksLike(IdPrefix.CLI, clientId)) {
      throw ApiException.invalidField("clientId", "must be a client id (cli_...)");
    }
  }
}

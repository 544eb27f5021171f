package dev.videoautomation.billing.subscriptions;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

import org.eclipse.microprofile.openapi.annotations.Operation;

import dev.videoautomation.platform.errors.ApiException;
import dev.videoautomation.platform.errors.ErrorCode;
import dev.videoautomation.platform.ids.IdPrefix;
import dev.videoautomation.platform.ids.Ids;
import dev.videoautomation.platform.token.CurrentCaller;

/**
 * {@code GET /internal/entitlements/{clientId}} for the gateway (docs/internal-api.md §3.3): a service subject may
 * ask about any client, a client subject only about itself.
 */
@Path("/internal/entitlements")
public class EntitlementsResource {
  private final Entitlements entitlements;
  private final CurrentCaller caller;

  EntitlementsResource(Entitlements entitlements, CurrentCaller caller) {
    this.entitlements = entitlements;
    this.caller = caller;
  }

  @GET
  @Path("/{clientId}")
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(hidden = true)
  public Entitlement entitlement(@PathParam("clientId") String clientId) {
    if (!Ids.looksLike(IdPrefix.CLI, clientId)) {
      throw ApiException.invalidField("clientId", "must be a client id (cli_...)");
    }
    var current = caller.get().orElseThrow(() -> new ApiException(ErrorCode.UNAUTHORIZED, "A token is needed."));
    if (!current.isService() && !clientId.equals(current.clientId())) {
      throw new ApiException(ErrorCode.INSUFFICIENT_SCOPE, "This token acts for another client.");
    }
    return entitlements.of(clientId);
  }
}

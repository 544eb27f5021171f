package dev.videoautomation.billing.credits;

import java.util.Map;

import jakarta.validation.Valid;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

import org.eclipse.microprofile.openapi.annotations.Operation;

import io.quarkus.runtime.annotations.RegisterForReflection;

import dev.videoautomation.platform.errors.ApiException;
import dev.videoautomation.platform.errors.ErrorCode;
import dev.videoautomation.platform.ids.IdPrefix;
import dev.videoautomation.platform.ids.Ids;
import dev.videoautomation.platform.token.Caller;
import dev.videoautomation.platform.token.CurrentCaller;

/**
 * Charge, refund, balance and quote for the services that run paid work (docs/internal-api.md §3.4.1–3.4.3,
 * §3.19.2).
 */
@Path("/internal/credits")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public class CreditsResource {
  private final Credits credits;
  private final CurrentCaller currentCaller;

  CreditsResource(Credits credits, CurrentCaller currentCaller) {
    this.credits = credits;
    this.currentCaller = currentCaller;
  }

  /** {@code keyId}: the key the agent called with; {@code maxCredits}: its {@code Max-Credits} cap (§3.19.2). */
  @RegisterForReflection
  public record ChargeBody(@NotBlank String clientId, @NotBlank @Size(max = 64) String operationId,
      @NotBlank String operation, @Min(1) @Max(10_000) Integer quantity, Map<String, String> attributes,
      String keyId, @Min(0) Integer maxCredits) {
  }

  /** The charge's body without an operationId: what a call would cost and whether it would be charged. */
  @RegisterForReflection
  public record QuoteBody(@NotBlank String clientId, @NotBlank String operation, @Min(1) @Max(10_000) Integer quantity,
      Map<String, String> attributes, String keyId, @Min(0) Integer maxCredits) {
  }

  @RegisterForReflection
  public record RefundBody(@NotBlank String clientId, @NotBlank @Size(max = 64) String operationId,
      @NotBlank @Size(max = 200) String reason) {
  }

  @RegisterForReflection
  public record Balance(String clientId, int balance, long asOf) {
  }

  @POST
  @Path("/charge")
  @Operation(hidden = true)
  public Credits.Charge charge(@NotNull @Valid ChargeBody body) {
    var caller = actingFor(body.clientId());
    return credits.charge(new Credits.ChargeRequest(body.clientId(), body.operationId(), body.operation(),
        body.quantity() == null ? 1 : body.quantity(), body.attributes(), keyOf(caller, body.keyId()),
        body.maxCredits()), caller.subject());
  }

  @POST
  @Path("/quote")
  @Operation(hidden = true)
  public Credits.Quote quote(@NotNull @Valid QuoteBody body) {
    var caller = actingFor(body.clientId());
    return credits.quote(new Credits.ChargeRequest(body.clientId(), null, body.operation(),
        body.quantity() == null ? 1 : body.quantity(), body.attributes(), keyOf(caller, body.keyId()),
        body.maxCredits()));
  }

  @POST
  @Path("/refund")
  @Operation(hidden = true)
  public Credits.Refund refund(@NotNull @Valid RefundBody body) {
    var caller = actingFor(body.clientId());
    return credits.refund(body.clientId(), body.operationId(), body.reason(), caller.subject());
  }

  @GET
  @Path("/balance/{clientId}")
  @Operation(hidden = true)
  public Balance balance(@PathParam("clientId") String clientId) {
    actingFor(clientId);
    return new Balance(clientId, credits.balance(clientId), System.currentTimeMillis());
  }

  /**
   * The key a charge counts against. A client token names the key it was minted for, and that one is used whatever
   * the body says (a body naming another is refused): the budget belongs to the key the agent holds. A service
   * token names none, so the body's is taken (the owner passes on the key of the request it serves).
   */
  private static String keyOf(Caller caller, String bodyKeyId) {
    if (bodyKeyId != null && !Ids.looksLike(IdPrefix.KEY, bodyKeyId)) {
      throw ApiException.invalidField("keyId", "must be a key id (key_...)");
    }
    if (caller.isService() || caller.keyId() == null) {
      return bodyKeyId;
    }
    if (bodyKeyId != null && !bodyKeyId.equals(caller.keyId())) {
      throw new ApiException(ErrorCode.INSUFFICIENT_SCOPE, "This token acts for another key.");
    }
    return caller.keyId();
  }

  /** A service may act for any client; a client subject only for itself (docs/internal-api.md §1.2). */
  private Caller actingFor(String clientId) {
    if (!Ids.looksLike(IdPrefix.CLI, clientId)) {
      throw ApiException.invalidField("clientId", "must be a client id (cli_...)");
    }
    var caller = currentCaller.get().orElseThrow(() -> new ApiException(ErrorCode.UNAUTHORIZED, "A token is needed."));
    if (!caller.isService() && !clientId.equals(caller.clientId())) {
      throw new ApiException(ErrorCode.INSUFFICIENT_SCOPE, "This token acts for another client.");
    }
    return caller;
  }
}

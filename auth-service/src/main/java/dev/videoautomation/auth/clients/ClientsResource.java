package dev.videoautomation.auth.clients;

import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

import org.eclipse.microprofile.openapi.annotations.Operation;

import dev.videoautomation.auth.addresses.AddressLimits;
import dev.videoautomation.auth.keys.InternalCallers;
import dev.videoautomation.auth.mail.CodeMail;
import dev.videoautomation.platform.errors.ApiException;

/**
 * {@code POST /internal/clients} (docs/internal-api.md §3.2): billing mints a client with a live key when a keyless
 * checkout completes, and the checkout's email gets the code that makes it the recovery address. Never logs its body.
 */
@Path("/internal/clients")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public class ClientsResource {
  static final int MAX_OPERATION_ID_LENGTH = 64;
  static final int MAX_EMAIL_LENGTH = 254;

  private final ClientMinting minting;
  private final InternalCallers callers;
  private final AddressLimits limits;
  private final CodeMail mail;

  ClientsResource(ClientMinting minting, InternalCallers callers, AddressLimits limits, CodeMail mail) {
    this.minting = minting;
    this.callers = callers;
    this.limits = limits;
    this.mail = mail;
  }

  public record MintRequest(String operationId, String email, Boolean reissueCredential) {
  }

  @POST
  @Operation(hidden = true)
  public Response mint(MintRequest body) {
    callers.requireClientsCaller();
    if (body == null || body.operationId() == null || body.operationId().isBlank()) {
      throw ApiException.invalidField("operationId", "is required: the checkout session id");
    }
    if (body.operationId().length() > MAX_OPERATION_ID_LENGTH) {
      throw ApiException.invalidField("operationId", "must be at most " + MAX_OPERATION_ID_LENGTH + " characters");
    }
    if (body.email() != null && body.email().length() > MAX_EMAIL_LENGTH) {
      throw ApiException.invalidField("email", "must be at most " + MAX_EMAIL_LENGTH + " characters");
    }
    var outcome = minting.mint(body.operationId(), body.email(), Boolean.TRUE.equals(body.reissueCredential()));
    // After commit, and within the recipient's hourly limit (past it, the owner asks for a code later).
    outcome.addressCode().filter(code -> limits.tryTakeForRecipient(code.email()))
        .ifPresent(code -> mail.addressCode(code.email(), code.digits(), minting.codeTtl()));
    var minted = outcome.minted();
    return Response.status(minted.created() ? Response.Status.CREATED : Response.Status.OK).entity(minted).build();
  }
}

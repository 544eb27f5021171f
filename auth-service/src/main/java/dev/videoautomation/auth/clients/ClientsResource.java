package dev.videoautomation.auth.clients;

import jakarta.validation.Valid;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

import org.eclipse.microprofile.openapi.annotations.Operation;

import dev.videoautomation.auth.keys.InternalCallers;

/** {@code POST /internal/clients}: billing mints a client with a live key when a keyless checkout completes. */
@Path("/internal/clients")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public class ClientsResource {
  private final ClientMinting minting;
  private final InternalCallers callers;

  ClientsResource(ClientMinting minting, InternalCallers callers) {
    this.minting = minting;
    this.callers = callers;
  }

  public record MintRequest(@NotBlank @Size(max = 64) String operationId, @Size(max = 254) String email,
      Boolean reissueCredential) {
  }

  @POST
  @Operation(hidden = true)
  public Response mint(@NotNull @Valid MintRequest request) {
    callers.requireClientsCaller();
    var minted = minting.mint(request.operationId(), request.email(), Boolean.TRUE.equals(request.reissueCredential()));
    return Response.status(minted.created() ? 201 : 200).entity(minted).build();
  }
}

package dev.videoautomation.auth.keys;

import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

import org.eclipse.microprofile.openapi.annotations.Operation;

/** {@code POST /internal/verify}: for the gateway only. */
@Path("/internal/verify")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public class VerifyResource {
  private final Verification verification;
  private final InternalCallers callers;

  VerifyResource(Verification verification, InternalCallers callers) {
    this.verification = verification;
    this.callers = callers;
  }

  public record VerifyRequest(
      @NotNull @Pattern(regexp = "[0-9a-f]{64}", message = "must be 64 lowercase hex characters") String keyHash) {
  }

  @POST
  @Operation(hidden = true)
  public Verification.Answer verify(@NotNull @Valid VerifyRequest request) {
    callers.requireVerifyCaller();
    return verification.verify(request.keyHash());
  }
}

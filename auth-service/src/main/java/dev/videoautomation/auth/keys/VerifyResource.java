package dev.videoautomation.auth.keys;

import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

import org.eclipse.microprofile.openapi.annotations.Operation;

import dev.videoautomation.platform.errors.ApiException;
import dev.videoautomation.platform.keys.ApiKeys;

/** {@code POST /internal/verify} (docs/internal-api.md §3.1): for the gateway only. Never logs its body. */
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

  public record VerifyRequest(String keyHash) {
  }

  @POST
  @Operation(hidden = true)
  public Verification.Answer verify(VerifyRequest body) {
    callers.requireVerifyCaller();
    if (body == null || !ApiKeys.isHash(body.keyHash())) {
      throw ApiException.invalidField("keyHash", "must be 64 lowercase hex characters: the SHA-256 of the key");
    }
    return verification.verify(body.keyHash());
  }
}

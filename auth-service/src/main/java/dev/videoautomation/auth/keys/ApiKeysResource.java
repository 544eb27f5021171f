package dev.videoautomation.auth.keys;

import java.util.LinkedHashMap;
import java.util.Map;

import jakarta.validation.Valid;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

import dev.videoautomation.platform.errors.ApiException;
import dev.videoautomation.platform.errors.ErrorCode;
import dev.videoautomation.platform.token.CurrentCaller;

/** {@code POST /v1/api_keys/rotate}: any valid key, no subscription needed. */
@Path("/v1/api_keys/rotate")
@Tag(name = "API keys")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public class ApiKeysResource {
  static final int MAX_GRACE_SECONDS = 86_400;

  private final Rotation rotation;
  private final CurrentCaller caller;

  ApiKeysResource(Rotation rotation, CurrentCaller caller) {
    this.rotation = rotation;
    this.caller = caller;
  }

  public record RotateRequest(@Min(0) @Max(MAX_GRACE_SECONDS) Integer graceSeconds) {
  }

  @POST
  @Operation(summary = "Rotate the key you call with", description = "Issues a new key of the same kind and scopes "
      + "for the same client. The key sent in Authorization stops working at once, or after `graceSeconds` "
      + "(0 to 86400) so running work can switch over. Answer: `credential`, `credential_type`, "
      + "`credential_expires` (null), `scopes`, `previous_credential_expires` (epoch ms, null when the old key "
      + "already stopped). Needs any valid key; no subscription.")
  public Map<String, Object> rotate(@Valid RotateRequest request) {
    var current = caller.get().filter(c -> !c.isService())
        .orElseThrow(() -> new ApiException(ErrorCode.UNAUTHORIZED, "Send the key to rotate."));
    var grace = request == null || request.graceSeconds() == null ? 0 : request.graceSeconds();
    var rotated = rotation.rotate(current.clientId(), current.keyId(), grace);
    var body = new LinkedHashMap<String, Object>();
    body.put("credential", rotated.issued().credential());
    body.put("credential_type", "api_key");
    body.put("credential_expires", null);
    body.put("scopes", rotated.issued().key().scopeList());
    body.put("previous_credential_expires", rotated.previousExpires());
    return body;
  }
}

package dev.videoautomation.auth.keys;

import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.ExampleObject;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.videoautomation.auth.keys.KeyDtos.RotateRequest;
import dev.videoautomation.auth.keys.KeyDtos.Rotated;
import dev.videoautomation.platform.errors.ApiException;
import dev.videoautomation.platform.errors.ErrorCode;
import dev.videoautomation.platform.json.RequestBodyMapper;
import dev.videoautomation.platform.token.CurrentCaller;

/** {@code POST /v1/api_keys/rotate}: any valid key, no subscription needed. */
@Path("/v1/api_keys/rotate")
@Tag(name = "API keys", description = "Rotate a key, recover one by email, and verify the email that recovers it.")
@Produces(MediaType.APPLICATION_JSON)
public class ApiKeysResource {
  private final Rotation rotation;
  private final CurrentCaller caller;
  private final ObjectMapper json;

  ApiKeysResource(Rotation rotation, CurrentCaller caller, RequestBodyMapper bodies) {
    this.rotation = rotation;
    this.caller = caller;
    this.json = bodies.strict();
  }

  @POST
  @Consumes(MediaType.WILDCARD)
  @Operation(operationId = "rotateApiKey", summary = "Rotate the key you call with", description = "Issues a new key "
      + "of the same kind and scopes for the same client. The key you call with stops working at once, or after "
      + "`graceSeconds` (0 to 86400) so running work can switch over; `previous_credential_expires` says when (null: "
      + "already stopped). The body is optional (none, or `{}`, is no grace). Needs any valid key (anonymous keys "
      + "too); no subscription.\n\nOnly the newest key rotates: a key inside its rotation grace was already replaced "
      + "and answers 403 key_rotating. A rotation ends every older key of the client along with the one you call with "
      + "(at once, or by the end of the new grace at the latest), so rotating the newest key without grace ends a "
      + "leaked older one too.\n\n`Idempotency-Key`: the gateway holds it while the rotation runs (a second call with "
      + "it meanwhile is 409 idempotency_key_in_use), but never stores the answer, since it carries a key: repeating a "
      + "completed rotation with the same `Idempotency-Key` answers 409 credential_issued (the key was issued; recover "
      + "one by email if it is lost) and rotates nothing. Send a new `Idempotency-Key` to rotate again.")
  @RequestBody(required = false, content = @Content(mediaType = MediaType.APPLICATION_JSON,
      schema = @Schema(implementation = RotateRequest.class), examples = {
      @ExampleObject(name = "at once", value = "{}"),
      @ExampleObject(name = "with grace", value = "{\"graceSeconds\":3600}")}))
  @APIResponse(responseCode = "200", description = "The new key, shown once", content = @Content(
      mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = Rotated.class),
      examples = @ExampleObject(name = "with grace", value = "{\"credential\":"
          + "\"svc_live_1x2Yz3AbC4dEf5GhI6jKl7mN8pQ9rS0tU1vW2xY3zA4bC5dE6\",\"credential_type\":\"api_key\","
          + "\"credential_expires\":null,\"scopes\":[\"api.read\",\"api.write\"],"
          + "\"previous_credential_expires\":1763703600000}")))
  @APIResponse(responseCode = "400", description = "invalid_request: graceSeconds out of range, or not JSON",
      content = @Content(mediaType = MediaType.APPLICATION_JSON,
          schema = @Schema(ref = "Error")))
  @APIResponse(responseCode = "403", description = "key_rotating: the key you call with is inside its rotation "
      + "grace (a newer key replaced it); rotate with the newest key", content = @Content(
      mediaType = MediaType.APPLICATION_JSON, schema = @Schema(ref = "Error")))
  @APIResponse(responseCode = "415", description = "unsupported_media_type: a body that is not application/json "
      + "(send JSON, or no body)", content = @Content(mediaType = MediaType.APPLICATION_JSON,
          schema = @Schema(ref = "Error")))
  public Rotated rotate(@HeaderParam("Content-Type") @Parameter(hidden = true) String contentType, String body)
      throws JsonProcessingException {
    var current = caller.get().filter(c -> !c.isService() && c.keyId() != null)
        .orElseThrow(() -> new ApiException(ErrorCode.UNAUTHORIZED, "Send the key to rotate in the "
            + "Authorization header (Bearer) or X-Api-Key."));
    return rotation.rotate(current.clientId(), current.keyId(), graceSeconds(contentType, body));
  }

  /**
   * The optional body: none (or blank) is no grace; otherwise strict JSON read by the mapper every request body is
   * read with ({@code "10"} is not a number).
   */
  private int graceSeconds(String contentType, String body) throws JsonProcessingException {
    if (body == null || body.isBlank()) {
      return 0;
    }
    if (!isJson(contentType)) {
      throw new ApiException(ErrorCode.UNSUPPORTED_MEDIA_TYPE, "Send the body as application/json, or no body.");
    }
    var request = json.readValue(body, RotateRequest.class);
    var grace = request == null || request.graceSeconds() == null ? 0 : request.graceSeconds();
    if (grace < 0 || grace > KeyDtos.MAX_GRACE_SECONDS) {
      throw ApiException.invalidField("graceSeconds", "must be between 0 and " + KeyDtos.MAX_GRACE_SECONDS);
    }
    return grace;
  }

  private static boolean isJson(String contentType) {
    try {
      return contentType != null && MediaType.valueOf(contentType).isCompatible(MediaType.APPLICATION_JSON_TYPE);
    } catch (IllegalArgumentException e) {
      return false;
    }
  }
}

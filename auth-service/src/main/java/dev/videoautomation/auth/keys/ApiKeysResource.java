package dev.videoautomation.auth.keys;

import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.extensions.Extension;
import org.eclipse.microprofile.openapi.annotations.media.Content;
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
import dev.videoautomation.platform.openapi.SharedAnswers;
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
  @Operation(operationId = "rotateApiKey", summary = "Rotate the key you call with")
  @Extension(name = SharedAnswers.ANSWERS, value = "415")
  @RequestBody(required = false, content = @Content(mediaType = MediaType.APPLICATION_JSON,
      schema = @Schema(implementation = RotateRequest.class)))
  @APIResponse(responseCode = "200", description = "The new key, shown once", content = @Content(
      mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = Rotated.class)))
  @APIResponse(responseCode = "400", description = "invalid_request: graceSeconds out of range, or not JSON")
  @APIResponse(responseCode = "403")
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

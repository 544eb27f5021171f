package dev.videoautomation.auth.recovery;

import static dev.videoautomation.auth.openapi.DocumentedForms.CODE_EXAMPLE;
import static dev.videoautomation.auth.openapi.DocumentedForms.CODE_PATTERN;

import jakarta.validation.Valid;
import jakarta.validation.constraints.Pattern;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.extensions.Extension;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

import io.quarkus.runtime.annotations.RegisterForReflection;

import dev.videoautomation.auth.addresses.AddressLimits;
import dev.videoautomation.auth.clients.AddressVerification;
import dev.videoautomation.auth.keys.Keys;
import dev.videoautomation.auth.mail.CodeMail;
import dev.videoautomation.platform.errors.ApiException;
import dev.videoautomation.platform.errors.ErrorCode;
import dev.videoautomation.platform.openapi.SharedAnswers;
import dev.videoautomation.platform.token.CurrentCaller;

/**
 * {@code POST /v1/api_keys/verify_email}: the client's key plus the code mailed to the email of its keyless checkout
 * make that email its recovery address (docs/auth-service.md, "Recovery addresses"). Any valid key of the client.
 */
@Path("/v1/api_keys/verify_email")
@Tag(name = "API keys")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public class VerifyEmailResource {
  static final String VERIFIED = "verified";
  static final String CODE_SENT = "code_sent";

  private final AddressVerification verification;
  private final AddressLimits limits;
  private final CodeMail mail;
  private final CurrentCaller caller;
  private final Keys keys;

  VerifyEmailResource(AddressVerification verification, AddressLimits limits, CodeMail mail, CurrentCaller caller,
      Keys keys) {
    this.verification = verification;
    this.limits = limits;
    this.mail = mail;
    this.caller = caller;
    this.keys = keys;
  }

  @Schema(name = "VerifyEmailRequest")
  public record VerifyEmailRequest(
      @Schema(minLength = 6, maxLength = 6, pattern = CODE_PATTERN, description = "The code mailed to the address; "
          + "leave out to have a new one mailed.", example = CODE_EXAMPLE)
      @Pattern(regexp = "\\d{6}", message = "must be the 6 digits from the mail") String code) {
  }

  @RegisterForReflection
  @Schema(name = "RecoveryEmailStatus")
  public record Status(@Schema(required = true, enumeration = {VERIFIED, CODE_SENT}) String status) {
  }

  @POST
  @Operation(operationId = "verifyRecoveryEmail", summary = "Verify the recovery email of a keyless checkout")
  @Extension(name = SharedAnswers.ANSWERS, value = "415")
  @APIResponse(responseCode = "200", description = "The address is the client's verified recovery address",
      content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = Status.class)))
  @APIResponse(responseCode = "202", description = "A new code was mailed to the address", content = @Content(
      mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = Status.class)))
  @APIResponse(responseCode = "400", description = "invalid_request: code is not 6 digits")
  @APIResponse(responseCode = "401")
  @APIResponse(responseCode = "409", description = "conflict: no recovery address waits to be verified")
  @APIResponse(responseCode = "429")
  public Response verifyEmail(@Valid VerifyEmailRequest body) {
    var current = caller.get().filter(c -> !c.isService())
        .orElseThrow(() -> new ApiException(ErrorCode.UNAUTHORIZED, "Send the client's key in the Authorization "
            + "header (Bearer) or X-Api-Key."));
    // The recovery address recovers the client's keys: a sub-agent's key has no say in it.
    if (keys.isSubKey(current.keyId())) {
      throw new ApiException(ErrorCode.INSUFFICIENT_SCOPE, "A sub-key cannot verify the recovery address: call with "
          + "the client's primary key.");
    }
    var clientId = current.clientId();
    if (body != null && body.code() != null) {
      return switch (verification.verify(clientId, body.code())) {
        case AddressVerification.Verified verified -> Response.ok(new Status(VERIFIED)).build();
        case AddressVerification.Refused refused -> throw refused.reason();
      };
    }
    var address = verification.addressOf(clientId);
    return switch (address.standing()) {
      case VERIFIED -> Response.ok(new Status(VERIFIED)).build();
      case NONE -> throw AddressVerification.nothingWaits();
      case WAITING -> {
        limits.takeForRecipient(address.email());
        verification.newCode(clientId).ifPresent(code -> mail.addressCode(code.email(), code.digits(),
            verification.codeTtl()));
        yield Response.accepted(new Status(CODE_SENT)).build();
      }
    };
  }
}

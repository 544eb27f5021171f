package dev.videoautomation.auth.recovery;

import static dev.videoautomation.auth.openapi.DocumentedForms.CODE_EXAMPLE;
import static dev.videoautomation.auth.openapi.DocumentedForms.CODE_PATTERN;

import jakarta.validation.Valid;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.extensions.Extension;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

import io.quarkus.runtime.annotations.RegisterForReflection;
import io.vertx.ext.web.RoutingContext;

import dev.videoautomation.auth.addresses.AddressLimits;
import dev.videoautomation.auth.keys.KeyDtos.Credential;
import dev.videoautomation.auth.mail.CodeMail;
import dev.videoautomation.auth.mail.Emails;
import dev.videoautomation.platform.errors.ApiException;
import dev.videoautomation.platform.openapi.SharedAnswers;

/** {@code POST /v1/api_keys/recover}: public; the same answers whether or not an email is registered. */
@Path("/v1/api_keys/recover")
@Tag(name = "API keys")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public class RecoveryResource {
  static final String CODE_SENT_IF_REGISTERED = "code_sent_if_registered";

  private final Recovery recovery;
  private final CodeMail mail;
  private final AddressLimits addressLimits;

  RecoveryResource(Recovery recovery, CodeMail mail, AddressLimits addressLimits) {
    this.recovery = recovery;
    this.mail = mail;
    this.addressLimits = addressLimits;
  }

  @Schema(name = "RecoverRequest")
  public record RecoverRequest(
      @Schema(required = true, maxLength = Emails.MAX_LENGTH, format = "email", example = "agent-owner@example.com")
      @NotBlank @Size(max = Emails.MAX_LENGTH) String email,
      @Schema(minLength = 6, maxLength = 6, pattern = CODE_PATTERN, description = "The mailed code; leave out to "
          + "ask for one.", example = CODE_EXAMPLE)
      @Pattern(regexp = "\\d{6}", message = "must be the 6 digits from the mail") String code) {
  }

  @RegisterForReflection
  @Schema(name = "RecoveryRequested")
  public record Requested(@Schema(required = true, enumeration = {CODE_SENT_IF_REGISTERED}) String status) {
  }

  @POST
  @Operation(operationId = "recoverApiKey", summary = "Recover a key by email")
  @Extension(name = SharedAnswers.ANSWERS, value = "415")
  @APIResponse(responseCode = "202", description = "A code was mailed if the address is registered", content =
      @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = Requested.class)))
  @APIResponse(responseCode = "200", description = "The new key, shown once", content = @Content(
      mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = Credential.class)))
  @APIResponse(responseCode = "400", description = "invalid_request, naming the field")
  @APIResponse(responseCode = "401", description = "invalid_code: the code is wrong, expired or used up, or the "
      + "email recovers nothing (one answer for all)")
  @APIResponse(responseCode = "429")
  public Response recover(@NotNull @Valid RecoverRequest body, @Context RoutingContext http) {
    if (!Emails.looksValid(body.email())) {
      throw ApiException.invalidField("email", "must be an email address");
    }
    if (body.code() == null) {
      addressLimits.take(AddressLimits.addressOf(http.request()));
      addressLimits.takeForRecipient(body.email());
      // The mail is handed over once the answer has been sent (sent or not, the code stands): its work must not
      // share the CPU with the answer of a registered address, or the answer's timing would tell.
      recovery.requestCode(body.email()).ifPresent(code -> http.addEndHandler(sent ->
          mail.recoveryCode(code.email(), code.digits(), recovery.codeTtl())));
      return Response.accepted(new Requested(CODE_SENT_IF_REGISTERED)).build();
    }
    return switch (recovery.recover(body.email(), body.code())) {
      case Recovery.Recovered recovered -> Response.ok(recovered.credential()).build();
      case Recovery.Refused refused -> throw refused.reason();
    };
  }
}

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
import org.eclipse.microprofile.openapi.annotations.headers.Header;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.ExampleObject;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

import io.quarkus.runtime.annotations.RegisterForReflection;
import io.vertx.ext.web.RoutingContext;

import dev.videoautomation.auth.addresses.AddressLimits;
import dev.videoautomation.auth.keys.KeyDtos.Credential;
import dev.videoautomation.auth.mail.CodeMail;
import dev.videoautomation.auth.mail.Emails;
import dev.videoautomation.platform.errors.ApiException;

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
  @Operation(operationId = "recoverApiKey", summary = "Recover a key by email", description = "Two steps. `{email}`: "
      + "always 202 `{\"status\":\"code_sent_if_registered\"}`; a 6-digit code (10 minutes, 5 attempts) is mailed only "
      + "if a client has this verified recovery address (the email that claimed a registration, or the email of a "
      + "keyless checkout once its code was entered with POST /v1/api_keys/verify_email). Limited per source address "
      + "and per recipient address, registered or not (429 rate_limited, per clock hour). `{email, code}`: 200 with a "
      + "new `svc_live_` key (the same record as claim/complete, snake_case); every older key of the client stops "
      + "working at once. A wrong, expired or used-up code, or an email without a recovery, is the same 401 "
      + "invalid_code: neither the answers nor their timing reveal whether an email is registered. No key needed.")
  @RequestBody(required = true, content = @Content(schema = @Schema(implementation = RecoverRequest.class),
      examples = {
          @ExampleObject(name = "ask for a code", value = "{\"email\":\"agent-owner@example.com\"}"),
          @ExampleObject(name = "use the code",
              value = "{\"email\":\"agent-owner@example.com\",\"code\":\"042917\"}")}))
  @APIResponse(responseCode = "202", description = "A code was mailed if the address is registered", content =
      @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = Requested.class),
          examples = @ExampleObject(name = "requested", value = "{\"status\":\"code_sent_if_registered\"}")))
  @APIResponse(responseCode = "200", description = "The new key, shown once", content = @Content(
      mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = Credential.class),
      examples = @ExampleObject(name = "recovered", value = "{\"credential\":"
          + "\"svc_live_1x2Yz3AbC4dEf5GhI6jKl7mN8pQ9rS0tU1vW2xY3zA4bC5dE6\",\"credential_type\":\"api_key\","
          + "\"credential_expires\":null,\"scopes\":[\"api.read\",\"api.write\"]}")))
  @APIResponse(responseCode = "400", description = "invalid_request, naming the field", content = @Content(
      mediaType = MediaType.APPLICATION_JSON, schema = @Schema(ref = "Error")))
  @APIResponse(responseCode = "401", description = "invalid_code: the code is wrong, expired or used up, or the "
      + "email recovers nothing (one answer for all)", content = @Content(mediaType = MediaType.APPLICATION_JSON,
          schema = @Schema(ref = "Error")))
  @APIResponse(responseCode = "415", description = "unsupported_media_type: send application/json",
      content = @Content(mediaType = MediaType.APPLICATION_JSON,
          schema = @Schema(ref = "Error")))
  @APIResponse(responseCode = "429", description = "rate_limited: too many code requests from this source address, "
      + "or for this email address, this hour", headers = {@Header(name = "Retry-After", ref = "HourlyRetryAfter"),
          @Header(name = "Access-Control-Allow-Origin", ref = "Access-Control-Allow-Origin")},
      content = @Content(mediaType = MediaType.APPLICATION_JSON,
          schema = @Schema(ref = "Error")))
  public Response recover(@NotNull @Valid RecoverRequest body, @Context RoutingContext http) {
    if (!Emails.looksValid(body.email())) {
      throw ApiException.invalidField("email", "must be an email address");
    }
    if (body.code() == null) {
      addressLimits.take(AddressLimits.addressOf(http.request()));
      addressLimits.takeForRecipient(body.email());
      // The mail is handed over once the answer has been sent (sent or not, the code stands): its work must not
      // share the CPU with the answer of a registered address, or the answer's timing would tell.
      recovery.requestCode(body.email()).ifPresent(issued -> http.addEndHandler(sent ->
          mail.recoveryCode(issued.code().email, issued.digits(), recovery.codeTtl())));
      return Response.accepted(new Requested(CODE_SENT_IF_REGISTERED)).build();
    }
    return switch (recovery.recover(body.email(), body.code())) {
      case Recovery.Recovered recovered -> Response.ok(Credential.of(recovered.issued().credential(),
          recovered.issued().key().scopeList())).build();
      case Recovery.Refused refused -> throw refused.reason();
    };
  }
}

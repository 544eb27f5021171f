package dev.videoautomation.auth.recovery;

import java.util.LinkedHashMap;
import java.util.Map;

import jakarta.validation.Valid;
import jakarta.validation.constraints.Email;
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
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

import io.vertx.core.http.HttpServerRequest;

import dev.videoautomation.auth.addresses.AddressLimits;
import dev.videoautomation.auth.mail.CodeMail;
import dev.videoautomation.platform.errors.ApiException;

/** {@code POST /v1/api_keys/recover}: public; the same answer for every email. */
@Path("/v1/api_keys/recover")
@Tag(name = "API keys")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public class RecoveryResource {
  private final Recovery recovery;
  private final CodeMail mail;
  private final AddressLimits addressLimits;

  RecoveryResource(Recovery recovery, CodeMail mail, AddressLimits addressLimits) {
    this.recovery = recovery;
    this.mail = mail;
    this.addressLimits = addressLimits;
  }

  public record RecoverRequest(@NotBlank @Email @Size(max = 254) String email,
      @Pattern(regexp = "\\d{6}", message = "must be 6 digits") String code) {
  }

  @POST
  @Operation(summary = "Recover a key by email", description = "With `email` alone: 202 "
      + "`{\"status\":\"code_sent_if_registered\"}` whatever the address, and a 6-digit code (10 minutes, 5 "
      + "attempts) goes to it if a client has it as recovery address (the email used to claim or to check out). "
      + "With `email` and `code`: a new `svc_live_` key (same answer as claim/complete); every older key of the "
      + "client stops working. A wrong code is 401 invalid_code.")
  public Response recover(@NotNull @Valid RecoverRequest request, @Context HttpServerRequest http) {
    if (request.code() == null) {
      addressLimits.take(http);
      recovery.requestCode(request.email())
          .ifPresent(issued -> mail.recoveryCode(issued.code().email, issued.digits(),
              java.time.Duration.between(issued.code().createdAt, issued.code().expiresAt)));
      return Response.accepted(Map.of("status", "code_sent_if_registered")).build();
    }
    return switch (recovery.recover(request.email(), request.code())) {
      case Recovery.Recovered recovered -> {
        var body = new LinkedHashMap<String, Object>();
        body.put("credential", recovered.issued().credential());
        body.put("credential_type", "api_key");
        body.put("credential_expires", null);
        body.put("scopes", recovered.issued().key().scopeList());
        yield Response.ok(body).build();
      }
      case Recovery.Refused refused -> throw refused.reason();
    };
  }
}

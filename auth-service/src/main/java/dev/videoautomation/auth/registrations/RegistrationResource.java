package dev.videoautomation.auth.registrations;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

import jakarta.validation.Valid;
import jakarta.validation.constraints.Email;
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
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.ExampleObject;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

import com.fasterxml.jackson.annotation.JsonProperty;

import io.vertx.core.http.HttpServerRequest;

import dev.videoautomation.auth.addresses.AddressLimits;
import dev.videoautomation.auth.mail.CodeMail;
import dev.videoautomation.platform.errors.ApiError;
import dev.videoautomation.platform.errors.ApiException;
import dev.videoautomation.platform.errors.ErrorCode;

/** The agent registration family (no key needed); every error here is {@code application/problem+json}. */
@Path("/v1/auth/agent")
@Tag(name = "Agent registration")
@Produces(MediaType.APPLICATION_JSON)
public class RegistrationResource {
  private static final Pattern COMPACT_JWS = Pattern.compile("[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]*");
  static final List<String> POST_CLAIM_SCOPES = List.of("api.read", "api.write");

  private final Registrations registrations;
  private final AddressLimits addressLimits;
  private final CodeMail mail;
  private final PublicUrls urls;

  RegistrationResource(Registrations registrations, AddressLimits addressLimits, CodeMail mail, PublicUrls urls) {
    this.registrations = registrations;
    this.addressLimits = addressLimits;
    this.mail = mail;
    this.urls = urls;
  }

  public record RegisterRequest(@NotBlank String type,
      @JsonProperty("requested_credential_type") String requestedCredentialType,
      @JsonProperty("assertion_type") String assertionType,
      @Size(max = 254) String assertion) {
  }

  public record ClaimRequest(@JsonProperty("claim_token") @NotBlank String claimToken,
      @NotBlank @Email @Size(max = 254) String email) {
  }

  public record CompleteRequest(@JsonProperty("claim_token") @NotBlank String claimToken,
      @NotBlank @jakarta.validation.constraints.Pattern(regexp = "\\d{6}", message = "must be 6 digits") String code) {
  }

  @POST
  @Consumes(MediaType.APPLICATION_JSON)
  @Operation(summary = "Register an agent", description = "Anonymous: `{\"type\":\"anonymous\","
      + "\"requested_credential_type\":\"api_key\"}` answers at once with an `svc_anon_` key (scope api.read), a "
      + "claim token (24 h) and a claim URL. Email: `{\"type\":\"identity_assertion\",\"assertion_type\":"
      + "\"verified_email\",\"assertion\":\"you@example.com\"}` mails a 6-digit code (10 minutes, 5 attempts) and "
      + "issues no key until claim/complete. Limited per source address (429 rate_limited with retryAfter).")
  @RequestBody(content = @Content(examples = {
      @ExampleObject(name = "anonymous", value = "{\"type\":\"anonymous\",\"requested_credential_type\":\"api_key\"}"),
      @ExampleObject(name = "email", value = "{\"type\":\"identity_assertion\",\"assertion_type\":"
          + "\"verified_email\",\"assertion\":\"agent-owner@example.com\"}")}))
  @APIResponse(responseCode = "201", description = "Registration record")
  public Response register(@NotNull @Valid RegisterRequest request, @jakarta.ws.rs.core.Context HttpServerRequest http) {
    switch (request.type()) {
      case "anonymous" -> {
        if (request.requestedCredentialType() != null && !"api_key".equals(request.requestedCredentialType())) {
          throw unsupported("requested_credential_type", "must be api_key");
        }
        if (request.assertionType() != null || request.assertion() != null) {
          throw ApiException.invalidField("assertion", "is not taken by an anonymous registration");
        }
        addressLimits.take(http);
        var registered = registrations.registerAnonymously();
        var body = record(registered);
        body.put("credential_type", "api_key");
        body.put("credential", registered.credential());
        body.put("credential_expires", null);
        body.put("scopes", List.of("api.read"));
        return Response.status(201).entity(order(body)).build();
      }
      case "identity_assertion" -> {
        if (request.assertionType() == null) {
          throw ApiException.invalidField("assertion_type", "is required for an identity assertion");
        }
        if (!"verified_email".equals(request.assertionType())) {
          throw unsupported("assertion_type", "must be verified_email");
        }
        if (request.assertion() == null || request.assertion().isBlank()) {
          throw ApiException.invalidField("assertion", "is required: the email address to send the code to");
        }
        if (!looksLikeEmail(request.assertion())) {
          throw ApiException.invalidField("assertion", "must be an email address");
        }
        addressLimits.take(http);
        var registered = registrations.registerByEmail(request.assertion());
        mail.claimCode(registered.registration().email, registered.code().digits(), registrations.codeTtl());
        return Response.status(201).entity(order(record(registered))).build();
      }
      default -> throw unsupported("type", "must be anonymous or identity_assertion");
    }
  }

  @POST
  @Path("/claim")
  @Consumes(MediaType.APPLICATION_JSON)
  @Operation(summary = "Start claiming an anonymous registration", description = "Mails a 6-digit code to `email` "
      + "(10 minutes, 5 attempts); finish with claim/complete. Email registrations cannot use this (400 "
      + "not_anonymous_registration): their code is already sent.")
  public Map<String, Object> claim(@NotNull @Valid ClaimRequest request) {
    var claimed = registrations.startClaim(request.claimToken(), request.email());
    mail.claimCode(claimed.registration().email, claimed.code().digits(), registrations.codeTtl());
    var body = new LinkedHashMap<String, Object>();
    body.put("registration_id", claimed.registration().id);
    body.put("claim_attempt_id", claimed.code().code().id);
    body.put("status", "initiated");
    body.put("expires_at", claimed.code().code().expiresAt.toEpochMilli());
    return body;
  }

  @POST
  @Path("/claim/complete")
  @Consumes(MediaType.APPLICATION_JSON)
  @Operation(summary = "Finish a claim with the mailed code", description = "Issues an `svc_live_` key with api.read "
      + "and api.write for the same client; an anonymous registration's `svc_anon_` key stops working at once. "
      + "Wrong code: 401 invalid_code; after the fifth wrong code: 401 code_attempts_exhausted (start the claim "
      + "again). A claim completes once.")
  public Map<String, Object> complete(@NotNull @Valid CompleteRequest request) {
    return switch (registrations.complete(request.claimToken(), request.code())) {
      case Registrations.Completed completed -> credentialBody(completed.credential(), completed.scopes());
      case Registrations.Refused refused -> throw refused.reason();
    };
  }

  @POST
  @Path("/revoke")
  @Consumes("application/logout+jwt")
  @Operation(summary = "Receive a logout token", description = "Accepts a signed logout token (compact JWS, "
      + "Content-Type application/logout+jwt) and answers {\"revoked\": true}. Today it is a receiver that does "
      + "nothing else: to stop a key, rotate it or recover a new one.")
  public Map<String, Object> revoke(String logoutToken) {
    if (logoutToken == null || !COMPACT_JWS.matcher(logoutToken.trim()).matches()) {
      throw ApiException.invalidField("body", "must be a logout token (a compact JWS: three base64url parts)");
    }
    return Map.of("revoked", true);
  }

  static Map<String, Object> credentialBody(String credential, List<String> scopes) {
    var body = new LinkedHashMap<String, Object>();
    body.put("credential", credential);
    body.put("credential_type", "api_key");
    body.put("credential_expires", null);
    body.put("scopes", scopes);
    return body;
  }

  private LinkedHashMap<String, Object> record(Registrations.Registered registered) {
    var registration = registered.registration();
    var body = new LinkedHashMap<String, Object>();
    body.put("registration_id", registration.id);
    body.put("registration_type", registration.type);
    body.put("post_claim_scopes", POST_CLAIM_SCOPES);
    body.put("claim_url", urls.claimUrl(registered.claimToken()));
    body.put("claim_token", registered.claimToken());
    body.put("claim_token_expires", registration.claimExpiresAt.toEpochMilli());
    return body;
  }

  /** The reference's field order: identity, credential, scopes, claim. */
  private static Map<String, Object> order(Map<String, Object> body) {
    var ordered = new LinkedHashMap<String, Object>();
    for (var key : List.of("registration_id", "registration_type", "credential_type", "credential",
        "credential_expires", "scopes", "post_claim_scopes", "claim_url", "claim_token", "claim_token_expires")) {
      if (body.containsKey(key)) {
        ordered.put(key, body.get(key));
      }
    }
    return ordered;
  }

  static boolean looksLikeEmail(String text) {
    return text.length() <= 254 && text.matches("[^@\\s]+@[^@\\s]+\\.[^@\\s]+");
  }

  private static ApiException unsupported(String field, String problem) {
    return new ApiException(ApiError.of(ErrorCode.UNSUPPORTED_TYPE, "Field '" + field + "' " + problem + ".")
        .with("field", field));
  }
}

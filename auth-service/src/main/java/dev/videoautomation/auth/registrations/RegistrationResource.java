package dev.videoautomation.auth.registrations;


import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.extensions.Extension;
import org.eclipse.microprofile.openapi.annotations.headers.Header;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.DiscriminatorMapping;
import org.eclipse.microprofile.openapi.annotations.media.ExampleObject;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

import io.vertx.core.http.HttpServerRequest;

import dev.videoautomation.auth.addresses.AddressLimits;
import dev.videoautomation.auth.keys.KeyDtos.Credential;
import dev.videoautomation.auth.mail.Emails;
import dev.videoautomation.auth.registrations.RegistrationDtos.AnonymousRegistration;
import dev.videoautomation.auth.registrations.RegistrationDtos.ClaimAttempt;
import dev.videoautomation.auth.registrations.RegistrationDtos.ClaimRequest;
import dev.videoautomation.auth.registrations.RegistrationDtos.CompleteRequest;
import dev.videoautomation.auth.registrations.RegistrationDtos.EmailRegistration;
import dev.videoautomation.auth.registrations.RegistrationDtos.RegisterRequest;
import dev.videoautomation.auth.registrations.RegistrationDtos.Revoked;
import dev.videoautomation.platform.errors.ApiError;
import dev.videoautomation.platform.errors.ApiException;
import dev.videoautomation.platform.errors.ErrorCode;
import dev.videoautomation.platform.errors.ProblemDetails;

/** The agent registration family (no key needed); every error here is {@code application/problem+json}. */
@Path("/v1/auth/agent")
@Tag(name = "Agent registration", description = "Get an API key without a human (anonymous, or by an emailed "
    + "code), then upgrade it by a claim, or send a human to the claim page. No key needed; the errors of "
    + "/v1/auth/agent/** are application/problem+json.")
@Produces(MediaType.APPLICATION_JSON)
public class RegistrationResource {
  private static final String PROBLEM = ProblemDetails.MEDIA_TYPE;

  private final Onboarding onboarding;
  private final LogoutTokens logoutTokens;

  RegistrationResource(Onboarding onboarding, LogoutTokens logoutTokens) {
    this.onboarding = onboarding;
    this.logoutTokens = logoutTokens;
  }

  @POST
  @Consumes(MediaType.APPLICATION_JSON)
  @Operation(operationId = "registerAgent", summary = "Register an agent", description = "Anonymous (`type` "
      + "anonymous, `requested_credential_type` api_key): answers at once with an `svc_anon_` key (scope api.read), "
      + "a claim token (`clm_`, 24 hours) and a claim URL for a human. Email (`type` identity_assertion, "
      + "`assertion_type` verified_email, `assertion` the address): mails a 6-digit code (10 minutes, 5 attempts) "
      + "and issues no key until claim/complete. Both create the client (`cli_`) the later live key belongs to. "
      + "Limited per source address, and email registrations per recipient address too (429 rate_limited with "
      + "retryAfter, per clock hour). Unsupported type or assertion_type: 400 unsupported_type naming the field; a "
      + "missing field: 400 invalid_request naming it.")
  @RequestBody(required = true, content = @Content(schema = @Schema(implementation = RegisterRequest.class),
      examples = {
          @ExampleObject(name = "anonymous", value = "{\"type\":\"anonymous\",\"requested_credential_type\":"
              + "\"api_key\"}"),
          @ExampleObject(name = "email", value = "{\"type\":\"identity_assertion\",\"assertion_type\":"
              + "\"verified_email\",\"assertion\":\"agent-owner@example.com\"}")}))
  @APIResponse(responseCode = "201", description = "The registration record: with a credential (anonymous) or "
      + "without (email).", content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(
          oneOf = {AnonymousRegistration.class, EmailRegistration.class}, discriminatorProperty = "registration_type",
          discriminatorMapping = {
              @DiscriminatorMapping(value = "anonymous", schema = AnonymousRegistration.class),
              @DiscriminatorMapping(value = "email-verification", schema = EmailRegistration.class)}), examples = {
              @ExampleObject(name = "anonymous", value = "{\"registration_id\":\"rgn_1x2Yz3AbC4dEf5GhI6jKl7\","
                  + "\"registration_type\":\"anonymous\",\"credential_type\":\"api_key\",\"credential\":"
                  + "\"svc_anon_1x2Yz3AbC4dEf5GhI6jKl7mN8pQ9rS0tU1vW2xY3zA4bC5dE6\",\"credential_expires\":null,"
                  + "\"scopes\":[\"api.read\"],\"post_claim_scopes\":[\"api.read\",\"api.write\"],\"claim_url\":"
                  + "\"https://api.example.com/claim/clm_4bQ1x9TzKc3LmN8pR2sV7w\",\"claim_token\":"
                  + "\"clm_4bQ1x9TzKc3LmN8pR2sV7w\",\"claim_token_expires\":1763786400000}"),
              @ExampleObject(name = "email", value = "{\"registration_id\":\"rgn_1x2Yz3AbC4dEf5GhI6jKl7\","
                  + "\"registration_type\":\"email-verification\",\"post_claim_scopes\":[\"api.read\","
                  + "\"api.write\"],\"claim_url\":\"https://api.example.com/claim/clm_4bQ1x9TzKc3LmN8pR2sV7w\","
                  + "\"claim_token\":\"clm_4bQ1x9TzKc3LmN8pR2sV7w\",\"claim_token_expires\":1763786400000}")}))
  @APIResponse(responseCode = "400", description = "unsupported_type or invalid_request, naming the field",
      content = @Content(mediaType = PROBLEM, schema = @Schema(ref = "Problem")))
  @APIResponse(responseCode = "415", description = "unsupported_media_type: send application/json",
      content = @Content(mediaType = PROBLEM, schema = @Schema(ref = "Problem")))
  @APIResponse(responseCode = "429", description = "rate_limited: too many registrations from this address, or "
      + "codes for this email address, this hour", headers = {@Header(name = "Retry-After", ref = "HourlyRetryAfter"),
          @Header(name = "Access-Control-Allow-Origin", ref = "Access-Control-Allow-Origin")},
      content = @Content(mediaType = PROBLEM, schema = @Schema(ref = "Problem")))
  public Response register(@NotNull @Valid RegisterRequest body, @Context HttpServerRequest http) {
    var address = AddressLimits.addressOf(http);
    Object record = switch (body.type()) {
      case "anonymous" -> {
        requireAnonymousShape(body);
        yield onboarding.registerAnonymously(address);
      }
      case "identity_assertion" -> onboarding.registerByEmail(requireEmailAssertion(body), address);
      default -> throw unsupported("type", "must be anonymous or identity_assertion");
    };
    return Response.status(Response.Status.CREATED).entity(record).build();
  }

  @POST
  @Path("/claim")
  @Consumes(MediaType.APPLICATION_JSON)
  @Operation(operationId = "startClaim", summary = "Start claiming an anonymous registration", description = "Mails "
      + "a 6-digit code to `email` (10 minutes, 5 attempts); finish with claim/complete. Calling it again mails a "
      + "new code and voids the earlier one. Email registrations cannot use this (400 not_anonymous_registration): "
      + "their code was mailed at registration. Unknown, used or expired claim token: 404 not_found. Counts against "
      + "the per-address and per-recipient hourly limits (it sends mail; 429 rate_limited).")
  @APIResponse(responseCode = "200", description = "The claim attempt", content = @Content(
      mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ClaimAttempt.class),
      examples = @ExampleObject(name = "initiated", value = "{\"registration_id\":\"rgn_1x2Yz3AbC4dEf5GhI6jKl7\","
          + "\"claim_attempt_id\":\"cla_7Hn2Kq9WxYz4AbC1dEf3Gh\",\"status\":\"initiated\","
          + "\"expires_at\":1763700600000}")))
  @APIResponse(responseCode = "400", description = "invalid_request (naming the field) or not_anonymous_registration",
      content = @Content(mediaType = PROBLEM, schema = @Schema(ref = "Problem")))
  @APIResponse(responseCode = "404", description = "not_found: the claim token is unknown, used or expired",
      content = @Content(mediaType = PROBLEM, schema = @Schema(ref = "Problem")))
  @APIResponse(responseCode = "415", description = "unsupported_media_type: send application/json",
      content = @Content(mediaType = PROBLEM, schema = @Schema(ref = "Problem")))
  @APIResponse(responseCode = "429", description = "rate_limited: too many claim starts from this address, or "
      + "codes for this email address, this hour", headers = {@Header(name = "Retry-After", ref = "HourlyRetryAfter"),
          @Header(name = "Access-Control-Allow-Origin", ref = "Access-Control-Allow-Origin")},
      content = @Content(mediaType = PROBLEM, schema = @Schema(ref = "Problem")))
  public ClaimAttempt claim(@NotNull @Valid ClaimRequest body, @Context HttpServerRequest http) {
    if (!Emails.looksValid(body.email())) {
      throw ApiException.invalidField("email", "must be an email address");
    }
    return onboarding.startClaim(body.claim_token(), body.email(), AddressLimits.addressOf(http));
  }

  @POST
  @Path("/claim/complete")
  @Consumes(MediaType.APPLICATION_JSON)
  @Operation(operationId = "completeClaim", summary = "Finish a claim with the mailed code", description = "Issues an "
      + "`svc_live_` key with api.read and api.write for the same client; an anonymous registration's `svc_anon_` "
      + "key stops working at once. A claim completes once. Wrong or expired code: 401 invalid_code (the detail "
      + "says which); the fifth wrong code voids it: 401 code_attempts_exhausted (anonymous: start the claim again; "
      + "email: register again). The email becomes the client's verified recovery address (unless another client "
      + "verified it first), replacing any keyless checkout that named it without verifying it.")
  @APIResponse(responseCode = "200", description = "The new key, shown once", content = @Content(
      mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = Credential.class),
      examples = @ExampleObject(name = "claimed", value = "{\"credential\":"
          + "\"svc_live_1x2Yz3AbC4dEf5GhI6jKl7mN8pQ9rS0tU1vW2xY3zA4bC5dE6\",\"credential_type\":\"api_key\","
          + "\"credential_expires\":null,\"scopes\":[\"api.read\",\"api.write\"]}")))
  @APIResponse(responseCode = "400", description = "invalid_request, naming the field",
      content = @Content(mediaType = PROBLEM, schema = @Schema(ref = "Problem")))
  @APIResponse(responseCode = "401", description = "invalid_code or code_attempts_exhausted",
      content = @Content(mediaType = PROBLEM, schema = @Schema(ref = "Problem")))
  @APIResponse(responseCode = "404", description = "not_found: the claim token is unknown, used or expired",
      content = @Content(mediaType = PROBLEM, schema = @Schema(ref = "Problem")))
  @APIResponse(responseCode = "415", description = "unsupported_media_type: send application/json",
      content = @Content(mediaType = PROBLEM, schema = @Schema(ref = "Problem")))
  public Credential complete(@NotNull @Valid CompleteRequest body) {
    return onboarding.complete(body.claim_token(), body.code());
  }

  @POST
  @Path("/revoke")
  @Consumes(MediaType.WILDCARD)
  @Operation(operationId = "receiveLogoutToken", summary = "Receive a logout token", description = "Takes a signed "
      + "logout token (a compact JWS, Content-Type application/logout+jwt) and answers {\"revoked\": true}. Today it "
      + "is a receiver that does nothing else: no key or registration changes. To stop a key, rotate it (POST "
      + "/v1/api_keys/rotate) or recover a new one. Another Content-Type: 415; a body that is not a compact JWS: "
      + "400; a token over 16,384 characters: 413.",
      extensions = @Extension(name = "x-mcp", value = "false", parseValue = true))
  @RequestBody(required = true, content = @Content(mediaType = LogoutTokens.MEDIA_TYPE,
      schema = @Schema(type = SchemaType.STRING, maxLength = LogoutTokens.MAX_LENGTH,
          pattern = "^[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+$"), examples = @ExampleObject(
          name = "logout token", value = "eyJhbGciOiJSUzI1NiJ9.eyJpc3MiOiJodHRwczovL2lkcC5leGFtcGxlIn0.c2lnbmF0dXJl")))
  @APIResponse(responseCode = "200", description = "Received", content = @Content(
      mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = Revoked.class),
      examples = @ExampleObject(name = "received", value = "{\"revoked\":true}")))
  @APIResponse(responseCode = "400", description = "invalid_request: the body is not a compact JWS",
      content = @Content(mediaType = PROBLEM, schema = @Schema(ref = "Problem")))
  @APIResponse(responseCode = "413", description = "payload_too_large: a logout token is at most 16,384 characters",
      content = @Content(mediaType = PROBLEM, schema = @Schema(ref = "Problem")))
  @APIResponse(responseCode = "415", description = "unsupported_media_type: send application/logout+jwt",
      content = @Content(mediaType = PROBLEM, schema = @Schema(ref = "Problem")))
  public Revoked revoke(@HeaderParam("Content-Type") @Parameter(hidden = true) String contentType,
      String logoutToken) {
    logoutTokens.requireMediaType(contentType);
    logoutTokens.requireCompactJws(logoutToken);
    return new Revoked(true);
  }

  private static void requireAnonymousShape(RegisterRequest body) {
    if (body.requested_credential_type() == null || body.requested_credential_type().isBlank()) {
      throw ApiException.invalidField("requested_credential_type", "is required for an anonymous registration: "
          + "send api_key");
    }
    if (!"api_key".equals(body.requested_credential_type())) {
      throw unsupported("requested_credential_type", "must be api_key");
    }
    if (body.assertion_type() != null || body.assertion() != null) {
      throw ApiException.invalidField(body.assertion_type() != null ? "assertion_type" : "assertion",
          "is not taken by an anonymous registration");
    }
  }

  private static String requireEmailAssertion(RegisterRequest body) {
    if (body.assertion_type() == null || body.assertion_type().isBlank()) {
      throw ApiException.invalidField("assertion_type", "is required for an identity assertion: send "
          + "verified_email");
    }
    if (!"verified_email".equals(body.assertion_type())) {
      throw unsupported("assertion_type", "must be verified_email");
    }
    if (body.requested_credential_type() != null && !"api_key".equals(body.requested_credential_type())) {
      throw unsupported("requested_credential_type", "must be api_key");
    }
    if (body.assertion() == null || body.assertion().isBlank()) {
      throw ApiException.invalidField("assertion", "is required: the email address to send the code to");
    }
    if (!Emails.looksValid(body.assertion())) {
      throw ApiException.invalidField("assertion", "must be an email address");
    }
    return body.assertion();
  }

  private static ApiException unsupported(String field, String problem) {
    return new ApiException(ApiError.of(ErrorCode.UNSUPPORTED_TYPE, "Field '" + field + "' " + problem + ".")
        .with("field", field));
  }
}

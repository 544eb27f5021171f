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
import org.eclipse.microprofile.openapi.annotations.extensions.Extension;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.DiscriminatorMapping;
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
import dev.videoautomation.platform.openapi.SharedAnswers;

/** The agent registration family (no key needed); every error here is {@code application/problem+json}. */
@Path("/v1/auth/agent")
@Tag(name = "Agent registration", description = "Get an API key without a human (anonymous, or by an emailed "
    + "code), then upgrade it by a claim, or send a human to the claim page. No key needed; the errors of "
    + "/v1/auth/agent/** are application/problem+json.")
@Produces(MediaType.APPLICATION_JSON)
public class RegistrationResource {
  private static final String CLAIM_TOKEN_GONE = "not_found: the claim token is unknown, used or expired";

  private final Onboarding onboarding;
  private final LogoutTokens logoutTokens;

  RegistrationResource(Onboarding onboarding, LogoutTokens logoutTokens) {
    this.onboarding = onboarding;
    this.logoutTokens = logoutTokens;
  }

  @POST
  @Consumes(MediaType.APPLICATION_JSON)
  @Operation(operationId = "registerAgent", summary = "Register an agent")
  @Extension(name = SharedAnswers.ANSWERS, value = "415")
  @APIResponse(responseCode = "201", content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(
      oneOf = {AnonymousRegistration.class, EmailRegistration.class}, discriminatorProperty = "registration_type",
      discriminatorMapping = {@DiscriminatorMapping(value = "anonymous", schema = AnonymousRegistration.class),
          @DiscriminatorMapping(value = "email-verification", schema = EmailRegistration.class)})))
  @APIResponse(responseCode = "400", description = "unsupported_type or invalid_request, naming the field")
  @APIResponse(responseCode = "429")
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
  @Operation(operationId = "startClaim", summary = "Start claiming an anonymous registration")
  @Extension(name = SharedAnswers.ANSWERS, value = "415")
  @APIResponse(responseCode = "200", description = "The claim attempt", content = @Content(
      mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ClaimAttempt.class)))
  @APIResponse(responseCode = "400", description = "invalid_request (naming the field) or not_anonymous_registration")
  @APIResponse(responseCode = "404", description = CLAIM_TOKEN_GONE)
  @APIResponse(responseCode = "429")
  public ClaimAttempt claim(@NotNull @Valid ClaimRequest body, @Context HttpServerRequest http) {
    if (!Emails.looksValid(body.email())) {
      throw ApiException.invalidField("email", "must be an email address");
    }
    return onboarding.startClaim(body.claim_token(), body.email(), AddressLimits.addressOf(http));
  }

  @POST
  @Path("/claim/complete")
  @Consumes(MediaType.APPLICATION_JSON)
  @Operation(operationId = "completeClaim", summary = "Finish a claim with the mailed code")
  @Extension(name = SharedAnswers.ANSWERS, value = "415")
  @APIResponse(responseCode = "200", description = "The new key, shown once", content = @Content(
      mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = Credential.class)))
  @APIResponse(responseCode = "400", description = "invalid_request, naming the field")
  @APIResponse(responseCode = "401", description = "invalid_code or code_attempts_exhausted")
  @APIResponse(responseCode = "404", description = CLAIM_TOKEN_GONE)
  public Credential complete(@NotNull @Valid CompleteRequest body) {
    return onboarding.complete(body.claim_token(), body.code());
  }

  @POST
  @Path("/revoke")
  @Consumes(MediaType.WILDCARD)
  @Operation(operationId = "receiveLogoutToken", summary = "Receive a logout token")
  @RequestBody(required = true, content = @Content(mediaType = LogoutTokens.MEDIA_TYPE))
  @APIResponse(responseCode = "200", description = "Received", content = @Content(
      mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = Revoked.class)))
  @APIResponse(responseCode = "400", description = "invalid_request: the body is not a compact JWS")
  @APIResponse(responseCode = "413", description = "payload_too_large: a logout token is at most 16,384 characters")
  @APIResponse(responseCode = "415", description = "unsupported_media_type: send application/logout+jwt")
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

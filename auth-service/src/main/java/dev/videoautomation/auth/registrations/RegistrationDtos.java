package dev.videoautomation.auth.registrations;

import java.util.List;

import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Pattern;

import org.eclipse.microprofile.openapi.annotations.media.Schema;

import com.fasterxml.jackson.annotation.JsonProperty;

import io.quarkus.runtime.annotations.RegisterForReflection;

/**
 * The bodies of the registration family, snake_case as the reference writes them. Request components carry the wire
 * names themselves (not {@code @JsonProperty}) so that a 400 names the field the agent sent, e.g. {@code claim_token}.
 */
public final class RegistrationDtos {
  private RegistrationDtos() {
  }

  @Schema(name = "AgentRegistrationRequest", description = "Anonymous: type=anonymous and "
      + "requested_credential_type=api_key. Email: type=identity_assertion, assertion_type=verified_email and "
      + "assertion=<email>.")
  public record RegisterRequest(
      @Schema(required = true, enumeration = {"anonymous", "identity_assertion"}) @NotBlank String type,
      @Schema(enumeration = {"api_key"}, description = "Required when type is anonymous.")
      String requested_credential_type,
      @Schema(enumeration = {"verified_email"}, description = "Required when type is identity_assertion.")
      String assertion_type,
      @Schema(description = "The email address the 6-digit code goes to (type identity_assertion).",
          example = "agent-owner@example.com") String assertion) {
  }

  @Schema(name = "ClaimRequest")
  public record ClaimRequest(
      @Schema(required = true, example = "clm_4bQ1x9TzKc3LmN8pR2sV7w") @NotBlank String claim_token,
      @Schema(required = true, example = "agent-owner@example.com") @NotBlank String email) {
  }

  @Schema(name = "ClaimCompleteRequest")
  public record CompleteRequest(
      @Schema(required = true, example = "clm_4bQ1x9TzKc3LmN8pR2sV7w") @NotBlank String claim_token,
      @Schema(required = true, pattern = "^[0-9]{6}$", example = "042917")
      @NotBlank @Pattern(regexp = "\\d{6}", message = "must be the 6 digits from the mail") String code) {
  }

  @RegisterForReflection
  @Schema(name = "AnonymousRegistration", description = "An anonymous registration: an svc_anon_ key with api.read "
      + "at once, and a claim token to upgrade it.")
  public record AnonymousRegistration(
      @JsonProperty("registration_id") @Schema(example = "rgn_1x2Yz3AbC4dEf5GhI6jKl7") String registrationId,
      @JsonProperty("registration_type") @Schema(enumeration = {"anonymous"}) String registrationType,
      @JsonProperty("credential_type") @Schema(enumeration = {"api_key"}) String credentialType,
      @Schema(description = "The API key, shown once.") String credential,
      @JsonProperty("credential_expires") @Schema(nullable = true, description = "Always null: keys do not expire.")
      Long credentialExpires,
      @Schema(example = "[\"api.read\"]") List<String> scopes,
      @JsonProperty("post_claim_scopes") @Schema(example = "[\"api.read\", \"api.write\"]")
      List<String> postClaimScopes,
      @JsonProperty("claim_url") String claimUrl,
      @JsonProperty("claim_token") String claimToken,
      @JsonProperty("claim_token_expires") @Schema(description = "Epoch ms; 24 hours after registration.")
      long claimTokenExpires) {
  }

  @RegisterForReflection
  @Schema(name = "EmailRegistration", description = "An email registration: no key until claim/complete with the "
      + "6-digit code mailed to the asserted address.")
  public record EmailRegistration(
      @JsonProperty("registration_id") String registrationId,
      @JsonProperty("registration_type") @Schema(enumeration = {"email-verification"}) String registrationType,
      @JsonProperty("post_claim_scopes") List<String> postClaimScopes,
      @JsonProperty("claim_url") String claimUrl,
      @JsonProperty("claim_token") String claimToken,
      @JsonProperty("claim_token_expires") long claimTokenExpires) {
  }

  @RegisterForReflection
  @Schema(name = "ClaimAttempt")
  public record ClaimAttempt(
      @JsonProperty("registration_id") String registrationId,
      @JsonProperty("claim_attempt_id") @Schema(example = "cla_7Hn2Kq9WxYz4AbC1dEf3Gh") String claimAttemptId,
      @Schema(enumeration = {"initiated"}) String status,
      @JsonProperty("expires_at") @Schema(description = "Epoch ms when the mailed code stops working.")
      long expiresAt) {
  }

  @RegisterForReflection
  @Schema(name = "LogoutTokenReceipt")
  public record Revoked(@Schema(enumeration = {"true"}) boolean revoked) {
  }
}

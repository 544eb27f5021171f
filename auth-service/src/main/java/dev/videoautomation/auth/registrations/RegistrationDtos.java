package dev.videoautomation.auth.registrations;

import static dev.videoautomation.auth.openapi.DocumentedForms.CODE_EXAMPLE;
import static dev.videoautomation.auth.openapi.DocumentedForms.CODE_PATTERN;
import static dev.videoautomation.auth.openapi.DocumentedForms.ID_MAX_LENGTH;
import static dev.videoautomation.auth.openapi.DocumentedForms.KEY_LENGTH;
import static dev.videoautomation.auth.openapi.DocumentedForms.KEY_PATTERN;
import static dev.videoautomation.auth.openapi.DocumentedForms.MAX_EPOCH_MS;
import static dev.videoautomation.auth.openapi.DocumentedForms.PRIMARY_KEY_EXPIRES;
import static dev.videoautomation.auth.openapi.DocumentedForms.URL_MAX_LENGTH;

import java.util.List;

import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;

import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

import io.quarkus.runtime.annotations.RegisterForReflection;

import dev.videoautomation.auth.keys.KeyDtos;
import dev.videoautomation.auth.mail.Emails;

/**
 * The bodies of the registration family, snake_case as the reference writes them. Request components carry the wire
 * names themselves (not {@code @JsonProperty}) so that a 400 names the field the agent sent, e.g. {@code claim_token}.
 */
public final class RegistrationDtos {
  static final String REGISTRATION_ID = "^rgn_[0-9A-Za-z]{22}$";
  static final String CLAIM_TOKEN = "^clm_[0-9A-Za-z]{22}$";
  static final String CLAIM_TOKEN_EXAMPLE = "clm_4bQ1x9TzKc3LmN8pR2sV7w";

  private RegistrationDtos() {
  }

  /** Also written (the manifest shows each flow's request), and then without its empty fields. */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @Schema(name = "AgentRegistrationRequest", description = "Anonymous: type=anonymous and "
      + "requested_credential_type=api_key. Email: type=identity_assertion, assertion_type=verified_email and "
      + "assertion=<email>.")
  public record RegisterRequest(
      @Schema(required = true, enumeration = {"anonymous", "identity_assertion"}) @NotBlank String type,
      @Schema(enumeration = {"api_key"}, description = "Required when type is anonymous.")
      String requested_credential_type,
      @Schema(enumeration = {"verified_email"}, description = "Required when type is identity_assertion.")
      String assertion_type,
      @Schema(maxLength = Emails.MAX_LENGTH, format = "email", description = "The email address the 6-digit code "
          + "goes to (type identity_assertion).", example = "agent-owner@example.com") @Size(max = Emails.MAX_LENGTH)
      String assertion) {
  }

  @Schema(name = "ClaimRequest")
  public record ClaimRequest(
      @Schema(required = true, maxLength = ID_MAX_LENGTH, description = "The claim_token of the registration "
          + "(clm_…).", example = CLAIM_TOKEN_EXAMPLE) @NotBlank @Size(max = ID_MAX_LENGTH) String claim_token,
      @Schema(required = true, maxLength = Emails.MAX_LENGTH, format = "email", example = "agent-owner@example.com")
      @NotBlank @Size(max = Emails.MAX_LENGTH) String email) {
  }

  @Schema(name = "ClaimCompleteRequest")
  public record CompleteRequest(
      @Schema(required = true, maxLength = ID_MAX_LENGTH, description = "The claim_token of the registration "
          + "(clm_…).", example = CLAIM_TOKEN_EXAMPLE) @NotBlank @Size(max = ID_MAX_LENGTH) String claim_token,
      @Schema(required = true, minLength = 6, maxLength = 6, pattern = CODE_PATTERN, example = CODE_EXAMPLE)
      @NotBlank @Pattern(regexp = "\\d{6}", message = "must be the 6 digits from the mail") String code) {
  }

  @RegisterForReflection
  @Schema(name = "AnonymousRegistration", description = "An anonymous registration: an svc_anon_ key with api.read "
      + "at once, and a claim token to upgrade it.")
  public record AnonymousRegistration(
      @JsonProperty("registration_id") @Schema(required = true, maxLength = 26, pattern = REGISTRATION_ID,
          example = "rgn_1x2Yz3AbC4dEf5GhI6jKl7") String registrationId,
      @JsonProperty("registration_type") @Schema(required = true, enumeration = {"anonymous"})
      String registrationType,
      @JsonProperty("credential_type") @Schema(required = true, enumeration = {"api_key"}) String credentialType,
      @Schema(required = true, minLength = KEY_LENGTH, maxLength = KEY_LENGTH, pattern = KEY_PATTERN,
          description = "The svc_anon_ API key, shown once.") String credential,
      @JsonProperty("credential_expires") @Schema(required = true, nullable = true, format = "int64",
          minimum = "0", maximum = MAX_EPOCH_MS, description = PRIMARY_KEY_EXPIRES)
      Long credentialExpires,
      @Schema(required = true, type = SchemaType.ARRAY, implementation = KeyDtos.Scope.class, maxItems = 2,
          example = "[\"api.read\"]") List<String> scopes,
      @JsonProperty("post_claim_scopes") @Schema(required = true, type = SchemaType.ARRAY,
          implementation = KeyDtos.Scope.class, maxItems = 2, example = "[\"api.read\", \"api.write\"]")
      List<String> postClaimScopes,
      @JsonProperty("claim_url") @Schema(required = true, maxLength = URL_MAX_LENGTH, format = "uri",
          description = "The page to send a human to (GET, HTML).") String claimUrl,
      @JsonProperty("claim_token") @Schema(required = true, maxLength = 26, pattern = CLAIM_TOKEN,
          example = CLAIM_TOKEN_EXAMPLE) String claimToken,
      @JsonProperty("claim_token_expires") @Schema(required = true, format = "int64", minimum = "0",
          maximum = MAX_EPOCH_MS, description = "Epoch ms; 24 hours after registration.") long claimTokenExpires) {
  }

  @RegisterForReflection
  @Schema(name = "EmailRegistration", description = "An email registration: no key until claim/complete with the "
      + "6-digit code mailed to the asserted address.")
  public record EmailRegistration(
      @JsonProperty("registration_id") @Schema(required = true, maxLength = 26, pattern = REGISTRATION_ID,
          example = "rgn_1x2Yz3AbC4dEf5GhI6jKl7") String registrationId,
      @JsonProperty("registration_type") @Schema(required = true, enumeration = {"email-verification"})
      String registrationType,
      @JsonProperty("post_claim_scopes") @Schema(required = true, type = SchemaType.ARRAY,
          implementation = KeyDtos.Scope.class, maxItems = 2, example = "[\"api.read\", \"api.write\"]")
      List<String> postClaimScopes,
      @JsonProperty("claim_url") @Schema(required = true, maxLength = URL_MAX_LENGTH, format = "uri",
          description = "The page to send a human to (GET, HTML).") String claimUrl,
      @JsonProperty("claim_token") @Schema(required = true, maxLength = 26, pattern = CLAIM_TOKEN,
          example = CLAIM_TOKEN_EXAMPLE) String claimToken,
      @JsonProperty("claim_token_expires") @Schema(required = true, format = "int64", minimum = "0",
          maximum = MAX_EPOCH_MS, description = "Epoch ms; 24 hours after registration.") long claimTokenExpires) {
  }

  @RegisterForReflection
  @Schema(name = "ClaimAttempt")
  public record ClaimAttempt(
      @JsonProperty("registration_id") @Schema(required = true, maxLength = 26, pattern = REGISTRATION_ID,
          example = "rgn_1x2Yz3AbC4dEf5GhI6jKl7") String registrationId,
      @JsonProperty("claim_attempt_id") @Schema(required = true, maxLength = 26, pattern = "^cla_[0-9A-Za-z]{22}$",
          example = "cla_7Hn2Kq9WxYz4AbC1dEf3Gh") String claimAttemptId,
      @Schema(required = true, enumeration = {"initiated"}) String status,
      @JsonProperty("expires_at") @Schema(required = true, format = "int64", minimum = "0", maximum = MAX_EPOCH_MS,
          description = "Epoch ms when the mailed code stops working.") long expiresAt) {
  }

  @RegisterForReflection
  @Schema(name = "LogoutTokenReceipt")
  public record Revoked(@Schema(required = true, enumeration = {"true"}) boolean revoked) {
  }
}

package dev.videoautomation.auth.keys;

import java.util.List;

import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;

import org.eclipse.microprofile.openapi.annotations.media.Schema;

import com.fasterxml.jackson.annotation.JsonProperty;

import io.quarkus.runtime.annotations.RegisterForReflection;

/** Key answers: snake_case like the claim answer of the reference, so an agent reads every new key the same way. */
public final class KeyDtos {
  static final int MAX_GRACE_SECONDS = 86_400;

  private KeyDtos() {
  }

  /** A new key, shown once (claim/complete, recovery). */
  @RegisterForReflection
  @Schema(name = "Credential")
  public record Credential(
      @Schema(description = "The new API key (svc_live_ or svc_anon_), shown once.") String credential,
      @JsonProperty("credential_type") @Schema(enumeration = {"api_key"}) String credentialType,
      @JsonProperty("credential_expires") @Schema(nullable = true, description = "Always null: keys do not expire.")
      Long credentialExpires,
      @Schema(example = "[\"api.read\", \"api.write\"]") List<String> scopes) {

    public static Credential of(String credential, List<String> scopes) {
      return new Credential(credential, "api_key", null, scopes);
    }
  }

  /** A rotated key: the new one, and when the one it replaces stops working. */
  @RegisterForReflection
  @Schema(name = "RotatedCredential")
  public record Rotated(
      String credential,
      @JsonProperty("credential_type") @Schema(enumeration = {"api_key"}) String credentialType,
      @JsonProperty("credential_expires") @Schema(nullable = true) Long credentialExpires,
      List<String> scopes,
      @JsonProperty("previous_credential_expires") @Schema(nullable = true, description = "Epoch ms when the key "
          + "you called with stops working (the end of graceSeconds); null when it stopped at once.")
      Long previousCredentialExpires) {
  }

  @Schema(name = "RotateRequest")
  public record RotateRequest(
      @Schema(minimum = "0", maximum = "86400", defaultValue = "0", description = "How long the key you call with "
          + "keeps working, in seconds; 0 (the default) ends it at once.")
      @Min(0) @Max(MAX_GRACE_SECONDS) Integer graceSeconds) {
  }
}

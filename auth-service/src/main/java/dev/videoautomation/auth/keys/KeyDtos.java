package dev.videoautomation.auth.keys;

import static dev.videoautomation.auth.openapi.DocumentedForms.KEY_LENGTH;
import static dev.videoautomation.auth.openapi.DocumentedForms.KEY_PATTERN;
import static dev.videoautomation.auth.openapi.DocumentedForms.MAX_EPOCH_MS;
import static dev.videoautomation.auth.openapi.DocumentedForms.PRIMARY_KEY_EXPIRES;

import java.util.List;

import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;

import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

import com.fasterxml.jackson.annotation.JsonProperty;

import io.quarkus.runtime.annotations.RegisterForReflection;

/** Key answers: snake_case like the claim answer of the reference, so an agent reads every new key the same way. */
public final class KeyDtos {
  static final int MAX_GRACE_SECONDS = 86_400;

  private KeyDtos() {
  }

  /** One scope, for the document only: the scope lists of every key answer are arrays of it. */
  @Schema(name = "Scope", type = SchemaType.STRING, enumeration = {"api.read", "api.write"}, description = "api.read "
      + "allows every GET; api.write every other method (paid routes also need a subscription).")
  public static final class Scope {
    private Scope() {
    }
  }

  /** A new key, shown once (claim/complete, recovery). */
  @RegisterForReflection
  @Schema(name = "Credential")
  public record Credential(
      @Schema(required = true, minLength = KEY_LENGTH, maxLength = KEY_LENGTH, pattern = KEY_PATTERN,
          description = "The new API key (svc_live_), shown once.") String credential,
      @JsonProperty("credential_type") @Schema(required = true, enumeration = {"api_key"}) String credentialType,
      @JsonProperty("credential_expires") @Schema(required = true, nullable = true, format = "int64", minimum = "0",
          maximum = MAX_EPOCH_MS, description = PRIMARY_KEY_EXPIRES) Long credentialExpires,
      @Schema(required = true, type = SchemaType.ARRAY, implementation = Scope.class, maxItems = 2,
          example = "[\"api.read\", \"api.write\"]") List<String> scopes) {

    public static Credential of(String credential, List<String> scopes) {
      return new Credential(credential, "api_key", null, scopes);
    }
  }

  /** A rotated key: the new one, and when the one it replaces stops working. */
  @RegisterForReflection
  @Schema(name = "RotatedCredential")
  public record Rotated(
      @Schema(required = true, minLength = KEY_LENGTH, maxLength = KEY_LENGTH, pattern = KEY_PATTERN,
          description = "The new API key, of the same kind as the one rotated, shown once.") String credential,
      @JsonProperty("credential_type") @Schema(required = true, enumeration = {"api_key"}) String credentialType,
      @JsonProperty("credential_expires") @Schema(required = true, nullable = true, format = "int64", minimum = "0",
          maximum = MAX_EPOCH_MS, description = PRIMARY_KEY_EXPIRES) Long credentialExpires,
      @Schema(required = true, type = SchemaType.ARRAY, implementation = Scope.class, maxItems = 2,
          example = "[\"api.read\", \"api.write\"]") List<String> scopes,
      @JsonProperty("previous_credential_expires") @Schema(required = true, nullable = true, format = "int64",
          minimum = "0", maximum = MAX_EPOCH_MS, description = "Epoch ms when the key you called with stops working "
          + "(the end of graceSeconds); null when it stopped at once.") Long previousCredentialExpires) {
  }

  @Schema(name = "RotateRequest")
  public record RotateRequest(
      @Schema(format = "int32", minimum = "0", maximum = "86400", defaultValue = "0", description = "How long the "
          + "key you call with keeps working, in seconds; 0 (the default) ends it at once.")
      @Min(0) @Max(MAX_GRACE_SECONDS) Integer graceSeconds) {
  }
}

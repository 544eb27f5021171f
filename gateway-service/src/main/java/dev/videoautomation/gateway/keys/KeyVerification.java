package dev.videoautomation.gateway.keys;

import java.util.List;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

import io.quarkus.runtime.annotations.RegisterForReflection;

/** Auth-service's answer to {@code POST /internal/verify} (docs/internal-api.md §3.1). */
@RegisterForReflection
@JsonIgnoreProperties(ignoreUnknown = true)
public record KeyVerification(String status, String clientId, String keyId, List<String> scopes, Long expiresAt) {
  public static final String ACTIVE = "active";

  public boolean active() {
    return ACTIVE.equals(status);
  }

  public List<String> scopesOrEmpty() {
    return scopes == null ? List.of() : scopes;
  }

  /** The sentence a refused caller reads: what happened to the key and what to do. */
  public String refusal() {
    return switch (status == null ? "unknown" : status) {
      case "replaced" -> "This API key was replaced by a newer one (claim, rotation or recovery): use the key that "
          + "call gave you.";
      case "revoked" -> "This API key was revoked. Register again at POST /v1/auth/agent or recover a key at "
          + "POST /v1/api_keys/recover.";
      case "expired" -> "This API key has expired (its rotation grace period ended): use the newer key.";
      default -> "This API key is not known. Register at POST /v1/auth/agent to get one.";
    };
  }
}

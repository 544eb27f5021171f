package dev.videoautomation.auth.discovery;

import static dev.videoautomation.auth.openapi.DocumentedForms.URL_MAX_LENGTH;

import java.util.List;

import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

import com.fasterxml.jackson.annotation.JsonProperty;

import io.quarkus.runtime.annotations.RegisterForReflection;

import dev.videoautomation.auth.keys.KeyDtos;
import dev.videoautomation.auth.registrations.RegistrationDtos.RegisterRequest;

/**
 * The discovery documents (design §5). Component names are the wire names the RFCs (9728, 8414) and the agent-auth
 * manifest use. Every URL is absolute, on the gateway's public address.
 */
public final class DiscoveryDocuments {
  private DiscoveryDocuments() {
  }

  @RegisterForReflection
  @Schema(name = "ProtectedResourceMetadata", description = "RFC 9728 protected resource metadata.")
  public record ProtectedResource(
      @Schema(required = true, maxLength = URL_MAX_LENGTH, format = "uri") String resource,
      @Schema(required = true, maxItems = 1, type = SchemaType.ARRAY, implementation = Url.class)
      List<String> authorization_servers,
      @Schema(required = true, maxItems = 1, type = SchemaType.ARRAY, implementation = BearerMethod.class)
      List<String> bearer_methods_supported,
      @Schema(required = true, maxLength = URL_MAX_LENGTH, format = "uri") String resource_documentation,
      @Schema(required = true, maxItems = 2, type = SchemaType.ARRAY, implementation = KeyDtos.Scope.class)
      List<String> scopes_supported) {
  }

  @RegisterForReflection
  @Schema(name = "AuthorizationServerMetadata", description = "RFC 8414 authorization server metadata; "
      + "`token_endpoint` is the registration endpoint (it issues keys).")
  public record AuthorizationServer(
      @Schema(required = true, maxLength = URL_MAX_LENGTH, format = "uri") String issuer,
      @Schema(required = true, maxLength = URL_MAX_LENGTH, format = "uri") String token_endpoint,
      @Schema(required = true, maxLength = URL_MAX_LENGTH, format = "uri") String revocation_endpoint,
      @Schema(required = true, maxItems = 2, type = SchemaType.ARRAY, implementation = KeyDtos.Scope.class)
      List<String> scopes_supported,
      @Schema(required = true) AgentAuth agent_auth) {
  }

  @RegisterForReflection
  @Schema(name = "AgentAuthMetadata", description = "The agent registration extension: where to register, claim "
      + "and revoke, and the manifest.")
  public record AgentAuth(
      @Schema(required = true, maxLength = URL_MAX_LENGTH, format = "uri") String manifest_url,
      @Schema(required = true, maxLength = URL_MAX_LENGTH, format = "uri") String registration_endpoint,
      @Schema(required = true, maxItems = 2, type = SchemaType.ARRAY, implementation = IdentityType.class)
      List<String> identity_types_supported,
      @Schema(required = true, maxItems = 1, type = SchemaType.ARRAY, implementation = AssertionType.class)
      List<String> assertion_types_supported,
      @Schema(required = true, maxLength = URL_MAX_LENGTH, format = "uri") String claim_endpoint,
      @Schema(required = true, maxLength = URL_MAX_LENGTH, format = "uri") String claim_complete_endpoint,
      @Schema(required = true, maxLength = URL_MAX_LENGTH, format = "uri") String revocation_endpoint) {
  }

  @RegisterForReflection
  @Schema(name = "AgentAuthManifest", description = "How an agent registers, claims and keeps its key.")
  public record Manifest(
      @Schema(required = true, maxLength = 100) String name,
      @Schema(required = true, maxLength = 32, description = "The API's date version, as in Service-Version.")
      String version,
      @Schema(required = true, maxLength = URL_MAX_LENGTH, format = "uri") String registration_endpoint,
      @Schema(required = true) Flows flows,
      @Schema(required = true) CodePolicy codes,
      @Schema(required = true, format = "int32", minimum = "1", maximum = "2147483647")
      int claim_token_lifetime_seconds,
      @Schema(required = true, maxLength = URL_MAX_LENGTH, description = "claim_url with {claim_token} in place of "
          + "the token.") String claim_url_template,
      @Schema(required = true) ScopeMeanings scopes,
      @Schema(required = true, maxItems = 2, type = SchemaType.ARRAY, implementation = Line.class)
      List<String> key_headers,
      @Schema(required = true, maxLength = 200, description = "A regular expression that finds keys in text, for "
          + "secret scanners; a match is a key when its last 6 characters are the base62 CRC-32 of the rest. Report a "
          + "key found where it should not be to endpoints.revoke_leaked.") String key_pattern,
      @Schema(required = true) Endpoints endpoints,
      @Schema(required = true, maxLength = 300) String errors,
      @Schema(required = true, maxLength = URL_MAX_LENGTH, format = "uri") String documentation,
      @Schema(required = true) McpEndpoint mcp) {
  }

  @RegisterForReflection
  @Schema(name = "AgentAuthMcp", description = "The same API as Model Context Protocol tools, with the same key.")
  public record McpEndpoint(
      @Schema(required = true, maxLength = URL_MAX_LENGTH, format = "uri") String endpoint,
      @Schema(required = true, maxLength = 40, example = "streamable-http") String transport,
      @Schema(required = true, maxLength = 300) String key) {
  }

  @RegisterForReflection
  @Schema(name = "AgentAuthFlows")
  public record Flows(@Schema(required = true) Flow anonymous, @Schema(required = true) Flow verified_email) {
  }

  @RegisterForReflection
  @Schema(name = "AgentAuthFlow", description = "One way to register: the request to send, what it issues, and "
      + "the steps after it.")
  public record Flow(
      @Schema(required = true) RegisterRequest request,
      @Schema(required = true, maxLength = 300) String issues,
      @Schema(required = true, maxItems = 3, type = SchemaType.ARRAY, implementation = Line.class)
      List<String> steps) {
  }

  @RegisterForReflection
  @Schema(name = "OneTimeCodePolicy", description = "The mailed codes: length, lifetime, attempts.")
  public record CodePolicy(
      @Schema(required = true, format = "int32", minimum = "6", maximum = "6") int digits,
      @Schema(required = true, format = "int32", minimum = "1", maximum = "2147483647") int lifetime_seconds,
      @Schema(required = true, format = "int32", minimum = "1", maximum = "2147483647") int max_attempts,
      @Schema(required = true, maxLength = 300) String after_max_attempts) {
  }

  @RegisterForReflection
  @Schema(name = "ScopeMeanings", description = "What each scope allows.")
  public record ScopeMeanings(
      @JsonProperty("api.read") @Schema(required = true, maxLength = 300) String apiRead,
      @JsonProperty("api.write") @Schema(required = true, maxLength = 300) String apiWrite) {
  }

  @RegisterForReflection
  @Schema(name = "AgentAuthEndpoints", description = "Every endpoint of the key's life, absolute.")
  public record Endpoints(
      @Schema(required = true, maxLength = URL_MAX_LENGTH, format = "uri") String register,
      @Schema(required = true, maxLength = URL_MAX_LENGTH, format = "uri") String claim,
      @Schema(required = true, maxLength = URL_MAX_LENGTH, format = "uri") String claim_complete,
      @Schema(required = true, maxLength = URL_MAX_LENGTH, format = "uri") String revoke,
      @Schema(required = true, maxLength = URL_MAX_LENGTH, format = "uri") String rotate,
      @Schema(required = true, maxLength = URL_MAX_LENGTH, format = "uri") String recover,
      @Schema(required = true, maxLength = URL_MAX_LENGTH, format = "uri") String verify_email,
      @Schema(required = true, maxLength = URL_MAX_LENGTH, format = "uri", description = "Revokes a leaked key; "
          + "holding the key is enough.") String revoke_leaked,
      @Schema(required = true, maxLength = URL_MAX_LENGTH, format = "uri") String usage,
      @Schema(required = true, maxLength = URL_MAX_LENGTH, format = "uri") String openapi) {
  }

  /** For the document only: the item types of the lists above. */
  @Schema(name = "AbsoluteUrl", type = SchemaType.STRING, format = "uri", maxLength = URL_MAX_LENGTH)
  static final class Url {
  }

  @Schema(name = "BearerMethod", type = SchemaType.STRING, enumeration = {"header"})
  static final class BearerMethod {
  }

  @Schema(name = "AgentIdentityType", type = SchemaType.STRING, enumeration = {"anonymous", "verified_email"})
  static final class IdentityType {
  }

  @Schema(name = "AgentAssertionType", type = SchemaType.STRING, enumeration = {"verified_email"})
  static final class AssertionType {
  }

  @Schema(name = "ManifestLine", type = SchemaType.STRING, maxLength = 500, description = "A sentence for the "
      + "reader: a step or a header line.")
  static final class Line {
  }
}

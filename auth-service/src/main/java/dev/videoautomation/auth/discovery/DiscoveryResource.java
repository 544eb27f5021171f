package dev.videoautomation.auth.discovery;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.ExampleObject;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

import dev.videoautomation.auth.registrations.PublicUrls;
import dev.videoautomation.platform.http.ApiVersion;

/** The discovery documents (design §5): every URL absolute, on the gateway's public address. No key needed. */
@Path("/.well-known")
@Tag(name = "Discovery and usage")
@Produces(MediaType.APPLICATION_JSON)
public class DiscoveryResource {
  static final List<String> SCOPES = List.of("api.read", "api.write");
  private final PublicUrls urls;
  private final Duration codeTtl;
  private final int maxAttempts;
  private final Duration claimTtl;

  DiscoveryResource(PublicUrls urls, @ConfigProperty(name = "auth.codes.ttl") Duration codeTtl,
      @ConfigProperty(name = "auth.codes.max-attempts") int maxAttempts,
      @ConfigProperty(name = "auth.claim-token.ttl") Duration claimTtl) {
    this.urls = urls;
    this.codeTtl = codeTtl;
    this.maxAttempts = maxAttempts;
    this.claimTtl = claimTtl;
  }

  @GET
  @Path("/oauth-protected-resource")
  @Operation(summary = "Protected resource metadata (RFC 9728)", description = "Where keys come from and how to "
      + "send them. No key needed.")
  @APIResponse(responseCode = "200", description = "The metadata", content = @Content(
      mediaType = MediaType.APPLICATION_JSON, examples = @ExampleObject(name = "metadata", value = "{\"resource\":"
          + "\"https://api.example.com\",\"authorization_servers\":[\"https://api.example.com\"],"
          + "\"bearer_methods_supported\":[\"header\"],\"resource_documentation\":\"https://api.example.com/docs\","
          + "\"scopes_supported\":[\"api.read\",\"api.write\"]}")))
  public Map<String, Object> protectedResource() {
    var body = new LinkedHashMap<String, Object>();
    body.put("resource", urls.base());
    body.put("authorization_servers", List.of(urls.base()));
    body.put("bearer_methods_supported", List.of("header"));
    body.put("resource_documentation", urls.of("/docs"));
    body.put("scopes_supported", SCOPES);
    return body;
  }

  @GET
  @Path("/oauth-authorization-server")
  @Operation(summary = "Authorization server metadata (RFC 8414) with the agent registration extension",
      description = "`token_endpoint` is the registration endpoint (it issues keys); `agent_auth` lists the "
          + "registration, claim and revocation endpoints and links the manifest. No key needed.")
  @APIResponse(responseCode = "200", description = "The metadata", content = @Content(
      mediaType = MediaType.APPLICATION_JSON, examples = @ExampleObject(name = "metadata", value = "{\"issuer\":"
          + "\"https://api.example.com\",\"token_endpoint\":\"https://api.example.com/v1/auth/agent\","
          + "\"revocation_endpoint\":\"https://api.example.com/v1/auth/agent/revoke\",\"scopes_supported\":"
          + "[\"api.read\",\"api.write\"],\"agent_auth\":{\"manifest_url\":"
          + "\"https://api.example.com/.well-known/agent-auth\",\"registration_endpoint\":"
          + "\"https://api.example.com/v1/auth/agent\",\"identity_types_supported\":[\"anonymous\","
          + "\"verified_email\"],\"assertion_types_supported\":[\"verified_email\"],\"claim_endpoint\":"
          + "\"https://api.example.com/v1/auth/agent/claim\",\"claim_complete_endpoint\":"
          + "\"https://api.example.com/v1/auth/agent/claim/complete\",\"revocation_endpoint\":"
          + "\"https://api.example.com/v1/auth/agent/revoke\"}}")))
  public Map<String, Object> authorizationServer() {
    var agentAuth = new LinkedHashMap<String, Object>();
    agentAuth.put("manifest_url", urls.of("/.well-known/agent-auth"));
    agentAuth.put("registration_endpoint", urls.of("/v1/auth/agent"));
    agentAuth.put("identity_types_supported", List.of("anonymous", "verified_email"));
    agentAuth.put("assertion_types_supported", List.of("verified_email"));
    agentAuth.put("claim_endpoint", urls.of("/v1/auth/agent/claim"));
    agentAuth.put("claim_complete_endpoint", urls.of("/v1/auth/agent/claim/complete"));
    agentAuth.put("revocation_endpoint", urls.of("/v1/auth/agent/revoke"));
    var body = new LinkedHashMap<String, Object>();
    body.put("issuer", urls.base());
    body.put("token_endpoint", urls.of("/v1/auth/agent"));
    body.put("revocation_endpoint", urls.of("/v1/auth/agent/revoke"));
    body.put("scopes_supported", SCOPES);
    body.put("agent_auth", agentAuth);
    return body;
  }

  @GET
  @Path("/agent-auth")
  @Operation(summary = "How an agent registers, claims and keeps its key", description = "A manifest of the "
      + "registration and claim flows, the scopes, how to send a key, and the endpoints to rotate and recover keys. "
      + "No key needed.")
  public Map<String, Object> manifest() {
    var body = new LinkedHashMap<String, Object>();
    body.put("name", "Video Automation Service");
    body.put("version", ApiVersion.CURRENT);
    body.put("registration_endpoint", urls.of("/v1/auth/agent"));
    body.put("flows", flows());
    body.put("codes", Map.of("digits", 6, "lifetime_seconds", codeTtl.toSeconds(), "max_attempts", maxAttempts,
        "after_max_attempts", "401 code_attempts_exhausted: ask for a new code"));
    body.put("claim_token_lifetime_seconds", claimTtl.toSeconds());
    body.put("claim_url_template", urls.of("/claim/{claim_token}"));
    body.put("scopes", Map.of("api.read", "every GET; anonymous keys have it at once",
        "api.write", "every other method; added by a claim; paid routes also need a subscription"));
    body.put("key_headers", List.of("Authorization: Bearer <key>", "X-Api-Key: <key>"));
    body.put("endpoints", endpoints());
    body.put("errors", "application/problem+json on /v1/auth/agent/**: type, title, status, detail, error");
    body.put("documentation", urls.of("/docs"));
    body.put("mcp", Map.of("endpoint", urls.of("/mcp"), "transport", "streamable-http",
        "key", "the same key headers on every MCP HTTP request; without one only the tools that need no key"));
    return body;
  }

  private Map<String, Object> flows() {
    var anonymous = new LinkedHashMap<String, Object>();
    anonymous.put("request", Map.of("type", "anonymous", "requested_credential_type", "api_key"));
    anonymous.put("issues", "an svc_anon_ key with api.read at once, a claim_token and a claim_url");
    anonymous.put("steps", List.of(
        "POST " + urls.of("/v1/auth/agent/claim") + " {claim_token, email}: a 6-digit code is mailed",
        "POST " + urls.of("/v1/auth/agent/claim/complete") + " {claim_token, code}: an svc_live_ key with "
            + "api.read and api.write; the svc_anon_ key stops working at once",
        "or send a human to claim_url, who enters the email and the code; the page shows the new key once"));
    var email = new LinkedHashMap<String, Object>();
    email.put("request", Map.of("type", "identity_assertion", "assertion_type", "verified_email",
        "assertion", "<email>"));
    email.put("issues", "no key; a 6-digit code is mailed to the address, a claim_token and a claim_url");
    email.put("steps", List.of("POST " + urls.of("/v1/auth/agent/claim/complete") + " {claim_token, code}: an "
        + "svc_live_ key with api.read and api.write"));
    var flows = new LinkedHashMap<String, Object>();
    flows.put("anonymous", anonymous);
    flows.put("verified_email", email);
    return flows;
  }

  private Map<String, Object> endpoints() {
    var endpoints = new LinkedHashMap<String, Object>();
    endpoints.put("register", urls.of("/v1/auth/agent"));
    endpoints.put("claim", urls.of("/v1/auth/agent/claim"));
    endpoints.put("claim_complete", urls.of("/v1/auth/agent/claim/complete"));
    endpoints.put("revoke", urls.of("/v1/auth/agent/revoke"));
    endpoints.put("rotate", urls.of("/v1/api_keys/rotate"));
    endpoints.put("recover", urls.of("/v1/api_keys/recover"));
    endpoints.put("verify_email", urls.of("/v1/api_keys/verify_email"));
    endpoints.put("usage", urls.of("/v1/usage"));
    endpoints.put("openapi", urls.of("/v1/openapi.json"));
    return endpoints;
  }
}

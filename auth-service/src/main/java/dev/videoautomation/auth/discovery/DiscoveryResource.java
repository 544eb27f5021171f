package dev.videoautomation.auth.discovery;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

import dev.videoautomation.auth.registrations.PublicUrls;
import dev.videoautomation.platform.http.ApiVersion;

/** The discovery documents (design §5): every URL absolute, on the gateway's public address. */
@Path("/.well-known")
@Tag(name = "Discovery and usage")
@Produces(MediaType.APPLICATION_JSON)
public class DiscoveryResource {
  static final List<String> SCOPES = List.of("api.read", "api.write");
  private final PublicUrls urls;

  DiscoveryResource(PublicUrls urls) {
    this.urls = urls;
  }

  @GET
  @Path("/oauth-protected-resource")
  @Operation(summary = "Protected resource metadata (RFC 9728)")
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
  @Operation(summary = "Authorization server metadata (RFC 8414) with the agent registration extension")
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
      + "registration and claim flows, scopes, key headers and the endpoints to rotate and recover keys.")
  public Map<String, Object> manifest() {
    var body = new LinkedHashMap<String, Object>();
    body.put("name", "Video Automation Service");
    body.put("version", ApiVersion.CURRENT);
    body.put("registration_endpoint", urls.of("/v1/auth/agent"));
    body.put("flows", Map.of(
        "anonymous", Map.of(
            "request", Map.of("type", "anonymous", "requested_credential_type", "api_key"),
            "issues", "an svc_anon_ key with api.read at once, a claim_token valid 24 hours and a claim_url",
            "then", "POST " + urls.of("/v1/auth/agent/claim") + " with claim_token and email; a 6-digit code is "
                + "mailed; POST " + urls.of("/v1/auth/agent/claim/complete") + " with claim_token and code"),
        "verified_email", Map.of(
            "request", Map.of("type", "identity_assertion", "assertion_type", "verified_email",
                "assertion", "<email>"),
            "issues", "no key; a 6-digit code is mailed (10 minutes, 5 attempts)",
            "then", "POST " + urls.of("/v1/auth/agent/claim/complete") + " with claim_token and code")));
    body.put("claim_page", urls.of("/claim/{claim_token}"));
    body.put("scopes", Map.of("api.read", "every GET; given to anonymous keys",
        "api.write", "every other method; given by a claim; paid routes also need a subscription"));
    body.put("key_headers", List.of("Authorization: Bearer <key>", "X-Api-Key: <key>"));
    body.put("rotate_endpoint", urls.of("/v1/api_keys/rotate"));
    body.put("recover_endpoint", urls.of("/v1/api_keys/recover"));
    body.put("revocation_endpoint", urls.of("/v1/auth/agent/revoke"));
    body.put("documentation", urls.of("/docs"));
    return body;
  }
}

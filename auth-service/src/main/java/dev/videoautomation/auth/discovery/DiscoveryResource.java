package dev.videoautomation.auth.discovery;

import java.time.Duration;
import java.util.List;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

import dev.videoautomation.auth.config.AuthConfig;
import dev.videoautomation.auth.discovery.DiscoveryDocuments.AgentAuth;
import dev.videoautomation.auth.discovery.DiscoveryDocuments.AuthorizationServer;
import dev.videoautomation.auth.discovery.DiscoveryDocuments.CodePolicy;
import dev.videoautomation.auth.discovery.DiscoveryDocuments.Endpoints;
import dev.videoautomation.auth.discovery.DiscoveryDocuments.Flow;
import dev.videoautomation.auth.discovery.DiscoveryDocuments.Flows;
import dev.videoautomation.auth.discovery.DiscoveryDocuments.Manifest;
import dev.videoautomation.auth.discovery.DiscoveryDocuments.McpEndpoint;
import dev.videoautomation.auth.discovery.DiscoveryDocuments.ProtectedResource;
import dev.videoautomation.auth.discovery.DiscoveryDocuments.ScopeMeanings;
import dev.videoautomation.auth.openapi.DocumentedForms;
import dev.videoautomation.auth.registrations.PublicUrls;
import dev.videoautomation.auth.registrations.RegistrationDtos.RegisterRequest;
import dev.videoautomation.platform.http.ApiVersion;

/** The discovery documents (design §5): every URL absolute, on the gateway's public address. No key needed. */
@Path("/.well-known")
@Tag(name = "Key discovery", description = "Where keys come from and how to send them: the well-known documents "
    + "(OAuth metadata for the protected resource and the authorization server, the agent-auth manifest).")
@Produces(MediaType.APPLICATION_JSON)
public class DiscoveryResource {
  static final List<String> SCOPES = List.of("api.read", "api.write");
  private final PublicUrls urls;
  private final Duration codeTtl;
  private final int maxAttempts;
  private final Duration claimTtl;

  DiscoveryResource(PublicUrls urls, AuthConfig config) {
    this.urls = urls;
    this.codeTtl = config.codes().ttl();
    this.maxAttempts = config.codes().maxAttempts();
    this.claimTtl = config.claimToken().ttl();
  }

  @GET
  @Path("/oauth-protected-resource")
  @Operation(operationId = "getProtectedResourceMetadata", summary = "Protected resource metadata (RFC 9728)")
  @APIResponse(responseCode = "200", description = "The metadata", content = @Content(
      mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ProtectedResource.class)))
  public ProtectedResource protectedResource() {
    return new ProtectedResource(urls.base(), List.of(urls.base()), List.of("header"), urls.of("/docs"), SCOPES);
  }

  @GET
  @Path("/oauth-authorization-server")
  @Operation(operationId = "getAuthorizationServerMetadata", summary = "Authorization server metadata (RFC 8414) "
      + "with the agent registration extension")
  @APIResponse(responseCode = "200", description = "The metadata", content = @Content(
      mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = AuthorizationServer.class)))
  public AuthorizationServer authorizationServer() {
    var agentAuth = new AgentAuth(urls.of("/.well-known/agent-auth"), urls.of("/v1/auth/agent"),
        List.of("anonymous", "verified_email"), List.of("verified_email"), urls.of("/v1/auth/agent/claim"),
        urls.of("/v1/auth/agent/claim/complete"), urls.of("/v1/auth/agent/revoke"));
    return new AuthorizationServer(urls.base(), urls.of("/v1/auth/agent"), urls.of("/v1/auth/agent/revoke"), SCOPES,
        agentAuth);
  }

  @GET
  @Path("/agent-auth")
  @Operation(operationId = "getAgentAuthManifest", summary = "How an agent registers, claims and keeps its key")
  @APIResponse(responseCode = "200", description = "The manifest", content = @Content(
      mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = Manifest.class)))
  public Manifest manifest() {
    return new Manifest("Video Automation Service", ApiVersion.CURRENT, urls.of("/v1/auth/agent"), flows(),
        new CodePolicy(6, Math.toIntExact(codeTtl.toSeconds()), maxAttempts,
            "401 code_attempts_exhausted: ask for a new code"),
        Math.toIntExact(claimTtl.toSeconds()), urls.of("/claim/{claim_token}"),
        new ScopeMeanings("every GET; anonymous keys have it at once",
            "every other method; added by a claim; paid routes also need a subscription"),
        List.of("Authorization: Bearer <key>", "X-Api-Key: <key>"), DocumentedForms.KEY_SCANNER_PATTERN, endpoints(),
        "application/problem+json on /v1/auth/agent/**: type, title, status, detail, error", urls.of("/docs"),
        new McpEndpoint(urls.of("/mcp"), "streamable-http",
            "the same key headers on every MCP HTTP request; without one only the tools that need no key"));
  }

  private Flows flows() {
    var anonymous = new Flow(new RegisterRequest("anonymous", "api_key", null, null),
        "an svc_anon_ key with api.read at once, a claim_token and a claim_url", List.of(
            "POST " + urls.of("/v1/auth/agent/claim") + " {claim_token, email}: a 6-digit code is mailed",
            "POST " + urls.of("/v1/auth/agent/claim/complete") + " {claim_token, code}: an svc_live_ key with "
                + "api.read and api.write; the svc_anon_ key stops working at once",
            "or send a human to claim_url, who enters the email and the code; the page shows the new key once"));
    // An address, as the request's schema (format email) asks; `issues` says to put one's own in its place.
    var email = new Flow(new RegisterRequest("identity_assertion", null, "verified_email", "agent-owner@example.com"),
        "no key; a 6-digit code is mailed to the address (your own in place of agent-owner@example.com), a "
            + "claim_token and a claim_url",
        List.of("POST " + urls.of("/v1/auth/agent/claim/complete") + " {claim_token, code}: an svc_live_ key with "
            + "api.read and api.write"));
    return new Flows(anonymous, email);
  }

  private Endpoints endpoints() {
    return new Endpoints(urls.of("/v1/auth/agent"), urls.of("/v1/auth/agent/claim"),
        urls.of("/v1/auth/agent/claim/complete"), urls.of("/v1/auth/agent/revoke"), urls.of("/v1/api_keys/rotate"),
        urls.of("/v1/api_keys/recover"), urls.of("/v1/api_keys/verify_email"),
        urls.of("/v1/api_keys/revoke_leaked"), urls.of("/v1/usage"),
        urls.of("/v1/openapi.json"));
  }
}

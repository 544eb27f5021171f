package dev.videoautomation.gateway.info;

import java.util.List;
import java.util.Map;

import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.Size;

import org.eclipse.microprofile.openapi.annotations.media.Schema;

import com.fasterxml.jackson.annotation.JsonProperty;

import io.quarkus.runtime.annotations.RegisterForReflection;

import dev.videoautomation.platform.spending.CallCost;

/** The body of {@code GET /v1/info}. */
@RegisterForReflection
@Schema(name = "ApiInfo", description = "What this API is, every endpoint with what it asks of the caller, how to "
    + "authenticate, the daily limits of the plan and what each spending operation costs.")
public record ApiInfo(
    @Schema(required = true, maxLength = 100, example = "Video Automation Service") String name,
    @Schema(required = true, maxLength = 10, pattern = "^\\d{4}-\\d{2}-\\d{2}$", example = "2026-11-21",
        description = "The date version, as `Service-Version` and `info.version`.") String version,
    @Schema(required = true, maxProperties = 500, description = "`METHOD /pattern` (`*` one segment, `**` the rest) "
        + "→ what the endpoint asks of the caller.") Map<String, Endpoint> endpoints,
    @Schema(required = true) Auth auth,
    @Schema(required = true) Mcp mcp,
    @Schema(required = true, maxProperties = 64, description = "Bucket → calls per day of the pro plan (reset "
        + "00:00 UTC).") Map<String, @Min(0) @Max(Integer.MAX_VALUE) Integer> dailyLimits,
    @Schema(required = true, maxItems = 500, description = "Every operation that spends, by operationId: the daily "
        + "bucket a call draws from and the credits it costs, as GET /v1/pricing lists them.")
    List<CallCost> callCosts) {

  /** The scopes a key may hold, and what each allows. */
  @RegisterForReflection
  @Schema(name = "ApiInfoScopes", description = "The scopes a key may hold, and what each allows.")
  public record Scopes(
      @JsonProperty("api.read") @Schema(required = true, maxLength = 100, example = "GET and HEAD") String read,
      @JsonProperty("api.write") @Schema(required = true, maxLength = 100, example = "every other method")
      String write) {
  }

  /** One endpoint of the route table. */
  @RegisterForReflection
  @Schema(name = "ApiInfoEndpoint", description = "One endpoint: its owner and what it asks of the caller.")
  public record Endpoint(
      @Schema(required = true, maxLength = 40, example = "media-service") String service,
      @Schema(required = true, enumeration = {"public", "optional_key", "key", "read", "write", "manage_keys"},
          description = "public: no key; optional_key: a key is used when sent; key: any valid key; read: "
              + "api.read; write: api.write and a subscription; manage_keys: api.write and a subscription, on every "
              + "method, and not a sub-key.") String access,
      @Schema(required = true, nullable = true, enumeration = {"api.read", "api.write"}) String scope,
      @Schema(required = true) boolean subscription,
      @Schema(required = true, nullable = true, maxLength = 40, example = "watch",
          description = "The daily bucket the call draws from; null when unmetered.") String bucket,
      @Schema(required = true, format = "int64", minimum = "0", maximum = "9223372036854775807",
          example = "1048576") long maxBodyBytes,
      @Schema(required = true, description = "The answer carries a key, which an Idempotency-Key never stores.")
      boolean issuesCredential,
      @Schema(required = true, description = "Whether a sub-key may call it (within its scopes and buckets); false "
          + "where only the client's primary key may: keys, recovery, subscribing, webhooks.") boolean subKeys) {
  }

  /** How to authenticate. */
  @RegisterForReflection
  @Schema(name = "ApiInfoAuth", description = "How to authenticate and where keys come from.")
  public record Auth(
      @Schema(required = true, maxItems = 10) List<@Size(max = 100) String> headers,
      @Schema(required = true, maxLength = 100, example = "POST /v1/auth/agent") String register,
      @Schema(required = true, maxItems = 10) List<@Size(max = 100) String> discovery,
      @Schema(required = true) Scopes scopes,
      @Schema(required = true, maxLength = 500) String subscription,
      @Schema(required = true) KeyRoutes keys) {
  }

  /** The same API as Model Context Protocol tools (the gateway's mcp package). */
  @RegisterForReflection
  @Schema(name = "ApiInfoMcp", description = "The MCP endpoint: every operation of this document as a tool.")
  public record Mcp(
      @Schema(required = true, maxLength = 100, example = "/mcp") String endpoint,
      @Schema(required = true, maxLength = 100, example = "streamable-http") String transport,
      @Schema(required = true, maxLength = 100, example = "2025-06-18 and newer") String protocolVersions,
      @Schema(required = true, maxLength = 500) String key,
      @Schema(required = true, maxLength = 500) String tools,
      @Schema(required = true, maxItems = 10) List<@Size(max = 100) String> resources) {
  }

  /** The routes that manage a key. */
  @RegisterForReflection
  @Schema(name = "ApiInfoKeyRoutes", description = "The routes that rotate, recover and verify keys.")
  public record KeyRoutes(
      @Schema(required = true, maxLength = 100, example = "POST /v1/api_keys/rotate") String rotate,
      @Schema(required = true, maxLength = 100, example = "POST /v1/api_keys/recover") String recover,
      @Schema(required = true, maxLength = 100, example = "POST /v1/api_keys/verify_email") String verifyEmail) {
  }
}

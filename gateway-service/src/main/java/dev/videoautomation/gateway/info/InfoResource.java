package dev.videoautomation.gateway.info;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.eclipse.microprofile.rest.client.inject.RestClient;

import io.quarkus.logging.Log;

import dev.videoautomation.gateway.routing.Access;
import dev.videoautomation.gateway.routing.RouteTable;
import dev.videoautomation.gateway.sizes.RequestSizes;
import dev.videoautomation.platform.errors.ApiException;
import dev.videoautomation.platform.errors.ErrorCode;
import dev.videoautomation.platform.http.ApiVersion;

/**
 * {@code GET /v1/info} (public): what the API is, every endpoint with what it asks of the caller, how to
 * authenticate, and the plan's real daily limits from billing (cached five minutes).
 */
@Path("/v1/info")
@Tag(name = "Discovery and usage")
public class InfoResource {
  static final Duration LIMITS_CACHE = Duration.ofMinutes(5);
  /** The same API as Model Context Protocol tools (gateway's mcp package). */
  static final Map<String, Object> MCP = Map.of("endpoint", "/mcp", "transport", "streamable-http",
      "protocolVersions", "2025-06-18 and newer", "key", "Authorization: Bearer <key> or X-Api-Key: <key> on every "
          + "MCP HTTP request; without a key only the tools that need none are listed",
      "tools", "one per operation of /v1/openapi.json, named by its operationId; calls meet the same scopes, "
          + "subscription, daily limits and Idempotency-Key as REST",
      "resources", List.of("vas://openapi.json", "vas://pricing", "vas://usage"));

  private final RouteTable routes;
  private final RequestSizes sizes;
  private final PricesClient prices;
  private volatile Map<String, Integer> limits;
  private volatile long limitsExpireAt;

  InfoResource(RouteTable routes, RequestSizes sizes, @RestClient PricesClient prices) {
    this.routes = routes;
    this.sizes = sizes;
    this.prices = prices;
  }

  @GET
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(summary = "What this API is and how to use it", description = "name, version (the date version), "
      + "endpoints (\"METHOD /path\" → service, access: public | key | optional_key | read | write, scope, "
      + "subscription, bucket, maxBodyBytes: the largest body, issuesCredential: the answer carries a key, which an "
      + "Idempotency-Key never stores), auth (key headers, registration and discovery URLs, scopes), mcp (the MCP "
      + "endpoint, its transport and how the key is sent) and dailyLimits "
      + "(bucket → calls per day of the pro plan, reset 00:00 UTC).")
  public Map<String, Object> info() {
    var body = new LinkedHashMap<String, Object>();
    body.put("name", "Video Automation Service");
    body.put("version", ApiVersion.CURRENT);
    body.put("endpoints", endpoints());
    body.put("auth", auth());
    body.put("mcp", MCP);
    body.put("dailyLimits", dailyLimits());
    return body;
  }

  private Map<String, Object> endpoints() {
    var endpoints = new LinkedHashMap<String, Object>();
    for (var route : routes.routes()) {
      var entry = new LinkedHashMap<String, Object>();
      entry.put("service", route.owner().configName() + "-service");
      entry.put("access", route.access() == Access.ANY_KEY ? "key" : route.access().name().toLowerCase(Locale.ROOT));
      entry.put("scope", switch (route.access()) {
        case READ -> "api.read";
        case WRITE -> "api.write";
        default -> null;
      });
      entry.put("subscription", route.access().needsSubscription());
      entry.put("bucket", route.bucket().map(b -> b.bucketName()).orElse(null));
      entry.put("maxBodyBytes", sizes.bodyLimit(route));
      entry.put("issuesCredential", route.issuesCredential());
      endpoints.put(route.method() + " " + route.pattern(), entry);
    }
    return endpoints;
  }

  private static Map<String, Object> auth() {
    var auth = new LinkedHashMap<String, Object>();
    auth.put("headers", List.of("Authorization: Bearer <key>", "X-Api-Key: <key>"));
    auth.put("register", "POST /v1/auth/agent");
    auth.put("discovery", List.of("/.well-known/oauth-protected-resource", "/.well-known/oauth-authorization-server",
        "/.well-known/agent-auth"));
    auth.put("scopes", Map.of("api.read", "GET and HEAD", "api.write", "every other method"));
    auth.put("subscription", "Every non-GET route outside registration, billing and the CDN needs an active "
        + "subscription ($99 per month): POST /v1/subscribe.");
    auth.put("keys", Map.of("rotate", "POST /v1/api_keys/rotate", "recover", "POST /v1/api_keys/recover",
        "verifyEmail", "POST /v1/api_keys/verify_email"));
    return auth;
  }

  private Map<String, Integer> dailyLimits() {
    var now = System.currentTimeMillis();
    if (limits != null && limitsExpireAt > now) {
      return limits;
    }
    try {
      var plan = prices.prices().plans().stream().filter(p -> "pro".equals(p.plan())).findFirst()
          .orElseThrow(() -> new IllegalStateException("billing lists no pro plan"));
      limits = new LinkedHashMap<>(plan.limits());
      limitsExpireAt = now + LIMITS_CACHE.toMillis();
      return limits;
    } catch (RuntimeException e) {
      Log.warnf("The price list could not be read: %s", e.getMessage());
      if (limits != null) {
        return limits;
      }
      throw new ApiException(ErrorCode.SERVICE_UNAVAILABLE, "The daily limits could not be read from "
          + "billing-service. Retry in a few seconds.");
    }
  }
}

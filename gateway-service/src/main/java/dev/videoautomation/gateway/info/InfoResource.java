package dev.videoautomation.gateway.info;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

import io.quarkus.logging.Log;

import dev.videoautomation.gateway.routing.Access;
import dev.videoautomation.gateway.routing.RouteTable;
import dev.videoautomation.gateway.sizes.RequestSizes;
import dev.videoautomation.platform.calls.CreditsCalls;
import dev.videoautomation.platform.calls.PriceList;
import dev.videoautomation.platform.errors.ApiException;
import dev.videoautomation.platform.errors.ErrorCode;
import dev.videoautomation.platform.http.ApiVersion;
import dev.videoautomation.platform.spending.CallCost;

/**
 * {@code GET /v1/info} (public): what the API is, every endpoint with what it asks of the caller, how to
 * authenticate, the plan's real daily limits and what each spending operation costs ({@link CallCost}, platform's
 * spending table priced), from billing's price list read through the platform's billing client ({@link CreditsCalls}:
 * kept five minutes, with docs/internal-api.md §1.4's timeout and retries). While billing cannot be read, the list
 * read last is answered.
 */
@Path("/v1/info")
@Tag(name = DiscoveryTag.NAME)
public class InfoResource {
  /** The same API as Model Context Protocol tools (gateway's mcp package). */
  static final ApiInfo.Mcp MCP = new ApiInfo.Mcp("/mcp", "streamable-http", "2025-06-18 and newer",
      "Authorization: Bearer <key> or X-Api-Key: <key> on every MCP HTTP request; without a key only the tools that "
          + "need none are listed",
      "one per operation of /v1/openapi.json, named by its operationId; calls meet the same scopes, subscription, "
          + "daily limits and Idempotency-Key as REST",
      List.of("vas://openapi.json", "vas://pricing", "vas://usage"));

  private final RouteTable routes;
  private final RequestSizes sizes;
  private final CreditsCalls billing;
  private volatile PriceList lastPrices;

  InfoResource(RouteTable routes, RequestSizes sizes, CreditsCalls billing) {
    this.routes = routes;
    this.sizes = sizes;
    this.billing = billing;
  }

  @GET
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(operationId = "getInfo", summary = "What this API is and how to use it")
  @APIResponse(responseCode = "200", description = "What this API is", content = @Content(
      mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ApiInfo.class)))
  @APIResponse(responseCode = "503")
  public ApiInfo info() {
    var prices = prices();
    var plan = prices.plan("pro").orElseThrow();
    return new ApiInfo("Video Automation Service", ApiVersion.CURRENT, endpoints(), auth(), MCP,
        new LinkedHashMap<>(plan.limits()), CallCost.all(prices::operation));
  }

  private Map<String, ApiInfo.Endpoint> endpoints() {
    var endpoints = new LinkedHashMap<String, ApiInfo.Endpoint>();
    for (var route : routes.routes()) {
      if (route.access() == Access.SERVICE) {
        continue; // the gateway's internal API is for the suite's services, not for agents
      }
      endpoints.put(route.method() + " " + route.pattern(), new ApiInfo.Endpoint(
          route.owner().configName() + "-service",
          route.access() == Access.ANY_KEY ? "key" : route.access().name().toLowerCase(Locale.ROOT),
          route.access().scope(), route.access().needsSubscription(),
          route.bucket().map(b -> b.bucketName()).orElse(null), sizes.bodyLimit(route), route.issuesCredential(),
          !route.refusesSubKeys()));
    }
    return endpoints;
  }

  private static ApiInfo.Auth auth() {
    return new ApiInfo.Auth(List.of("Authorization: Bearer <key>", "X-Api-Key: <key>"), "POST /v1/auth/agent",
        List.of("/.well-known/oauth-protected-resource", "/.well-known/oauth-authorization-server",
            "/.well-known/agent-auth"),
        new ApiInfo.Scopes("GET and HEAD", "every other method"),
        "Every non-GET route outside registration, billing and the CDN needs an active subscription ($99 per "
            + "month): POST /v1/subscribe.",
        new ApiInfo.KeyRoutes("POST /v1/api_keys/rotate", "POST /v1/api_keys/recover",
            "POST /v1/api_keys/verify_email"));
  }

  /** Billing's price list with a pro plan, else the last such list read, else 503. */
  private PriceList prices() {
    try {
      var prices = billing.prices();
      if (prices.plan("pro").isEmpty()) {
        throw new IllegalStateException("billing lists no pro plan");
      }
      lastPrices = prices;
      return prices;
    } catch (RuntimeException e) {
      Log.warnf("The price list could not be read: %s", e.getMessage());
      if (lastPrices != null) {
        return lastPrices;
      }
      throw new ApiException(ErrorCode.SERVICE_UNAVAILABLE, "The daily limits and prices could not be read from "
          + "billing-service. Retry in a few seconds.");
    }
  }
}

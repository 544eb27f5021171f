package dev.videoautomation.gateway.limits;

import java.util.Map;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

import org.eclipse.microprofile.openapi.annotations.Operation;

import io.quarkus.runtime.annotations.RegisterForReflection;

import dev.videoautomation.gateway.config.GatewayConfig;
import dev.videoautomation.platform.errors.ApiException;
import dev.videoautomation.platform.errors.ErrorCode;
import dev.videoautomation.platform.token.CurrentCaller;

/**
 * {@code GET /internal/usage/keys/{clientId}} (docs/internal-api.md §3.19.4): the units each key of a client took
 * today, from the per-key counters, for auth's key list. The route table lets only a valid internal token through
 * (platform's {@code InternalTokenFilter}); the subject must be one of {@code gateway.internal.usage-callers}.
 */
@Path("/internal/usage/keys/{clientId}")
public class KeyUsageResource {
  private final DailyLimits limits;
  private final CurrentCaller caller;
  private final GatewayConfig config;

  KeyUsageResource(DailyLimits limits, CurrentCaller caller, GatewayConfig config) {
    this.limits = limits;
    this.caller = caller;
    this.config = config;
  }

  /** Today (UTC) and, per key that took a unit today, bucket → units. */
  @RegisterForReflection
  public record KeysUsage(String day, Map<String, Map<String, Integer>> keys) {
  }

  @GET
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(hidden = true)
  public KeysUsage usage(@PathParam("clientId") String clientId) {
    var subject = caller.require().subject();
    if (!config.internal().usageCallers().contains(subject)) {
      throw new ApiException(ErrorCode.INSUFFICIENT_SCOPE, "This internal endpoint serves "
          + config.internal().usageCallers() + " only.");
    }
    return new KeysUsage(limits.today().toString(), limits.usedTodayByKeys(clientId));
  }
}

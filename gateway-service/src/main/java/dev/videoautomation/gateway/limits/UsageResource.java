package dev.videoautomation.gateway.limits;

import java.time.format.DateTimeFormatter;
import java.util.LinkedHashMap;
import java.util.Map;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.ExampleObject;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

import io.quarkus.runtime.annotations.RegisterForReflection;
import io.vertx.ext.web.RoutingContext;

import dev.videoautomation.gateway.admission.Admitted;
import dev.videoautomation.platform.errors.ApiException;
import dev.videoautomation.platform.errors.ErrorCode;
import dev.videoautomation.platform.limits.LimitBucket;

/** {@code GET /v1/usage}: today's units per bucket for the caller's client. */
@Path("/v1/usage")
@Tag(name = "Discovery and usage")
public class UsageResource {
  private final DailyLimits limits;

  UsageResource(DailyLimits limits) {
    this.limits = limits;
  }

  /** One bucket's window: the daily limit and what is left of it today. */
  @RegisterForReflection
  public record Window(int limit, int remaining) {
  }

  @RegisterForReflection
  public record UsageReport(String clientId, Map<String, Window> usage, String resetsAt) {
  }

  @GET
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(summary = "Today's usage of every daily bucket",
      description = "Every bucket of design §6 with its daily limit and what is left before the next 00:00 UTC "
          + "(resetsAt). Limits come from the client's plan; a client without an active subscription has limit 0 "
          + "in every bucket. Needs a key with api.read; no subscription needed.")
  @APIResponse(responseCode = "200", description = "Usage report", content = @Content(
      mediaType = MediaType.APPLICATION_JSON, examples = @ExampleObject(name = "subscribed", value = """
          {"clientId": "cli_5Hq0aZ9bC1dE2fG3hI4jK5", "usage": {"watch": {"limit": 50, "remaining": 48},
           "scrape": {"limit": 500, "remaining": 500}}, "resetsAt": "2026-11-24T00:00:00Z"}""")))
  public UsageReport usage(RoutingContext rc) {
    Admitted admitted = rc.get(Admitted.CONTEXT_KEY);
    if (admitted == null) {
      throw new ApiException(ErrorCode.UNAUTHORIZED, "This call needs an API key.");
    }
    var used = limits.usedToday(admitted.clientId());
    var usage = new LinkedHashMap<String, Window>();
    for (var bucket : LimitBucket.values()) {
      var limit = admitted.entitlement() == null ? 0 : admitted.entitlement().limit(bucket);
      usage.put(bucket.bucketName(), new Window(limit, Math.max(0, limit - used.getOrDefault(bucket, 0))));
    }
    return new UsageReport(admitted.clientId(), usage,
        DateTimeFormatter.ISO_INSTANT.format(limits.nextReset()));
  }
}

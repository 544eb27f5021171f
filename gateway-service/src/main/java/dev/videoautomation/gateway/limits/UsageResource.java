package dev.videoautomation.gateway.limits;

import java.time.format.DateTimeFormatter;
import java.util.LinkedHashMap;
import java.util.Map;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;

import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

import io.quarkus.runtime.annotations.RegisterForReflection;
import io.vertx.ext.web.RoutingContext;

import dev.videoautomation.gateway.admission.Admission;
import dev.videoautomation.gateway.admission.Admitted;
import dev.videoautomation.gateway.info.DiscoveryTag;
import dev.videoautomation.platform.errors.ApiException;
import dev.videoautomation.platform.errors.ErrorCode;
import dev.videoautomation.platform.limits.LimitBucket;

/** {@code GET /v1/usage}: today's units per bucket for the caller's client. */
@Path("/v1/usage")
@Tag(name = DiscoveryTag.NAME)
public class UsageResource {
  private final DailyLimits limits;

  UsageResource(DailyLimits limits) {
    this.limits = limits;
  }

  /** One bucket's window: the daily limit and what is left of it today. */
  @RegisterForReflection
  @Schema(name = "UsageWindow", description = "One daily bucket: its limit and what is left of it today.")
  public record Window(
      @Schema(required = true, format = "int32", minimum = "0", maximum = "2147483647", example = "50") int limit,
      @Schema(required = true, format = "int32", minimum = "0", maximum = "2147483647", example = "48")
      int remaining) {
  }

  @RegisterForReflection
  @Schema(name = "UsageReport", description = "Today's use of every daily bucket of the caller's client.")
  public record UsageReport(
      @Schema(required = true, maxLength = 26, pattern = "^cli_[0-9A-Za-z]{22}$",
          example = "cli_5Hq0aZ9bC1dE2fG3hI4jK5") String clientId,
      @Schema(required = true, maxProperties = 64, description = "Bucket name (as in `/v1/pricing` and the "
          + "RateLimit headers) → its window.") Map<String, Window> usage,
      @Schema(required = true, format = "date-time", maxLength = 30, description = "The next 00:00 UTC, when "
          + "every bucket resets.", example = "2026-11-24T00:00:00Z") String resetsAt) {
  }

  @GET
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(operationId = "getUsage", summary = "Today's usage of every daily bucket")
  @APIResponse(responseCode = "200", description = "Usage report", content = @Content(
      mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = UsageReport.class)))
  public UsageReport usage(@Context RoutingContext rc) {
    Admitted admitted = rc.get(Admitted.CONTEXT_KEY);
    if (admitted == null) {
      throw new ApiException(ErrorCode.UNAUTHORIZED, Admission.NO_KEY);
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

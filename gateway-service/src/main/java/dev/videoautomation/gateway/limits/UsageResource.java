package dev.videoautomation.gateway.limits;

import java.time.format.DateTimeFormatter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import jakarta.validation.constraints.Size;
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

import com.fasterxml.jackson.annotation.JsonInclude;

import io.quarkus.runtime.annotations.RegisterForReflection;
import io.vertx.ext.web.RoutingContext;

import dev.videoautomation.gateway.admission.Admission;
import dev.videoautomation.gateway.admission.Admitted;
import dev.videoautomation.gateway.info.DiscoveryTag;
import dev.videoautomation.platform.errors.ApiException;
import dev.videoautomation.platform.errors.ErrorCode;
import dev.videoautomation.platform.limits.LimitBucket;

/**
 * {@code GET /v1/usage}: today's units per bucket for the caller's client and, when the caller holds a sub-key, that
 * sub-key's own buckets, caps and units beside them (issue 32).
 */
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

  /** One bucket as a sub-key sees it: its own cap (if any), what it took today, and what it may still take. */
  @RegisterForReflection
  @Schema(name = "UsageSubKeyWindow", description = "One bucket the sub-key may draw from: its own daily cap, the "
      + "units it took today, and what it may still take (the lower of its own cap's rest and its client's).")
  public record SubKeyWindow(
      @Schema(required = true, nullable = true, format = "int32", minimum = "0", maximum = "2147483647",
          example = "20", description = "The sub-key's own daily cap here; null when it has none (the client's "
              + "limit alone binds it).") Integer limit,
      @Schema(required = true, format = "int32", minimum = "0", maximum = "2147483647", example = "3") int used,
      @Schema(required = true, format = "int32", minimum = "0", maximum = "2147483647", example = "17")
      int remaining) {
  }

  /** The caller's sub-key: whose it is, what it may draw from, until when, and its use today. */
  @RegisterForReflection
  @Schema(name = "UsageSubKey", description = "The sub-key that made this call: its caps and today's use, beside its "
      + "client's. Its credit budget and spend are listed by `GET /v1/api_keys/{id}`.")
  public record SubKeyReport(
      @Schema(required = true, maxLength = 26, pattern = "^key_[0-9A-Za-z]{22}$",
          example = "key_8Jd0aZ9bC1dE2fG3hI4jK5") String keyId,
      @Schema(required = true, nullable = true, maxLength = 26, pattern = "^key_[0-9A-Za-z]{22}$",
          example = "key_2Pq0aZ9bC1dE2fG3hI4jK5", description = "The primary key that created it.")
      String parentKeyId,
      @Schema(required = true, nullable = true, maxItems = 64, description = "The metered buckets it may draw from; "
          + "null: every bucket. Unmetered calls need only its scopes.") List<@Size(max = 40) String> buckets,
      @Schema(required = true, nullable = true, format = "int64", minimum = "0",
          maximum = "9223372036854775807", example = "1764547200000",
          description = "When it stops working (epoch milliseconds); null: never.") Long expiresAt,
      @Schema(required = true, maxProperties = 64, description = "Each bucket it may draw from → its window.")
      Map<String, SubKeyWindow> usage) {
  }

  @RegisterForReflection
  @Schema(name = "UsageReport", description = "Today's use of every daily bucket of the caller's client, and of the "
      + "caller's sub-key when it is one.")
  public record UsageReport(
      @Schema(required = true, maxLength = 26, pattern = "^cli_[0-9A-Za-z]{22}$",
          example = "cli_5Hq0aZ9bC1dE2fG3hI4jK5") String clientId,
      @Schema(required = true, maxProperties = 64, description = "Bucket name (as in `/v1/pricing` and the "
          + "RateLimit headers) → its window.") Map<String, Window> usage,
      @Schema(required = true, format = "date-time", maxLength = 30, description = "The next 00:00 UTC, when "
          + "every bucket resets.", example = "2026-11-24T00:00:00Z") String resetsAt,
      @JsonInclude(JsonInclude.Include.NON_NULL) @Schema(description = "The caller's sub-key, its caps and today's "
          + "use; absent when the key is a client's primary key.") SubKeyReport subKey) {
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
        DateTimeFormatter.ISO_INSTANT.format(limits.nextReset()), admitted.subKey() ? subKey(admitted, usage) : null);
  }

  private SubKeyReport subKey(Admitted admitted, Map<String, Window> clientUsage) {
    var key = admitted.key();
    var used = limits.usedTodayByKey(admitted.keyId());
    var usage = new LinkedHashMap<String, SubKeyWindow>();
    for (var bucket : LimitBucket.values()) {
      if (key.allows(bucket)) {
        var cap = key.dailyCap(bucket);
        var took = used.getOrDefault(bucket, 0);
        var clientLeft = clientUsage.get(bucket.bucketName()).remaining();
        usage.put(bucket.bucketName(), new SubKeyWindow(cap, took,
            cap == null ? clientLeft : Math.min(clientLeft, Math.max(0, cap - took))));
      }
    }
    return new SubKeyReport(admitted.keyId(), key.parentKeyId(), key.buckets(), key.expiresAt(), usage);
  }
}

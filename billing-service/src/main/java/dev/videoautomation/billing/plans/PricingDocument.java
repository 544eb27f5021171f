package dev.videoautomation.billing.plans;

import java.math.BigDecimal;
import java.util.List;
import java.util.Map;

import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

import io.quarkus.runtime.annotations.RegisterForReflection;

import dev.videoautomation.platform.spending.CallCost;

/** The answer of {@code GET /v1/pricing}: the price list as callers read it. */
@RegisterForReflection
@Schema(name = "Pricing", description = "The plans with their price and daily limits, and what each "
    + "credit-charging operation costs.")
public record PricingDocument(
    @Schema(required = true, maxLength = 3, pattern = "^[a-z]{3}$", description = "ISO 4217, lower case.",
        example = "usd") String currency,
    @Schema(required = true, maxItems = 200) List<PlanOffer> plans,
    @Schema(required = true, maxItems = 200) List<Prices.OperationCost> operations,
    @Schema(required = true, maxItems = 500, description = "Every operation that spends, by operationId: the daily "
        + "bucket a call draws from and the credits it costs, priced from `operations`.")
    List<CallCost> callCosts,
    @Schema(required = true, maxLength = 32, description = "How to subscribe.", example = "POST /v1/subscribe")
    String subscribe,
    @Schema(required = true, format = "int64", minimum = "0", maximum = MAX_EPOCH_MS, description = "Epoch ms of "
        + "the newest change to any plan or price.") long updatedAt) {
  static final String MAX_EPOCH_MS = "253402300799999";
  static final String MAX_INT32 = "2147483647";

  /** One plan as offered. */
  @RegisterForReflection
  @Schema(name = "PricingPlan", description = "A plan: its price per interval, the credits granted each month and "
      + "the calls allowed per day per bucket (reset 00:00 UTC), exactly what the gateway enforces.")
  public record PlanOffer(
      @Schema(required = true, maxLength = 32, description = "The name POST /v1/subscribe takes.", example = "pro")
      String plan,
      @Schema(required = true, minimum = "0", description = "In the currency's major unit.", example = "99")
      BigDecimal price,
      @Schema(required = true, format = "int32", minimum = "0", maximum = MAX_INT32, example = "9900")
      int priceCents,
      @Schema(required = true, maxLength = 3, pattern = "^[a-z]{3}$", example = "usd") String currency,
      @Schema(required = true, example = "month") String interval,
      @Schema(required = true, format = "int32", minimum = "0", maximum = MAX_INT32, example = "500")
      int monthlyCredits,
      @Schema(required = true, implementation = Counts.class, description = "Calls per day by limit bucket "
          + "(watch, extract, scrape, …).",
          example = "{\"watch\": 50, \"scrape\": 500}") Map<String, Integer> dailyLimits) {
  }

  /** For the document only: a count in a map (a daily limit, a variant's credits). */
  @Schema(name = "PricingCount", type = SchemaType.INTEGER, format = "int32", minimum = "0", maximum = MAX_INT32)
  static final class Count {
  }

  /** For the document only: counts by name. */
  @Schema(name = "PricingCounts", type = SchemaType.OBJECT, additionalProperties = Count.class)
  static final class Counts {
  }

  static PricingDocument of(Prices prices) {
    return new PricingDocument(prices.currency(), prices.plans().stream().map(plan -> new PlanOffer(plan.plan(),
        BigDecimal.valueOf(plan.priceCents()).movePointLeft(2).stripTrailingZeros(), plan.priceCents(),
        prices.currency(), plan.interval(), plan.monthlyCredits(), plan.limits())).toList(), prices.operations(),
        CallCost.all(name -> prices.operations().stream().filter(o -> o.operation().equals(name)).findFirst()
            .map(Prices.OperationCost::priced)),
        "POST /v1/subscribe", prices.updatedAt());
  }
}

package dev.videoautomation.billing.plans;

import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.Map;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * {@code GET /v1/pricing} (public): the plans with their price and the daily limits the gateway enforces, and what
 * each credit-charging operation costs. Rendered from the same rows as {@code /internal/prices}, the gateway's
 * source for limits, so the two can never disagree.
 */
@Path("/v1/pricing")
@Tag(name = "Billing")
public class PricingResource {
  private final PriceList prices;

  PricingResource(PriceList prices) {
    this.prices = prices;
  }

  @GET
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(summary = "Plans, daily limits and credit costs", description = "One plan today: pro, $99 per month, "
      + "with a monthly credit grant. dailyLimits are calls per day per bucket (reset 00:00 UTC), exactly what the "
      + "gateway enforces. operations lists the credit cost of each credit-charging operation; an operation with "
      + "variants costs variants[attribute] (e.g. by resolution), else the default variant. Subscribe with "
      + "POST /v1/subscribe.")
  public Map<String, Object> pricing() {
    var current = prices.current();
    var body = new LinkedHashMap<String, Object>();
    body.put("currency", current.currency());
    body.put("plans", current.plans().stream().map(plan -> {
      var entry = new LinkedHashMap<String, Object>();
      entry.put("plan", plan.plan());
      entry.put("price", BigDecimal.valueOf(plan.priceCents()).movePointLeft(2).stripTrailingZeros());
      entry.put("priceCents", plan.priceCents());
      entry.put("currency", current.currency());
      entry.put("interval", plan.interval());
      entry.put("monthlyCredits", plan.monthlyCredits());
      entry.put("dailyLimits", plan.limits());
      return entry;
    }).toList());
    body.put("operations", current.operations());
    body.put("subscribe", "POST /v1/subscribe");
    body.put("updatedAt", current.updatedAt());
    return body;
  }
}

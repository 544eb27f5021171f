package dev.videoautomation.billing.plans;

import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

import io.quarkus.runtime.annotations.RegisterForReflection;

/**
 * The price list (docs/internal-api.md §3.4.4): plans with their daily limits, and what each credit-charging
 * operation costs. {@code /v1/pricing} renders the same document.
 */
@RegisterForReflection
public record Prices(String currency, List<PlanPrice> plans, List<OperationCost> operations, long updatedAt) {

  /** One plan: price, interval, monthly credit grant and every bucket's daily limit. */
  @RegisterForReflection
  public record PlanPrice(String plan, int priceCents, String interval, int monthlyCredits,
      Map<String, Integer> limits) {
  }

  /**
   * One operation. Cost of a charge = ({@code variants[attributes[by]]}, else {@code variants[default]}, else
   * {@code credits}) × quantity; {@code by}, {@code default} and {@code variants} are absent without variants.
   */
  @RegisterForReflection
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record OperationCost(String operation, String unit, int credits, String by,
      @JsonProperty("default") String defaultVariant, Map<String, Integer> variants) {
  }
}

package dev.videoautomation.billing.plans;

import java.util.List;
import java.util.Map;

import org.eclipse.microprofile.openapi.annotations.media.Schema;

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
  @Schema(name = "OperationCreditCost", description = "What one credit-charging operation costs: "
      + "variants[the request's `by` attribute], else variants[default], else credits; times the quantity. `by`, "
      + "`default` and `variants` are absent when the operation has no variants.")
  public record OperationCost(
      @Schema(required = true, example = "image.generate") String operation,
      @Schema(required = true, description = "What one quantity is.", example = "image") String unit,
      @Schema(required = true, format = "int32", minimum = "0", maximum = PricingDocument.MAX_INT32, example = "4")
      int credits,
      @Schema(description = "The request attribute that picks the variant.", example = "resolution") String by,
      @JsonProperty("default") @Schema(description = "The variant used when the attribute is absent or unknown.",
          example = "1K") String defaultVariant,
      @Schema(implementation = PricingDocument.Counts.class, description = "Credits by variant.",
          example = "{\"1K\": 4, \"2K\": 6, \"4K\": 10}")
      Map<String, Integer> variants) {

    /** The same price as the platform's callers read it (not billing's {@link PriceList}): one rule for every cost. */
    public dev.videoautomation.platform.calls.PriceList.PricedOperation priced() {
      return new dev.videoautomation.platform.calls.PriceList.PricedOperation(operation, unit, credits, by,
          defaultVariant, variants);
    }
  }
}

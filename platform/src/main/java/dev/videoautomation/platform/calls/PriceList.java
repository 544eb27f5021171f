package dev.videoautomation.platform.calls;

import java.util.List;
import java.util.Map;
import java.util.Optional;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

import io.quarkus.runtime.annotations.RegisterForReflection;

/** Billing's price list (docs/internal-api.md §3.4.4), as far as callers outside billing need it. */
@RegisterForReflection
@JsonIgnoreProperties(ignoreUnknown = true)
public record PriceList(String currency, List<PlanLimits> plans, List<PricedOperation> operations, Long updatedAt) {

  /** A plan's daily limits, bucket name to calls per day (what the gateway enforces and {@code /v1/info} shows). */
  @RegisterForReflection
  @JsonIgnoreProperties(ignoreUnknown = true)
  public record PlanLimits(String plan, Map<String, Integer> limits) {
  }

  @RegisterForReflection
  @JsonIgnoreProperties(ignoreUnknown = true)
  public record PricedOperation(String operation, String unit, int credits, String by,
      @com.fasterxml.jackson.annotation.JsonProperty("default") String defaultVariant,
      Map<String, Integer> variants) {

    /**
     * Credits for {@code quantity} units: the variant named by {@code attributes[by]}, else the default variant,
     * else the flat price — the same rule billing charges by.
     */
    public int cost(Map<String, String> attributes, int quantity) {
      var each = credits;
      if (variants != null && !variants.isEmpty()) {
        var chosen = by == null || attributes == null ? null : attributes.get(by);
        var price = chosen == null ? null : variants.get(chosen);
        if (price == null && defaultVariant != null) {
          price = variants.get(defaultVariant);
        }
        if (price != null) {
          each = price;
        }
      }
      return Math.multiplyExact(each, quantity);
    }
  }

  public Optional<PlanLimits> plan(String name) {
    return plans == null ? Optional.empty() : plans.stream().filter(p -> p.plan().equals(name)).findFirst();
  }

  public Optional<PricedOperation> operation(String name) {
    return operations == null ? Optional.empty()
        : operations.stream().filter(o -> o.operation().equals(name)).findFirst();
  }
}

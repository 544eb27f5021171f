package dev.videoautomation.billing.plans;

import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;

import io.quarkus.runtime.annotations.RegisterForReflection;

/** The plans and operation prices as one document (docs/internal-api.md §3.4.4); /v1/pricing renders the same. */
@ApplicationScoped
public class PriceList {

  @RegisterForReflection
  public record PlanPrice(String plan, int priceCents, String interval, int monthlyCredits,
      Map<String, Integer> limits) {
  }

  @RegisterForReflection
  public record Operation(String operation, String unit, int credits, String by, String defaultVariant,
      Map<String, Integer> variants) {
  }

  @RegisterForReflection
  public record Prices(String currency, List<PlanPrice> plans, List<Operation> operations, long updatedAt) {
  }

  @Transactional
  public Prices current() {
    List<Plan> plans = Plan.listAll();
    plans.sort(Comparator.comparing(p -> p.plan));
    List<OperationPrice> operations = OperationPrice.listAll();
    operations.sort(Comparator.comparing(o -> o.operation));
    var updatedAt = 0L;
    for (var plan : plans) {
      updatedAt = Math.max(updatedAt, plan.updatedAt.toEpochMilli());
    }
    for (var operation : operations) {
      updatedAt = Math.max(updatedAt, operation.updatedAt.toEpochMilli());
    }
    return new Prices(plans.isEmpty() ? "usd" : plans.getFirst().currency,
        plans.stream().map(p -> new PlanPrice(p.plan, p.priceCents, p.interval, p.monthlyCredits,
            new LinkedHashMap<>(p.dailyLimits))).toList(),
        operations.stream().map(o -> new Operation(o.operation, o.unit, o.credits, o.variantBy, o.defaultVariant,
            o.variants)).toList(),
        updatedAt);
  }
}

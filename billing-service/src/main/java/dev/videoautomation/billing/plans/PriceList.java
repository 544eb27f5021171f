package dev.videoautomation.billing.plans;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;

import dev.videoautomation.platform.limits.LimitBucket;

/** Reads the plans and operation prices as one {@link Prices} document. */
@ApplicationScoped
@Transactional(Transactional.TxType.SUPPORTS)
public class PriceList {
  private final PlanRepository plans;
  private final OperationPriceRepository operations;

  PriceList(PlanRepository plans, OperationPriceRepository operations) {
    this.plans = plans;
    this.operations = operations;
  }

  /** The current price list; {@code updatedAt} is the newest change to any plan or price. */
  public Prices current() {
    var planRows = plans.allByName();
    var operationRows = operations.allByName();
    var updatedAt = Stream.concat(planRows.stream().map(p -> p.updatedAt), operationRows.stream().map(o -> o.updatedAt))
        .max(Instant::compareTo).map(Instant::toEpochMilli).orElse(0L);
    return new Prices(planRows.isEmpty() ? "usd" : planRows.getFirst().currency,
        planRows.stream().map(PriceList::price).toList(),
        operationRows.stream().map(o -> new Prices.OperationCost(o.operation, o.unit, o.credits, o.variantBy,
            o.defaultVariant, o.variants == null ? null : new LinkedHashMap<>(o.variants))).toList(),
        updatedAt);
  }

  /** One plan's price and limits; empty when there is no such plan. */
  public Optional<Prices.PlanPrice> plan(String name) {
    return plans.byName(name).map(PriceList::price);
  }

  private static Prices.PlanPrice price(Plan plan) {
    return new Prices.PlanPrice(plan.plan, plan.priceCents, plan.interval, plan.monthlyCredits,
        inBucketOrder(plan.dailyLimits));
  }

  /** A plan's limits in the order of design §6 (jsonb keeps its own order), any name the platform lacks last. */
  public static Map<String, Integer> inBucketOrder(Map<String, Integer> limits) {
    var ordered = new LinkedHashMap<String, Integer>();
    for (var bucket : LimitBucket.values()) {
      var limit = limits.get(bucket.bucketName());
      if (limit != null) {
        ordered.put(bucket.bucketName(), limit);
      }
    }
    limits.forEach(ordered::putIfAbsent);
    return ordered;
  }
}

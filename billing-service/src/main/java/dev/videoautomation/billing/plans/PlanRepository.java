package dev.videoautomation.billing.plans;

import java.util.List;
import java.util.Optional;

import jakarta.enterprise.context.ApplicationScoped;

import io.quarkus.hibernate.orm.panache.PanacheRepositoryBase;
import io.quarkus.panache.common.Sort;

/** The plans, by name. */
@ApplicationScoped
public class PlanRepository implements PanacheRepositoryBase<Plan, String> {

  public Optional<Plan> byName(String plan) {
    return plan == null ? Optional.empty() : findByIdOptional(plan);
  }

  public List<Plan> allByName() {
    return listAll(Sort.by("plan"));
  }
}

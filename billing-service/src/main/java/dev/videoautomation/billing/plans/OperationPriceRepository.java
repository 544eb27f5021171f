package dev.videoautomation.billing.plans;

import java.util.List;

import jakarta.enterprise.context.ApplicationScoped;

import io.quarkus.hibernate.orm.panache.PanacheRepositoryBase;
import io.quarkus.panache.common.Sort;

/** The price list of credit-charging operations. */
@ApplicationScoped
public class OperationPriceRepository implements PanacheRepositoryBase<OperationPrice, String> {

  public List<OperationPrice> allByName() {
    return listAll(Sort.by("operation"));
  }
}

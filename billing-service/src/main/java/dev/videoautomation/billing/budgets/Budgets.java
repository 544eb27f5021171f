package dev.videoautomation.billing.budgets;

import java.util.List;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;

import dev.videoautomation.platform.errors.ApiException;
import dev.videoautomation.platform.errors.ErrorCode;

/** Per-key budgets as auth sets and reads them (docs/internal-api.md §3.19.2); the charge enforces them. */
@ApplicationScoped
public class Budgets {
  private final BudgetRepository budgets;

  Budgets(BudgetRepository budgets) {
    this.budgets = budgets;
  }

  /** Sets or removes (null) the key's budget; what the key spent is kept. A key of another client is 409. */
  @Transactional
  public Budget put(String keyId, String clientId, Integer creditBudget) {
    return budgets.put(keyId, clientId, creditBudget).orElseThrow(() -> new ApiException(ErrorCode.CONFLICT,
        "Key " + keyId + " belongs to another client; a key's budget stays with the client that owns the key."));
  }

  @Transactional
  public List<Budget> ofClient(String clientId) {
    return budgets.ofClient(clientId);
  }
}

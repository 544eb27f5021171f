package dev.videoautomation.billing.budgets;

import io.quarkus.runtime.annotations.RegisterForReflection;

/**
 * One key's credit budget and what it has spent (docs/internal-api.md §3.19.2).
 *
 * @param creditBudget the most the key may spend in total; null for no budget (only the client's balance limits it)
 * @param creditsSpent what the key's charges took, less what their refunds gave back
 */
@RegisterForReflection
public record Budget(String keyId, String clientId, Integer creditBudget, int creditsSpent) {

  /** What the key may still spend; empty without a budget. Never below zero (a budget may be lowered under it). */
  public java.util.OptionalInt left() {
    return creditBudget == null ? java.util.OptionalInt.empty()
        : java.util.OptionalInt.of(Math.max(0, creditBudget - creditsSpent));
  }

  /** What a caller of this key has left: the balance, or the lower of the balance and the budget left. */
  public int remaining(int balance) {
    return Math.min(balance, left().orElse(Integer.MAX_VALUE));
  }
}

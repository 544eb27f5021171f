package dev.videoautomation.billing.credits;

import java.time.Instant;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;

import io.quarkus.logging.Log;

/**
 * The credit ledger (design §7). Only grants are written today (an operator's subscription grant gives the plan's
 * monthly credits); charge and refund come with the credits issue.
 */
@ApplicationScoped
@Transactional(Transactional.TxType.REQUIRED)
public class CreditLedger {
  private final LedgerRepository ledger;

  CreditLedger(LedgerRepository ledger) {
    this.ledger = ledger;
  }

  /** Grants {@code credits} (≥ 1) once for {@code operationId}, in the caller's transaction; returns the entry. */
  public LedgerEntry grant(String clientId, String operationId, int credits, String reason, String actor) {
    var entry = new LedgerEntry();
    entry.clientId = clientId;
    entry.kind = LedgerEntry.GRANT;
    entry.operationId = operationId;
    entry.credits = credits;
    entry.balanceAfter = ledger.addToBalance(clientId, credits);
    entry.reason = reason;
    entry.actor = actor;
    entry.createdAt = Instant.now();
    ledger.persist(entry);
    Log.debugf("Granted %d credits to %s for %s (balance %d)", credits, clientId, operationId, entry.balanceAfter);
    return entry;
  }
}

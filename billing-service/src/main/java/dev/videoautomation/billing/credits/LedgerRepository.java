package dev.videoautomation.billing.credits;

import jakarta.enterprise.context.ApplicationScoped;

import io.quarkus.hibernate.orm.panache.PanacheRepository;

/** The credit ledger and the balance row each client's entries keep. */
@ApplicationScoped
public class LedgerRepository implements PanacheRepository<LedgerEntry> {

  /** Adds {@code credits} (≥ 0) to the client's balance in one statement and returns the new balance. */
  public int addToBalance(String clientId, int credits) {
    return ((Number) getEntityManager().createNativeQuery("""
        INSERT INTO credit_balances AS b (client_id, balance) VALUES (?1, ?2)
        ON CONFLICT (client_id) DO UPDATE SET balance = b.balance + excluded.balance, updated_at = now()
        RETURNING b.balance""").setParameter(1, clientId).setParameter(2, credits).getSingleResult()).intValue();
  }
}

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

  /** Takes {@code cost} from the balance if it is there, in one statement; the new balance, or empty when short. */
  public java.util.Optional<Integer> takeFromBalance(String clientId, int cost) {
    @SuppressWarnings("unchecked")
    java.util.List<Object> rows = getEntityManager().createNativeQuery("""
        UPDATE credit_balances SET balance = balance - ?2, updated_at = now()
        WHERE client_id = ?1 AND balance >= ?2 RETURNING balance""").setParameter(1, clientId).setParameter(2, cost)
        .getResultList();
    return rows.isEmpty() ? java.util.Optional.empty() : java.util.Optional.of(((Number) rows.getFirst()).intValue());
  }

  /** The client's balance; 0 for a client without one. */
  public int balance(String clientId) {
    @SuppressWarnings("unchecked")
    java.util.List<Object> rows = getEntityManager().createNativeQuery(
        "SELECT balance FROM credit_balances WHERE client_id = ?1").setParameter(1, clientId).getResultList();
    return rows.isEmpty() ? 0 : ((Number) rows.getFirst()).intValue();
  }

  /** Serialises every ledger write for one operation id until the transaction ends. */
  public void lockOperation(String operationId) {
    getEntityManager().createNativeQuery("SELECT pg_advisory_xact_lock(hashtextextended(?1, 1))")
        .setParameter(1, "credits:" + operationId).getSingleResult();
  }

  public java.util.Optional<LedgerEntry> find(String operationId, String kind) {
    return find("operationId = ?1 and kind = ?2", operationId, kind).firstResultOptional();
  }
}

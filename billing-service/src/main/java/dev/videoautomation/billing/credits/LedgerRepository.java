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

  /**
   * What {@link #takeFromKeyAndBalance} did: {@code keyTaken} false when the key's budget refused (then nothing was
   * taken), {@code balance} empty when the balance was short (then the key's spend was taken and the caller must roll
   * back), and the key's row as the statement left it.
   */
  public record KeyedTake(boolean keyTaken, java.util.Optional<Integer> balance, Integer creditBudget,
      int creditsSpent) {
  }

  /**
   * Takes {@code cost} from the key's budget and from the client's balance in one statement, so that concurrent
   * charges can never overrun either (docs/internal-api.md §3.19.2). The key's row is created on its first charge
   * (no budget: only its spend is counted) and locked for the transaction by the upsert, which always sees the latest
   * committed row; the balance is taken only when the key's spend was, and only if it covers the cost. The one case
   * the statement cannot undo itself, the key taken and the balance short, is rolled back by the caller's throw.
   */
  public KeyedTake takeFromKeyAndBalance(String clientId, String keyId, int cost) {
    var row = (Object[]) getEntityManager().createNativeQuery("""
        WITH spend AS (
          INSERT INTO key_budgets AS k (key_id, client_id, credits_spent) VALUES (?2, ?1, ?3)
          ON CONFLICT (key_id) DO UPDATE SET credits_spent = k.credits_spent + excluded.credits_spent,
            updated_at = now()
          WHERE k.client_id = excluded.client_id
            AND (k.credit_budget IS NULL OR k.credits_spent + excluded.credits_spent <= k.credit_budget)
          RETURNING k.credit_budget, k.credits_spent
        ), take AS (
          UPDATE credit_balances SET balance = balance - ?3, updated_at = now()
          WHERE client_id = ?1 AND balance >= ?3 AND EXISTS (SELECT 1 FROM spend)
          RETURNING balance
        )
        SELECT (SELECT count(*) FROM spend), (SELECT balance FROM take), (SELECT credit_budget FROM spend),
          (SELECT credits_spent FROM spend)""").setParameter(1, clientId).setParameter(2, keyId)
        .setParameter(3, cost).getSingleResult();
    var taken = ((Number) row[0]).intValue() == 1;
    return new KeyedTake(taken, java.util.Optional.ofNullable(row[1]).map(b -> ((Number) b).intValue()),
        row[2] == null ? null : ((Number) row[2]).intValue(), row[3] == null ? 0 : ((Number) row[3]).intValue());
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

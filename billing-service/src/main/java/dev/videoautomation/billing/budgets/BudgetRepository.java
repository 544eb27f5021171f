package dev.videoautomation.billing.budgets;

import java.util.List;
import java.util.Optional;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;

import org.hibernate.query.NativeQuery;

/** The {@code key_budgets} rows, in plain SQL: every write is one statement on the row. */
@ApplicationScoped
public class BudgetRepository {
  private static final String COLUMNS = "key_id, client_id, credit_budget, credits_spent";

  private final EntityManager em;

  BudgetRepository(EntityManager em) {
    this.em = em;
  }

  /**
   * Sets (or, with null, removes) the key's budget, keeping what it spent; empty when the key is another client's.
   */
  public Optional<Budget> put(String keyId, String clientId, Integer creditBudget) {
    return first(em.createNativeQuery("""
        INSERT INTO key_budgets AS k (key_id, client_id, credit_budget) VALUES (?1, ?2, ?3)
        ON CONFLICT (key_id) DO UPDATE SET credit_budget = excluded.credit_budget, updated_at = now()
        WHERE k.client_id = excluded.client_id
        RETURNING\s""" + COLUMNS).unwrap(NativeQuery.class).setParameter(1, keyId).setParameter(2, clientId)
        // typed, so that null binds as an integer and not as an untyped value Postgres cannot place
        .setParameter(3, creditBudget, Integer.class).getResultList());
  }

  public Optional<Budget> find(String keyId) {
    return first(em.createNativeQuery("SELECT " + COLUMNS + " FROM key_budgets WHERE key_id = ?1")
        .setParameter(1, keyId).getResultList());
  }

  /** The client's keys that have a budget or have spent, by key id. */
  public List<Budget> ofClient(String clientId) {
    return rows(em.createNativeQuery("SELECT " + COLUMNS + " FROM key_budgets WHERE client_id = ?1 ORDER BY key_id")
        .setParameter(1, clientId).getResultList());
  }

  /** Gives {@code credits} back to the key's spend (a refund), never below zero. */
  public void giveBack(String keyId, int credits) {
    em.createNativeQuery("""
        UPDATE key_budgets SET credits_spent = greatest(credits_spent - ?2, 0), updated_at = now()
        WHERE key_id = ?1""").setParameter(1, keyId).setParameter(2, credits).executeUpdate();
  }

  private static Optional<Budget> first(List<?> rows) {
    return rows(rows).stream().findFirst();
  }

  static List<Budget> rows(List<?> rows) {
    return rows.stream().map(row -> (Object[]) row).map(BudgetRepository::budget).toList();
  }

  /** A row of the four {@link #COLUMNS}, in their order. */
  public static Budget budget(Object[] row) {
    return new Budget((String) row[0], (String) row[1], row[2] == null ? null : ((Number) row[2]).intValue(),
        ((Number) row[3]).intValue());
  }
}

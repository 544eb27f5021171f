package dev.videoautomation.auth.clients;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;

/**
 * Serialises transactions that would otherwise race to insert the same unique value (an operationId, a recovery
 * address): a Postgres transaction-level advisory lock on a name, released at commit or rollback, so the second
 * transaction sees what the first committed instead of failing on the unique index.
 */
@ApplicationScoped
class AdvisoryLocks {
  private final EntityManager entityManager;

  AdvisoryLocks(EntityManager entityManager) {
    this.entityManager = entityManager;
  }

  /** Waits for the lock on {@code name}; the caller holds the transaction. */
  void lock(String name) {
    entityManager.createNativeQuery("SELECT pg_advisory_xact_lock(hashtextextended(?1, 0))")
        .setParameter(1, name).getSingleResult();
  }
}

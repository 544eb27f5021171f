package dev.videoautomation.billing.subscriptions;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.transaction.Transactional;

/**
 * Tells every gateway that a client's entitlement changed ({@code entitlement_events}, docs/internal-api.md §2).
 * It must run inside the transaction that makes the change (it refuses to run outside one), so the event is
 * delivered on commit and never before. Plan changes are announced by a database trigger (migration V3).
 */
@ApplicationScoped
public class EntitlementEvents {
  public static final String CHANNEL = "entitlement_events";

  private final EntityManager entityManager;

  EntitlementEvents(EntityManager entityManager) {
    this.entityManager = entityManager;
  }

  /** Queues {@code entitlement.changed} for {@code clientId} (a validated {@code cli_} id) until commit. */
  @Transactional(Transactional.TxType.MANDATORY)
  public void changed(String clientId) {
    entityManager.createNativeQuery("SELECT pg_notify(?1, ?2)")
        .setParameter(1, CHANNEL).setParameter(2, payload(clientId, System.currentTimeMillis())).getSingleResult();
  }

  static String payload(String clientId, long at) {
    return "{\"v\":1,\"event\":\"entitlement.changed\",\"clientId\":"
        + (clientId == null ? "null" : "\"" + clientId + "\"") + ",\"at\":" + at + "}";
  }
}

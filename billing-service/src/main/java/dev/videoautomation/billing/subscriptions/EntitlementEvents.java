package dev.videoautomation.billing.subscriptions;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;

/**
 * Tells every gateway that a client's entitlement changed ({@code entitlement_events}, docs/internal-api.md §2).
 * Called inside the transaction that makes the change, so the event is delivered on commit and never before.
 */
@ApplicationScoped
public class EntitlementEvents {
  static final String CHANNEL = "entitlement_events";

  private final EntityManager entityManager;

  EntitlementEvents(EntityManager entityManager) {
    this.entityManager = entityManager;
  }

  public void changed(String clientId) {
    var payload = "{\"v\":1,\"event\":\"entitlement.changed\",\"clientId\":"
        + (clientId == null ? "null" : "\"" + clientId + "\"") + ",\"at\":" + System.currentTimeMillis() + "}";
    entityManager.createNativeQuery("SELECT pg_notify(?1, ?2)")
        .setParameter(1, CHANNEL).setParameter(2, payload).getSingleResult();
  }
}

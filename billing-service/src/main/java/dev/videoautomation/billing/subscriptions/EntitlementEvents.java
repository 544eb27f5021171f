package dev.videoautomation.billing.subscriptions;

import java.util.LinkedHashMap;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.transaction.Transactional;

import dev.videoautomation.platform.notify.PgNotify;

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
    PgNotify.send(entityManager, CHANNEL, payload(clientId, System.currentTimeMillis()));
  }

  static String payload(String clientId, long at) {
    var ids = new LinkedHashMap<String, String>();
    ids.put("clientId", clientId);
    return PgNotify.payload("entitlement.changed", ids, at);
  }
}

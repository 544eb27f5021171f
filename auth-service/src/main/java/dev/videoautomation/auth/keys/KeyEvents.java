package dev.videoautomation.auth.keys;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;

/**
 * Tells every gateway that a key changed ({@code key_events}, docs/internal-api.md §2), inside the changing
 * transaction so the event leaves on commit. The payload names ids only, never a key or a hash.
 */
@ApplicationScoped
public class KeyEvents {
  private final EntityManager entityManager;

  KeyEvents(EntityManager entityManager) {
    this.entityManager = entityManager;
  }

  public void send(String event, String keyId, String clientId) {
    var payload = "{\"v\":1,\"event\":\"" + event + "\",\"keyId\":" + quoted(keyId) + ",\"clientId\":"
        + quoted(clientId) + ",\"at\":" + System.currentTimeMillis() + "}";
    entityManager.createNativeQuery("SELECT pg_notify('key_events', ?1)").setParameter(1, payload)
        .getSingleResult();
  }

  private static String quoted(String value) {
    return value == null ? "null" : "\"" + value + "\"";
  }
}

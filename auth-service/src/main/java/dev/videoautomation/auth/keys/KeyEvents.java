package dev.videoautomation.auth.keys;

import java.util.LinkedHashMap;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;

import dev.videoautomation.platform.notify.PgNotify;

/**
 * Tells every gateway that a key changed ({@code key_events}, docs/internal-api.md §2), inside the changing
 * transaction so the event leaves on commit. The payload names ids only, never a key or a hash.
 */
@ApplicationScoped
public class KeyEvents {
  static final String CHANNEL = "key_events";

  private final EntityManager entityManager;

  KeyEvents(EntityManager entityManager) {
    this.entityManager = entityManager;
  }

  public void send(String event, String keyId, String clientId) {
    var ids = new LinkedHashMap<String, String>();
    ids.put("keyId", keyId);
    ids.put("clientId", clientId);
    PgNotify.send(entityManager, CHANNEL, PgNotify.payload(event, ids, System.currentTimeMillis()));
  }
}

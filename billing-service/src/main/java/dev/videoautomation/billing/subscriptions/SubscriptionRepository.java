package dev.videoautomation.billing.subscriptions;

import java.util.Optional;

import jakarta.enterprise.context.ApplicationScoped;

import io.quarkus.hibernate.orm.panache.PanacheRepositoryBase;

/** Subscriptions by client. */
@ApplicationScoped
public class SubscriptionRepository implements PanacheRepositoryBase<Subscription, String> {

  public Optional<Subscription> ofClient(String clientId) {
    return findByIdOptional(clientId);
  }

  /**
   * Serialises every change to one client's subscription until the transaction ends, whether or not the row exists
   * yet (two first grants for one client must not both insert).
   */
  public void lockClient(String clientId) {
    getEntityManager().createNativeQuery("SELECT pg_advisory_xact_lock(hashtextextended(?1, 0))")
        .setParameter(1, "billing.subscriptions:" + clientId).getSingleResult();
  }
}

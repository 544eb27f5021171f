package dev.videoautomation.billing.subscriptions;

import java.time.Instant;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

/**
 * A client's subscription: one row per client, whatever its history. The provider columns are filled by checkout
 * (Stripe or local, a later issue); an operator's grant leaves them as they are.
 */
@Entity
@Table(name = "subscriptions")
public class Subscription {
  public static final String ACTIVE = "active";
  public static final String PAST_DUE = "past_due";
  public static final String CANCELED = "canceled";
  public static final String EXPIRED = "expired";

  @Id
  @Column(name = "client_id")
  public String clientId;

  public String plan;

  /** {@code active}, {@code past_due}, {@code canceled} or {@code expired}. */
  public String status;

  @Column(name = "period_end")
  public Instant periodEnd;

  /** How long a {@code past_due} subscription keeps working. */
  @Column(name = "grace_end")
  public Instant graceEnd;

  public String provider;

  @Column(name = "provider_subscription_id")
  public String providerSubscriptionId;

  /** When the newest provider event applied here was created; older events are not applied. */
  @Column(name = "provider_event_at")
  public Instant providerEventAt;

  @Column(name = "created_at")
  public Instant createdAt;

  @Column(name = "updated_at")
  public Instant updatedAt;
}

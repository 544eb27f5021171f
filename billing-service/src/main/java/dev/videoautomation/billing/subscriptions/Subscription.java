package dev.videoautomation.billing.subscriptions;

import java.time.Instant;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;

/** A client's subscription: one per client, whatever its history. */
@Entity
@Table(name = "subscriptions")
public class Subscription extends PanacheEntityBase {
  public static final String ACTIVE = "active";
  public static final String PAST_DUE = "past_due";
  public static final String CANCELED = "canceled";
  public static final String EXPIRED = "expired";

  @Id
  @Column(name = "client_id")
  public String clientId;

  public String plan;

  public String status;

  @Column(name = "period_end")
  public Instant periodEnd;

  @Column(name = "grace_end")
  public Instant graceEnd;

  public String provider;

  @Column(name = "provider_subscription_id")
  public String providerSubscriptionId;

  @Column(name = "created_at")
  public Instant createdAt;

  @Column(name = "updated_at")
  public Instant updatedAt;
}

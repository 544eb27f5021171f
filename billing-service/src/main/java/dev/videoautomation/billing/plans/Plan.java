package dev.videoautomation.billing.plans;

import java.time.Instant;
import java.util.Map;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import org.hibernate.annotations.JdbcTypeCode;
import org.hibernate.type.SqlTypes;

/** A plan as data: its price and interval, its monthly credit grant and its daily limit per bucket (design §6). */
@Entity
@Table(name = "plans")
public class Plan {
  public static final String PRO = "pro";

  @Id
  public String plan;

  @Column(name = "price_cents")
  public int priceCents;

  public String currency;

  @Column(name = "billing_interval")
  public String interval;

  @Column(name = "monthly_credits")
  public int monthlyCredits;

  /** Bucket name ({@code LimitBucket.bucketName()}) to calls per day. */
  @JdbcTypeCode(SqlTypes.JSON)
  @Column(name = "daily_limits")
  public Map<String, Integer> dailyLimits;

  @Column(name = "updated_at")
  public Instant updatedAt;
}

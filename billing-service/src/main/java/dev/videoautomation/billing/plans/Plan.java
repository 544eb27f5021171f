package dev.videoautomation.billing.plans;

import java.util.Map;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import org.hibernate.annotations.JdbcTypeCode;
import org.hibernate.type.SqlTypes;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;

/** A plan as data: its price and interval, its monthly credit grant and its daily limit per bucket. */
@Entity
@Table(name = "plans")
public class Plan extends PanacheEntityBase {
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

  @JdbcTypeCode(SqlTypes.JSON)
  @Column(name = "daily_limits")
  public Map<String, Integer> dailyLimits;

  @Column(name = "updated_at")
  public java.time.Instant updatedAt;
}

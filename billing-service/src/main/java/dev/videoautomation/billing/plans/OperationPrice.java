package dev.videoautomation.billing.plans;

import java.time.Instant;
import java.util.Map;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import org.hibernate.annotations.JdbcTypeCode;
import org.hibernate.type.SqlTypes;

/** The credit cost of one credit-charging operation, with price variants by one attribute (e.g. resolution). */
@Entity
@Table(name = "operation_prices")
public class OperationPrice {
  @Id
  public String operation;

  public String unit;

  public int credits;

  @Column(name = "variant_by")
  public String variantBy;

  @Column(name = "default_variant")
  public String defaultVariant;

  @JdbcTypeCode(SqlTypes.JSON)
  public Map<String, Integer> variants;

  @Column(name = "updated_at")
  public Instant updatedAt;
}

package dev.videoautomation.billing.credits;

import java.time.Instant;
import java.util.Map;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import org.hibernate.annotations.JdbcTypeCode;
import org.hibernate.type.SqlTypes;

/** One append-only line of the credit ledger (design §7): never updated, never deleted. */
@Entity
@Table(name = "credit_ledger")
public class LedgerEntry {
  public static final String GRANT = "grant";
  public static final String CHARGE = "charge";
  public static final String REFUND = "refund";

  @Id
  @GeneratedValue(strategy = GenerationType.IDENTITY)
  public Long id;

  @Column(name = "client_id")
  public String clientId;

  /** {@code grant}, {@code charge}, {@code refund} or {@code adjustment}. */
  public String kind;

  /** What the credits are for: an operator's {@code opr_}, a task's {@code img_}/{@code vid_}/... id. */
  @Column(name = "operation_id")
  public String operationId;

  /** The priced operation of a charge (docs/internal-api.md §3.4.4); null for grants. */
  public String operation;

  public Integer quantity;

  @JdbcTypeCode(SqlTypes.JSON)
  public Map<String, String> attributes;

  /** The key a charge was made with (its refund gives that key's budget back); null without one. */
  @Column(name = "key_id")
  public String keyId;

  /** Signed: positive for a grant or refund, negative for a charge. */
  public int credits;

  @Column(name = "balance_after")
  public int balanceAfter;

  public String reason;

  /** The token {@code sub} that caused it. */
  public String actor;

  @Column(name = "created_at")
  public Instant createdAt;
}

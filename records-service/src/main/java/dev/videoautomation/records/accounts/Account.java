package dev.videoautomation.records.accounts;

import java.time.Instant;
import java.util.Map;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Table;

import org.hibernate.annotations.JdbcTypeCode;
import org.hibernate.type.SqlTypes;

import dev.videoautomation.records.common.OwnedRecord;

/** A social account the client publishes to; also the row of its verification task while {@code creating}. */
@Entity
@Table(name = "accounts")
public class Account extends OwnedRecord {
  public static final String CREATING = "creating";
  public static final String ACTIVE = "active";
  public static final String FAILED = "failed";

  public String platform;
  public String name;
  public String status;
  public boolean verified;

  @Column(name = "failure_reason")
  public String failureReason;

  @Column(name = "display_name")
  public String displayName;

  public Long followers;

  @Column(name = "profile_url")
  public String profileUrl;

  @JdbcTypeCode(SqlTypes.JSON)
  public Map<String, Object> metadata;

  @Column(name = "credits_charged")
  public int creditsCharged;

  public int attempts;

  @Column(name = "next_attempt_at")
  public Instant nextAttemptAt;

  @Column(name = "lease_until")
  public Instant leaseUntil;

  @Column(name = "refund_due")
  public boolean refundDue;

  @Column(name = "refunded_at")
  public Instant refundedAt;

  /** What {@code failureReason} means for this account, as the job view's error says it. */
  @Column(name = "failure_message")
  public String failureMessage;

  /** The number of the account's last job event (docs/jobs.md): raised with every change of its status. */
  @Column(name = "event_seq")
  public long eventSeq;

  /** When its verification must have ended; past it a {@code creating} account fails {@code deadline_exceeded}. */
  @Column(name = "deadline_at")
  public Instant deadlineAt;

  @Column(name = "finished_at")
  public Instant finishedAt;

  /** The one-off receiver of its job events, given at creation. */
  @Column(name = "webhook_url")
  public String webhookUrl;
}

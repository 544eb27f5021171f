package dev.videoautomation.clone.webhooks;

import java.time.Instant;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

/** One webhook to send for one finished task, with its retry state; each HTTP attempt is a row of webhook_attempts. */
@Entity
@Table(name = "webhook_deliveries")
public class WebhookDelivery {
  @Id
  public String id;

  @Column(name = "task_id")
  public String taskId;

  public String url;

  /** {@code clone.video.succeeded}, {@code clone.video.failed} or {@code clone.video.canceled}. */
  public String event;

  /** The exact JSON sent (and signed) on every attempt. */
  public String body;

  /** {@code pending}, {@code delivered}, {@code failed} (attempts exhausted). */
  public String status;

  public int attempts;

  @Column(name = "next_attempt_at")
  public Instant nextAttemptAt;

  @Column(name = "locked_until")
  public Instant lockedUntil;

  @Column(name = "last_status_code")
  public Integer lastStatusCode;

  @Column(name = "last_error")
  public String lastError;

  @Column(name = "created_at")
  public Instant createdAt;

  @Column(name = "delivered_at")
  public Instant deliveredAt;

  /** A delivery of clone's own scheme (every one since issue 31 is: only legacy tasks queue them here). */
  public boolean legacy;
}

package dev.videoautomation.clone.webhooks;

import java.time.Instant;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

/** One HTTP attempt of a webhook delivery: what the receiver answered, or why it could not be reached. */
@Entity
@Table(name = "webhook_attempts")
public class WebhookAttempt {
  @Id
  @GeneratedValue(strategy = GenerationType.IDENTITY)
  public Long id;

  @Column(name = "delivery_id")
  public String deliveryId;

  public int attempt;

  @Column(name = "status_code")
  public Integer statusCode;

  public String error;

  @Column(name = "duration_ms")
  public int durationMs;

  @Column(name = "attempted_at")
  public Instant attemptedAt;
}

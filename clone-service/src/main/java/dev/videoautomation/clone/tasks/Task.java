package dev.videoautomation.clone.tasks;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import org.hibernate.annotations.JdbcTypeCode;
import org.hibernate.type.SqlTypes;

/** One asynchronous job (image, clone render or music) and everything a worker on any replica needs to go on with it. */
@Entity
@Table(name = "tasks")
public class Task {
  public static final String PENDING = "pending";
  public static final String RUNNING = "running";
  public static final String SUCCEEDED = "succeeded";
  public static final String FAILED = "failed";
  public static final String CANCELED = "canceled";
  static final Set<String> OPEN = Set.of(PENDING, RUNNING);
  /** The key of {@link #input} listing the {@code med_} ids in {@link #arguments} sent inline when submitted. */
  public static final String INLINE = "inline";

  @Id
  public String id;

  /** {@code image}, {@code video} or {@code music}. */
  public String kind;

  /** Why: {@code generate}, {@code character}, {@code frame} (images), {@code clone} (videos), {@code music}. */
  public String purpose;

  @Column(name = "client_id")
  public String clientId;

  public String status;

  public int progress;

  /** The provider model id the task runs on. */
  public String model;

  /** Generated videos: {@code clone}. */
  public String mode;

  public String prompt;

  /** Provider arguments ({@code arguments}) and the task's own inputs (source media ids and URLs). */
  @JdbcTypeCode(SqlTypes.JSON)
  public Map<String, Object> input;

  /** The billing operation charged (operationId = this id). */
  public String operation;

  @Column(name = "credits_charged")
  public int creditsCharged;

  @Column(name = "provider_request_id")
  public String providerRequestId;

  @Column(name = "provider_status_url")
  public String providerStatusUrl;

  @Column(name = "provider_response_url")
  public String providerResponseUrl;

  @Column(name = "provider_cancel_url")
  public String providerCancelUrl;

  @Column(name = "provider_status")
  public String providerStatus;

  @Column(name = "result_url")
  public String resultUrl;

  @Column(name = "result_media_id")
  public String resultMediaId;

  @JdbcTypeCode(SqlTypes.JSON)
  @Column(name = "result_urls")
  public List<String> resultUrls;

  @Column(name = "result_content_type")
  public String resultContentType;

  @Column(name = "result_duration_seconds")
  public Double resultDurationSeconds;

  @Column(name = "result_width")
  public Integer resultWidth;

  @Column(name = "result_height")
  public Integer resultHeight;

  /** Music: a cover image when the model made one. */
  @Column(name = "image_url")
  public String imageUrl;

  @Column(name = "error_code")
  public String errorCode;

  @Column(name = "error_message")
  public String errorMessage;

  public int attempts;

  public int polls;

  @Column(name = "next_attempt_at")
  public Instant nextAttemptAt;

  @Column(name = "locked_until")
  public Instant lockedUntil;

  @Column(name = "lease_token")
  public String leaseToken;

  @Column(name = "webhook_url")
  public String webhookUrl;

  @Column(name = "refund_state")
  public String refundState;

  @Column(name = "created_at")
  public Instant createdAt;

  @Column(name = "updated_at")
  public Instant updatedAt;

  @Column(name = "finished_at")
  public Instant finishedAt;

  /** The job's event sequence: raised by one in every write that changes the task (docs/internal-api.md §3.15). */
  @Column(name = "event_seq")
  public long eventSeq;

  /** Past this, an open task fails with {@code deadline_exceeded} (docs/jobs.md, "Deadlines and refunds"). */
  @Column(name = "deadline_at")
  public Instant deadlineAt;

  /** The first time the task was running; null before. */
  @Column(name = "started_at")
  public Instant startedAt;

  /** What billing confirmed it refunded; 0 until then. */
  @Column(name = "credits_refunded")
  public int creditsRefunded;

  /**
   * A task created before webhooks moved to records keeps clone's own {@code Webhook-Signature} delivery
   * ({@code webhooks/}); every newer task's {@code webhookUrl} is delivered by records from the outbox.
   */
  @Column(name = "webhook_legacy")
  public boolean webhookLegacy;

  public boolean open() {
    return OPEN.contains(status);
  }

  @SuppressWarnings("unchecked")
  public Map<String, Object> arguments() {
    return (Map<String, Object>) input.get("arguments");
  }

  /** The caller's stored objects whose bytes the provider is sent inline (their ids stand in the arguments). */
  @SuppressWarnings("unchecked")
  public List<String> inlineMedia() {
    var ids = input.get(INLINE);
    return ids instanceof List<?> list ? (List<String>) list : List.of();
  }

  public String inputText(String key) {
    var value = input.get(key);
    return value == null ? null : value.toString();
  }
}

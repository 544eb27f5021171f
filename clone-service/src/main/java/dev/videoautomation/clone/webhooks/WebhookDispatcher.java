package dev.videoautomation.clone.webhooks;

import java.time.Clock;
import java.time.Duration;
import java.time.temporal.ChronoUnit;
import java.util.LinkedHashMap;

import javax.sql.DataSource;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;

import io.quarkus.hibernate.orm.panache.Panache;
import io.quarkus.logging.Log;

import dev.videoautomation.clone.config.CloneConfig;
import dev.videoautomation.platform.work.WorkQueue;

/**
 * Sends due legacy webhooks (of tasks created before webhooks moved to records; the migration marked them): claims them ({@link WorkQueue}, like tasks), signs and POSTs each, records the attempt, and either
 * marks the delivery done (2xx) or schedules the next attempt with doubling backoff until
 * {@code clone.webhooks.max-attempts}.
 */
@ApplicationScoped
public class WebhookDispatcher {
  private final WorkQueue due;
  private final WebhookSender sender;
  private final WebhookSigner signer;
  private final CloneConfig config;
  private final Clock clock;

  public WebhookDispatcher(DataSource dataSource, WebhookSender sender, WebhookSigner signer, CloneConfig config,
      Clock clock) {
    this.due = WorkQueue.of(dataSource, "clone.webhook_deliveries", "status = 'pending' AND legacy AND next_attempt_at <= now()",
        "next_attempt_at", "locked_until");
    this.sender = sender;
    this.signer = signer;
    this.config = config;
    this.clock = clock;
  }

  public void deliverDue() {
    var lease = config.webhooks().timeout().multipliedBy(3);
    for (var id : due.claim(20, lease)) {
      var delivery = load(id);
      if (delivery == null || !signer.configured()) {
        continue;
      }
      long timestamp = clock.instant().getEpochSecond();
      var headers = new LinkedHashMap<String, String>();
      headers.put("Webhook-Id", delivery.id);
      headers.put("Webhook-Timestamp", String.valueOf(timestamp));
      headers.put(WebhookSigner.HEADER, signer.signature(delivery.taskId, timestamp, delivery.body));
      headers.put("User-Agent", "video-automation-webhooks/1");
      long started = System.nanoTime();
      var outcome = sender.post(delivery.url, delivery.body, headers);
      record(id, outcome, (int) ((System.nanoTime() - started) / 1_000_000));
    }
  }

  @Transactional
  WebhookDelivery load(String id) {
    return Panache.getEntityManager().find(WebhookDelivery.class, id);
  }

  @Transactional
  void record(String id, WebhookSender.Outcome outcome, int durationMs) {
    var em = Panache.getEntityManager();
    var delivery = em.find(WebhookDelivery.class, id);
    delivery.attempts++;
    delivery.lastStatusCode = outcome.statusCode();
    delivery.lastError = outcome.error();
    delivery.lockedUntil = null;
    var now = clock.instant().truncatedTo(ChronoUnit.MILLIS);
    var attempt = new WebhookAttempt();
    attempt.deliveryId = id;
    attempt.attempt = delivery.attempts;
    attempt.statusCode = outcome.statusCode();
    attempt.error = outcome.error();
    attempt.durationMs = durationMs;
    attempt.attemptedAt = now;
    em.persist(attempt);
    if (outcome.delivered()) {
      delivery.status = "delivered";
      delivery.deliveredAt = now;
    } else if (delivery.attempts >= config.webhooks().maxAttempts()) {
      delivery.status = "failed";
      Log.infof("Webhook %s for %s gave up after %d attempts", id, delivery.taskId, delivery.attempts);
    } else {
      var wait = config.webhooks().initialBackoff().multipliedBy(1L << Math.min(delivery.attempts - 1, 12));
      delivery.nextAttemptAt = now.plus(wait.compareTo(Duration.ofHours(6)) > 0 ? Duration.ofHours(6) : wait);
    }
  }
}

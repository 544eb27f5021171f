package dev.videoautomation.records.webhooks;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;

import javax.sql.DataSource;

import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;

import io.quarkus.logging.Log;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.scheduler.Scheduled;

import dev.videoautomation.platform.webhooks.StandardWebhooks;
import dev.videoautomation.platform.webhooks.WebhookSecrets;
import dev.videoautomation.platform.work.WorkQueue;

/**
 * Sends due deliveries, on every replica. A run claims due deliveries with a lease ({@link WorkQueue}: replicas never
 * send the same one at once, and one whose replica died is due again when its lease runs out) and sends each on a
 * bounded pool, then records the attempt:
 * <ul>
 *   <li>any 2xx → {@code delivered};</li>
 *   <li>410 → {@code failed}, and the endpoint is disabled ({@code gone});</li>
 *   <li>anything else (another status, a timeout, a refused or unreachable URL) → tried again after an exponential
 *   backoff with jitter, until {@code records.webhooks.retry-for} (24 h) after the delivery was made, when one last
 *   attempt is made; if it fails too the delivery is {@code failed} and the endpoint disabled ({@code failing}).</li>
 * </ul>
 * Disabling an endpoint fails its other pending deliveries (the client redelivers them from the log once enabled).
 *
 * <p>At most {@value #IN_FLIGHT_PER_ENDPOINT} deliveries per endpoint are in flight across all replicas: an endpoint's
 * claims are taken one replica at a time (a lock per endpoint, held by the claiming transaction) and count the leases
 * still held. Each attempt is signed afresh ({@code webhook-timestamp} now) with the endpoint's current secret and,
 * during a rotation's overlap, its previous one; {@code webhook-id} is the event's id on every attempt.
 * Neither secrets nor signatures are ever logged.
 */
@ApplicationScoped
public class DeliveryWorker {
  static final int IN_FLIGHT_PER_ENDPOINT = 4;
  private static final int ENDPOINTS_PER_RUN = 50;

  private final Sql sql;
  private final WorkQueue endpointQueue;
  private final WorkQueue oneOffQueue;
  private final WebhookSender sender;
  private final WebhookSecrets secrets;
  private final WebhooksConfig config;
  private final Clock clock;
  private final Semaphore slots;
  private final ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor();
  private final Duration lease;
  private long lastPurgeNanos = System.nanoTime() - Duration.ofMinutes(10).toNanos();

  public DeliveryWorker(DataSource dataSource, WebhookSender sender, WebhookSecrets secrets, WebhooksConfig config,
      Clock clock) {
    this.sql = new Sql(dataSource);
    this.endpointQueue = WorkQueue.of(dataSource, "records.webhook_deliveries",
        "endpoint_id = ? AND status = 'pending' AND next_attempt_at <= now()", "next_attempt_at, id", "locked_until");
    this.oneOffQueue = WorkQueue.of(dataSource, "records.webhook_deliveries",
        "endpoint_id IS NULL AND status = 'pending' AND next_attempt_at <= now()", "next_attempt_at, id",
        "locked_until");
    this.sender = sender;
    this.secrets = secrets;
    this.config = config;
    this.clock = clock;
    this.slots = new Semaphore(config.concurrency());
    // The lease outlives an attempt (its timeout) by a wide margin: it only runs out when the replica died.
    this.lease = config.timeout().multipliedBy(3);
  }

  @Scheduled(every = "{records.webhooks.every:1s}", concurrentExecution = Scheduled.ConcurrentExecution.SKIP,
      identity = "webhook-deliveries")
  void scheduled() {
    try {
      runOnce();
      if (System.nanoTime() - lastPurgeNanos >= Duration.ofMinutes(10).toNanos()) {
        lastPurgeNanos = System.nanoTime();
        purge();
      }
    } catch (RuntimeException e) {
      // The database is away: the deliveries wait, the next run tries again.
      Log.warnf("The webhook delivery worker could not run: %s", e.getMessage());
    }
  }

  /** One run: claims what is due and free slots allow, and starts sending it. Answers how many were claimed. */
  public int runOnce() {
    if (!secrets.configured()) {
      return 0;
    }
    var claimed = new ArrayList<String>();
    var endpoints = sql.list("SELECT DISTINCT d.endpoint_id FROM records.webhook_deliveries d "
        + "JOIN records.webhook_endpoints w ON w.id = d.endpoint_id AND w.status = 'enabled' "
        + "WHERE d.status = 'pending' AND d.next_attempt_at <= now() AND (d.locked_until IS NULL OR "
        + "d.locked_until < now()) LIMIT " + ENDPOINTS_PER_RUN, row -> row.getString(1));
    for (var endpoint : endpoints) {
      int free = slots.availablePermits() - claimed.size();
      if (free <= 0) {
        break;
      }
      claimed.addAll(QuarkusTransaction.requiringNew().call(() -> claimFor(endpoint, free)));
    }
    int free = slots.availablePermits() - claimed.size();
    if (free > 0) {
      claimed.addAll(oneOffQueue.claim(free, lease));
    }
    for (var id : claimed) {
      slots.acquireUninterruptibly();
      pool.execute(() -> {
        try {
          attempt(id);
        } catch (RuntimeException e) {
          // The lease runs out and another run tries again.
          Log.warnf("A webhook attempt of %s could not be recorded: %s", id, e.getMessage());
        } finally {
          slots.release();
        }
      });
    }
    return claimed.size();
  }

  /** For tests: waits until no attempt is running. */
  public boolean awaitIdle(Duration timeout) throws InterruptedException {
    if (slots.tryAcquire(config.concurrency(), timeout.toMillis(), TimeUnit.MILLISECONDS)) {
      slots.release(config.concurrency());
      return true;
    }
    return false;
  }

  /** Up to {@code free} of the endpoint's due deliveries, never more than four in flight for it in all. */
  private List<String> claimFor(String endpoint, int free) {
    sql.lock("webhook-endpoint:" + endpoint);
    long inFlight = sql.one("SELECT count(*) FROM records.webhook_deliveries WHERE endpoint_id = ? "
        + "AND status = 'pending' AND locked_until > now()", row -> row.getLong(1), endpoint).orElse(0L);
    int room = (int) Math.min(free, IN_FLIGHT_PER_ENDPOINT - inFlight);
    return room <= 0 ? List.of() : endpointQueue.claim(room, lease, endpoint);
  }

  /** One claimed delivery as it is to be sent; {@code url} is the endpoint's, or the one-off receiver's. */
  private record Attempt(String id, String eventId, String jobId, String endpointId, String url, String body,
      Long generation, Instant previousSignsUntil, String status, String endpointStatus) {
  }

  private void attempt(String id) {
    var attempt = QuarkusTransaction.requiringNew().call(() -> load(id));
    if (attempt == null) {
      return;
    }
    if (!"pending".equals(attempt.status()) || attempt.endpointId() != null
        && !WebhookEndpoints.ENABLED.equals(attempt.endpointStatus())) {
      release(id);
      return;
    }
    var headers = StandardWebhooks.headers(attempt.eventId(), clock.instant().getEpochSecond(), attempt.body(),
        signingSecrets(attempt));
    var outcome = sender.post(attempt.url(), attempt.body(), headers);
    QuarkusTransaction.requiringNew().run(() -> record(attempt, outcome));
  }

  private Attempt load(String id) {
    return sql.one("SELECT d.id, d.event_id, e.job_id, d.endpoint_id, coalesce(w.url, d.url) AS url, e.body, "
        + "w.generation, w.previous_signs_until, d.status, w.status AS endpoint_status "
        + "FROM records.webhook_deliveries d JOIN records.webhook_events e ON e.id = d.event_id "
        + "LEFT JOIN records.webhook_endpoints w ON w.id = d.endpoint_id WHERE d.id = ?", row -> {
          long generation = row.getLong("generation");
          Long generationOrNull = row.wasNull() ? null : generation;
          return new Attempt(row.getString("id"), row.getString("event_id"), row.getString("job_id"),
              row.getString("endpoint_id"), row.getString("url"), row.getString("body"), generationOrNull,
              Sql.instant(row, "previous_signs_until"), row.getString("status"), row.getString("endpoint_status"));
        }, id).orElse(null);
  }

  /** The endpoint's current secret, and its previous one while the rotation's overlap lasts; a job's own secret. */
  private List<String> signingSecrets(Attempt attempt) {
    if (attempt.endpointId() == null) {
      return List.of(secrets.jobSecret(attempt.jobId()));
    }
    var current = secrets.endpointSecret(attempt.endpointId(), attempt.generation());
    if (attempt.generation() > 1 && attempt.previousSignsUntil() != null
        && clock.instant().isBefore(attempt.previousSignsUntil())) {
      return List.of(current, secrets.endpointSecret(attempt.endpointId(), attempt.generation() - 1));
    }
    return List.of(current);
  }

  private void release(String id) {
    sql.update("UPDATE records.webhook_deliveries SET locked_until = NULL WHERE id = ?", id);
  }

  private void record(Attempt attempt, WebhookSender.Outcome outcome) {
    var now = clock.instant().truncatedTo(ChronoUnit.MILLIS);
    var common = "attempts = attempts + 1, last_status_code = ?, last_error = ?, last_response = ?, "
        + "last_attempt_at = ?, locked_until = NULL";
    Object[] answer = {outcome.statusCode(), outcome.error(), outcome.response(), now};
    if (outcome.delivered()) {
      update(attempt.id(), "status = 'delivered', delivered_at = ?, next_attempt_at = NULL, " + common, now, answer);
      return;
    }
    record Progress(Instant giveUpAt, int attempts) {
    }
    var progress = sql.one("SELECT give_up_at, attempts FROM records.webhook_deliveries WHERE id = ?",
        row -> new Progress(Sql.instant(row, "give_up_at"), row.getInt("attempts") + 1), attempt.id())
        .orElse(new Progress(now, 1));
    boolean gone = outcome.statusCode() != null && outcome.statusCode() == 410;
    if (gone || !now.isBefore(progress.giveUpAt())) {
      update(attempt.id(), "status = 'failed', next_attempt_at = NULL, " + common, null, answer);
      if (attempt.endpointId() != null) {
        disable(attempt.endpointId(), gone ? "gone" : "failing", now);
      }
      Log.infof("Webhook delivery %s of %s failed for good after %d attempts (%s)", attempt.id(), attempt.eventId(),
          progress.attempts(), outcome.statusCode() == null ? "no answer" : "status " + outcome.statusCode());
      return;
    }
    var next = now.plus(backoff(progress.attempts()));
    update(attempt.id(), "next_attempt_at = ?, " + common, next.isAfter(progress.giveUpAt()) ? progress.giveUpAt()
        : next, answer);
  }

  private void update(String id, String set, Instant first, Object[] answer) {
    var arguments = new ArrayList<>();
    if (first != null) {
      arguments.add(first);
    }
    Collections.addAll(arguments, answer);
    arguments.add(id);
    sql.update("UPDATE records.webhook_deliveries SET " + set + " WHERE id = ?", arguments.toArray());
  }

  /** Disables the endpoint and fails its other pending deliveries: nothing more is sent until it is enabled. */
  private void disable(String endpointId, String reason, Instant now) {
    if (sql.update("UPDATE records.webhook_endpoints SET status = 'disabled', disabled_reason = ?, updated_at = ? "
        + "WHERE id = ? AND status = 'enabled'", reason, now, endpointId) > 0) {
      sql.update("UPDATE records.webhook_deliveries SET status = 'failed', next_attempt_at = NULL, last_error = "
          + "coalesce(last_error, ?) WHERE endpoint_id = ? AND status = 'pending' AND (locked_until IS NULL "
          + "OR locked_until < now())", "not sent: the endpoint was disabled (" + reason + ")", endpointId);
      Log.infof("Webhook endpoint %s disabled: %s", endpointId, reason);
    }
  }

  /**
   * The pause after the {@code attempts}-th failure: the initial backoff doubled per failure, capped, and drawn between
   * half and all of that ("equal jitter"), so receivers that failed together are not retried together.
   */
  Duration backoff(int attempts) {
    var initial = config.initialBackoff().toMillis();
    long full = Math.min(config.maxBackoff().toMillis(), initial << Math.min(Math.max(attempts - 1, 0), 30));
    long half = full / 2;
    return Duration.ofMillis(half + (half == 0 ? 0 : ThreadLocalRandom.current().nextLong(half + 1)));
  }

  /** Deletes events (and their deliveries) received longer ago than {@code records.webhooks.keep}. */
  void purge() {
    sql.update("DELETE FROM records.webhook_events WHERE id IN (SELECT id FROM records.webhook_events "
        + "WHERE received_at < ? LIMIT 1000)", clock.instant().minus(config.keep()));
  }

  @PreDestroy
  void stop() {
    pool.shutdownNow();
  }
}

package dev.videoautomation.auth.leaks;

import java.sql.Timestamp;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicBoolean;

import javax.sql.DataSource;

import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;

import io.quarkus.logging.Log;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.scheduler.Scheduled;

import dev.videoautomation.auth.clients.RecoveryAddresses;
import dev.videoautomation.auth.keys.KeyEvents;
import dev.videoautomation.auth.mail.CodeMail;
import dev.videoautomation.platform.events.Outbox;
import dev.videoautomation.platform.jobs.JobEventType;
import dev.videoautomation.platform.work.WorkQueue;

/**
 * Revokes the keys of queued leak reports ({@link LeakReports}), after the answer: woken by each report once its
 * answer has been sent, and every {@code auth.leaks.sweep-every} (5 s) on every replica for reports a replica left
 * behind (it died, or the database was away). Reports are claimed with a lease ({@link WorkQueue}), so two replicas
 * never handle one report.
 *
 * <p>Every report runs the same statement, whatever its key: it deletes the report and, in the same statement, revokes
 * the key it names if that key still works. Only a key that was revoked then goes on: the {@code key.revoked}
 * notification to every gateway ({@code key_events}, evicted within a second) and the {@code key.revoked} webhook
 * event (the outbox, in the transaction that revokes), and after commit a mail to the client's verified recovery
 * address. None of these holds the key or its hash.
 *
 * <p>Sub-keys (issue 32 §3): a reported primary key takes every sub-key it created with it, in the same statement
 * ({@link #REVOKE} matches the key and the keys whose parent it is). Each key revoked gets its own notification and
 * webhook event; the owner gets one mail per report, naming the reported key and the sub-keys revoked with it.
 */
@ApplicationScoped
public class LeakRevocations {
  static final int BATCH = 20;
  static final Duration LEASE = Duration.ofSeconds(30);
  static final String REASON = "leaked";
  private static final String REVOKE = """
      WITH report AS (DELETE FROM leak_reports WHERE id = ?1 RETURNING key_id)
      UPDATE api_keys SET status = 'revoked', ended_at = ?2 FROM report
      WHERE (api_keys.id = report.key_id OR api_keys.parent_key_id = report.key_id) AND api_keys.status = 'active'
        AND (api_keys.expires_at IS NULL OR api_keys.expires_at > ?2)
      RETURNING api_keys.id, api_keys.client_id, report.key_id""";

  private final WorkQueue reports;
  private final EntityManager entityManager;
  private final KeyEvents keyEvents;
  private final Outbox outbox;
  private final RecoveryAddresses addresses;
  private final CodeMail mail;
  private final Clock clock;
  private final AtomicBoolean pending = new AtomicBoolean();
  private final ExecutorService worker = Executors.newSingleThreadExecutor(Thread.ofPlatform()
      .name("leak-revocations").daemon().factory());

  LeakRevocations(DataSource dataSource, EntityManager entityManager, KeyEvents keyEvents, Outbox outbox,
      RecoveryAddresses addresses, CodeMail mail, Clock clock) {
    this.reports = WorkQueue.of(dataSource, "auth.leak_reports", "true", "position", "locked_until");
    this.entityManager = entityManager;
    this.keyEvents = keyEvents;
    this.outbox = outbox;
    this.addresses = addresses;
    this.mail = mail;
    this.clock = clock;
  }

  /**
   * What one report revoked: the reported key (itself revoked now or not: it may have ended before, its sub-keys
   * not), the sub-keys revoked with it, and where to tell the owner (empty: no verified recovery address).
   */
  record Revoked(String keyId, boolean keyRevoked, List<String> subKeyIds, String clientId, Instant at,
      Optional<String> address) {
  }

  /** One batch: how many reports were claimed, and the keys they revoked. */
  record Batch(int claimed, List<Revoked> revoked) {
  }

  /**
   * Handles the queued reports soon, on the worker's own thread (never the caller's, and outside any request: the
   * revocation is no part of the reporter's request, its trace or its log context). A wake while a round waits to run
   * is already served by it; a wake during a round queues one more.
   */
  public void wake() {
    if (pending.compareAndSet(false, true)) {
      worker.execute(() -> {
        pending.set(false);
        drain();
      });
    }
  }

  @Scheduled(identity = "leak-revocations", every = "${auth.leaks.sweep-every:5s}", delayed = "5s",
      concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
  void sweep() {
    wake();
  }

  @PreDestroy
  void stop() {
    worker.shutdownNow();
  }

  /** Handles due reports until none is left (or the database fails); answers how many keys were revoked. */
  int drain() {
    int revoked = 0;
    while (true) {
      Batch batch;
      try {
        batch = QuarkusTransaction.requiringNew().call(this::revokeDue);
      } catch (RuntimeException e) {
        // The reports stay queued (the claim rolled back with the rest) for the next round or sweep.
        Log.warnf("Revoking reported keys failed; trying again at the next sweep: %s", e.getMessage());
        return revoked;
      }
      for (var key : batch.revoked()) {
        // After commit: the mail never holds the revocation up, and an unconfigured or failing mail server fails
        // nothing (CodeMail logs and gives up).
        key.address().ifPresent(to -> mail.keyRevoked(to, key.keyId(), key.keyRevoked(), key.subKeyIds(),
            key.at()));
      }
      revoked += batch.revoked().size();
      if (batch.claimed() < BATCH) {
        return revoked;
      }
    }
  }

  private Batch revokeDue() {
    var ids = reports.claim(BATCH, LEASE);
    var revoked = new ArrayList<Revoked>();
    for (var id : ids) {
      var at = clock.instant().truncatedTo(ChronoUnit.MILLIS);
      @SuppressWarnings("unchecked")
      List<Object[]> rows = entityManager.createNativeQuery(REVOKE).setParameter(1, id)
          .setParameter(2, Timestamp.from(at)).getResultList();
      if (rows.isEmpty()) {
        continue;
      }
      var reported = (String) rows.get(0)[2];
      var clientId = (String) rows.get(0)[1];
      var reportedRevoked = false;
      var subKeyIds = new ArrayList<String>();
      for (var row : rows) {
        var keyId = (String) row[0];
        keyEvents.send(JobEventType.KEY_REVOKED, keyId, clientId);
        var data = new LinkedHashMap<String, Object>();
        data.put("keyId", keyId);
        data.put("revokedAt", at.toEpochMilli());
        data.put("reason", REASON);
        outbox.add(JobEventType.KEY_REVOKED, clientId, data);
        if (keyId.equals(reported)) {
          reportedRevoked = true;
        } else {
          subKeyIds.add(keyId);
        }
      }
      revoked.add(new Revoked(reported, reportedRevoked, subKeyIds, clientId, at,
          addresses.verifiedAddressOf(clientId)));
    }
    return new Batch(ids.size(), revoked);
  }
}

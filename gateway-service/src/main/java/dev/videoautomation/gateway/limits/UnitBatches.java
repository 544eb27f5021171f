package dev.videoautomation.gateway.limits;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;

import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;

import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.core.WorkerExecutor;

import dev.videoautomation.platform.limits.LimitBucket;

/**
 * Daily units for the calls that arrive together, taken in one transaction ({@link DailyLimits#takeAll}) instead
 * of one statement each: calls wait in a queue while at most {@link #IN_FLIGHT} batches are with the database, and
 * each batch takes whatever has queued up by the time it starts. The count stays exact (the database grants a
 * client's calls in one locked update, never past the limit); what changes under load is the number of round trips
 * and commits, which no longer grows with the calls.
 */
@ApplicationScoped
public class UnitBatches {
  /** Batches with the database at once; more only queue on its row locks and connections. */
  static final int IN_FLIGHT = 4;
  /** Calls in one batch at most, so one statement's arrays stay small. */
  static final int MAX_BATCH = 512;

  private final DailyLimits limits;
  private final WorkerExecutor workers;
  private final ConcurrentLinkedQueue<Waiting> queue = new ConcurrentLinkedQueue<>();
  private final AtomicInteger running = new AtomicInteger();

  UnitBatches(DailyLimits limits, Vertx vertx) {
    this.limits = limits;
    this.workers = vertx.createSharedWorkerExecutor("vas-daily-units", IN_FLIGHT);
  }

  @PreDestroy
  void close() {
    workers.close();
  }

  private record Waiting(String clientId, LimitBucket bucket, int limit, Context context,
      Promise<DailyLimits.Outcome> promise) {
  }

  /**
   * Takes one unit of {@code bucket} for the client if fewer than {@code limit} were taken today; the answer comes
   * back on the caller's Vert.x context.
   */
  public Future<DailyLimits.Outcome> take(String clientId, LimitBucket bucket, int limit) {
    if (limit <= 0) {
      return Future.succeededFuture(new DailyLimits.Outcome(false, bucket, 0, 0, limits.today(),
          limits.secondsToReset()));
    }
    var promise = Promise.<DailyLimits.Outcome>promise();
    queue.add(new Waiting(clientId, bucket, limit, Vertx.currentContext(), promise));
    startIfRoom();
    return promise.future();
  }

  private void startIfRoom() {
    while (!queue.isEmpty()) {
      var now = running.get();
      if (now >= IN_FLIGHT) {
        return;
      }
      if (running.compareAndSet(now, now + 1)) {
        workers.executeBlocking(() -> {
          drain();
          return null;
        }, false);
        return;
      }
    }
  }

  /** Runs batches until the queue is empty; a call queued while this one stops is picked up by the re-check. */
  private void drain() {
    try {
      List<Waiting> batch;
      while (!(batch = next()).isEmpty()) {
        settle(batch);
      }
    } finally {
      running.decrementAndGet();
      startIfRoom();
    }
  }

  private List<Waiting> next() {
    var batch = new ArrayList<Waiting>();
    Waiting waiting;
    while (batch.size() < MAX_BATCH && (waiting = queue.poll()) != null) {
      batch.add(waiting);
    }
    return batch;
  }

  /** One transaction for the batch; each client's calls are admitted in the order they queued, up to the limit. */
  private void settle(List<Waiting> batch) {
    var day = limits.today();
    var resetSeconds = limits.secondsToReset();
    var byRow = new LinkedHashMap<String, List<Waiting>>();
    batch.forEach(w -> byRow.computeIfAbsent(w.clientId() + '\u0000' + w.bucket().name(), k -> new ArrayList<>())
        .add(w));
    var wants = new LinkedHashMap<DailyLimits.Want, List<Waiting>>();
    byRow.values().forEach(calls -> {
      var first = calls.getFirst();
      // Calls of one client may carry different limits while its plan changes: the lowest holds for the batch.
      var limit = calls.stream().mapToInt(Waiting::limit).min().orElseThrow();
      wants.put(new DailyLimits.Want(first.clientId(), first.bucket(), calls.size(), limit), calls);
    });
    Map<DailyLimits.Want, DailyLimits.Taken> taken;
    try {
      taken = limits.takeAll(List.copyOf(wants.keySet()), day);
    } catch (RuntimeException e) {
      batch.forEach(w -> answer(w, Future.failedFuture(e)));
      return;
    }
    wants.forEach((want, calls) -> {
      var counted = taken.get(want);
      var granted = counted == null ? 0 : counted.granted();
      for (int i = 0; i < calls.size(); i++) {
        var call = calls.get(i);
        var admitted = i < granted;
        var remaining = admitted ? Math.max(0, call.limit() - (counted.before() + i + 1)) : 0;
        answer(call, Future.succeededFuture(new DailyLimits.Outcome(admitted, call.bucket(), call.limit(), remaining,
            day, resetSeconds)));
      }
    });
  }

  private static void answer(Waiting call, Future<DailyLimits.Outcome> outcome) {
    if (call.context() == null) {
      call.promise().handle(outcome);
    } else {
      call.context().runOnContext(ignored -> call.promise().handle(outcome));
    }
  }
}

package dev.videoautomation.gateway.limits;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.concurrent.TimeUnit;

import jakarta.inject.Singleton;


import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.Metrics;
import io.micrometer.core.instrument.Timer;
import io.vertx.core.AsyncResult;
import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;

import dev.videoautomation.gateway.config.GatewayConfig;

/**
 * Takes metered calls' daily units in batches (issue 34). Clients are spread over {@code batchesInFlight} lanes by
 * their id; a lane has at most one batch in the database, and its next batch takes every call waiting in it (up to
 * {@code batchSize}, one per client) in one statement and one commit ({@link DailyLimits#takeAll}). Under load the
 * batches grow and a commit's flush is shared by every call in it; a lone call goes alone at once. Two lanes never
 * hold the same client, so their batches never wait on each other's row locks, which batches drawn from one queue
 * did, each holding its clients' rows until its commit. Each call is still judged exactly, and answered only once
 * its batch is committed, so a unit is never admitted past a limit, even when the database fails mid-batch (the
 * whole batch is then refused, nothing taken). A client's second call waits for the lane's next batch: one item per
 * client, sorted by client id, keeps every batch (and every replica's) locking rows in one order.
 */
@Singleton
class UnitBatches {
  static final String SIZES = "vas.limit.batch.calls";
  static final String WAITS = "vas.limit.batch.wait";
  static final String RUNS = "vas.limit.batch.duration";

  private final DailyLimits limits;
  private final Vertx vertx;
  private final int batchSize;
  private final Lane[] lanes;
  /** Calls per batch: how much commits are shared, for operators (docs/operations.md). */
  private final DistributionSummary sizes;
  /** How long a call waited in its lane before its batch started: the lane's share of a metered call's time. */
  private final Timer waits;
  /** How long a batch took, from its start to its outcome: the worker hop, the statement and the commit. */
  private final Timer runs;

  UnitBatches(DailyLimits limits, Vertx vertx, GatewayConfig config) {
    this.limits = limits;
    this.vertx = vertx;
    this.batchSize = Math.max(1, config.units().batchSize());
    this.lanes = new Lane[Math.max(1, config.units().batchesInFlight())];
    for (int i = 0; i < lanes.length; i++) {
      lanes[i] = new Lane();
    }
    this.sizes = DistributionSummary.builder(SIZES).description("Metered calls whose units one commit took")
        .baseUnit("calls").register(Metrics.globalRegistry);
    this.waits = Timer.builder(WAITS).description("How long metered calls waited for their batch to start")
        .register(Metrics.globalRegistry);
    this.runs = Timer.builder(RUNS).description("How long a batch of daily units took in the database, commit "
        + "included").register(Metrics.globalRegistry);
  }

  /** A call waiting for its batch, answered on {@code context}, the one it came from. */
  private record Waiting(DailyLimits.Take take, Promise<DailyLimits.Outcome> promise, Context context,
      long since) {
    void answer(AsyncResult<List<DailyLimits.Outcome>> result, int index) {
      context.runOnContext(ignored -> {
        if (result.succeeded()) {
          promise.complete(result.result().get(index));
        } else {
          promise.fail(result.cause());
        }
      });
    }
  }

  /** The calls of some clients and whether a batch of theirs is in the database; guarded by the lane itself. */
  private final class Lane {
    private final ArrayDeque<Waiting> waiting = new ArrayDeque<>();
    private boolean running;

    /** Takes the next batch off the queue when none is running; null otherwise. Holds the lane's lock. */
    private List<Waiting> nextBatch() {
      if (running || waiting.isEmpty()) {
        return null;
      }
      var batch = new ArrayList<Waiting>(Math.min(batchSize, waiting.size()));
      var clients = new HashSet<String>();
      var calls = waiting.iterator();
      while (calls.hasNext() && batch.size() < batchSize) {
        var call = calls.next();
        if (clients.add(call.take().clientId())) {
          batch.add(call);
          calls.remove();
        }
      }
      running = true;
      batch.sort(Comparator.comparing(call -> call.take().clientId()));
      return batch;
    }
  }

  /** The call's outcome once its batch is committed, completed on the caller's own context (its event loop). */
  Future<DailyLimits.Outcome> take(DailyLimits.Take take) {
    Promise<DailyLimits.Outcome> promise = Promise.promise();
    var lane = lanes[Math.floorMod(take.clientId().hashCode(), lanes.length)];
    List<Waiting> batch;
    synchronized (lane) {
      lane.waiting.add(new Waiting(take, promise, vertx.getOrCreateContext(), System.nanoTime()));
      batch = lane.nextBatch();
    }
    if (batch != null) {
      run(lane, batch);
    }
    return promise.future();
  }

  private void run(Lane lane, List<Waiting> batch) {
    sizes.record(batch.size());
    var started = System.nanoTime();
    var takes = new ArrayList<DailyLimits.Take>(batch.size());
    for (var call : batch) {
      takes.add(call.take());
      waits.record(started - call.since(), TimeUnit.NANOSECONDS);
    }
    vertx.executeBlocking(() -> limits.takeAll(takes), false).onComplete(result -> {
      runs.record(System.nanoTime() - started, TimeUnit.NANOSECONDS);
      List<Waiting> next;
      synchronized (lane) {
        lane.running = false;
        next = lane.nextBatch();
      }
      if (next != null) {
        run(lane, next);
      }
      for (int i = 0; i < batch.size(); i++) {
        batch.get(i).answer(result, i);
      }
    });
  }
}

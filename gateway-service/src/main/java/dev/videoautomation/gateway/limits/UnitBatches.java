package dev.videoautomation.gateway.limits;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;

import jakarta.enterprise.context.ApplicationScoped;

import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.Metrics;

import io.vertx.core.AsyncResult;
import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;

import dev.videoautomation.gateway.config.GatewayConfig;

/**
 * Takes metered calls' daily units in batches (issue 34): a call's unit waits while {@code batchesInFlight} batches
 * are in the database, and the next batch takes every waiting call (up to {@code batchSize}, one per client) in one
 * statement and one commit ({@link DailyLimits#takeAll}). Under load the batches grow and a commit's flush is shared by
 * every call in it; a lone call goes alone at once. Each call is still judged exactly, and answered only once its
 * batch is committed, so a unit is never admitted past a limit, even when the database fails mid-batch (the whole
 * batch is then refused, nothing taken). A client's second call waits for a later batch: one item per client, sorted
 * by client id, keeps concurrent batches locking rows in one order.
 */
@ApplicationScoped
class UnitBatches {
  static final String SIZES = "vas.limit.batch.calls";

  private final DailyLimits limits;
  private final Vertx vertx;
  private final int batchesInFlight;
  private final int batchSize;
  /** Guarded by {@code this}, with {@link #inFlight}. */
  private final ArrayDeque<Waiting> waiting = new ArrayDeque<>();
  private int inFlight;
  /** Calls per batch: how much commits are shared, for operators (docs/operations.md). */
  private final DistributionSummary sizes;

  UnitBatches(DailyLimits limits, Vertx vertx, GatewayConfig config) {
    this.limits = limits;
    this.vertx = vertx;
    this.batchesInFlight = Math.max(1, config.units().batchesInFlight());
    this.batchSize = Math.max(1, config.units().batchSize());
    this.sizes = DistributionSummary.builder(SIZES).description("Metered calls whose units one commit took")
        .baseUnit("calls").register(Metrics.globalRegistry);
  }

  /** A call waiting for its batch, answered on {@code context}, the one it came from. */
  private record Waiting(DailyLimits.Take take, Promise<DailyLimits.Outcome> promise, Context context) {
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

  /** The call's outcome once its batch is committed, completed on the caller's own context (its event loop). */
  Future<DailyLimits.Outcome> take(DailyLimits.Take take) {
    Promise<DailyLimits.Outcome> promise = Promise.promise();
    List<Waiting> batch;
    synchronized (this) {
      waiting.add(new Waiting(take, promise, vertx.getOrCreateContext()));
      batch = nextBatch();
    }
    if (batch != null) {
      run(batch);
    }
    return promise.future();
  }

  /** Takes the next batch off the queue when one may start; null otherwise. Holds the lock. */
  private List<Waiting> nextBatch() {
    if (inFlight >= batchesInFlight || waiting.isEmpty()) {
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
    inFlight++;
    batch.sort(Comparator.comparing(call -> call.take().clientId()));
    return batch;
  }

  private void run(List<Waiting> batch) {
    sizes.record(batch.size());
    var takes = new ArrayList<DailyLimits.Take>(batch.size());
    for (var call : batch) {
      takes.add(call.take());
    }
    vertx.executeBlocking(() -> limits.takeAll(takes), false).onComplete(result -> {
      List<Waiting> next;
      synchronized (this) {
        inFlight--;
        next = nextBatch();
      }
      if (next != null) {
        run(next);
      }
      for (int i = 0; i < batch.size(); i++) {
        batch.get(i).answer(result, i);
      }
    });
  }
}

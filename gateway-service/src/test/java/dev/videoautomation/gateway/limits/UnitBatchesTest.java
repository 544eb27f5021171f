package dev.videoautomation.gateway.limits;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;

import jakarta.inject.Inject;

import org.junit.jupiter.api.Test;

import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.Metrics;
import io.micrometer.core.instrument.Timer;

import io.quarkus.test.common.ResourceArg;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;

import dev.videoautomation.platform.limits.LimitBucket;
import dev.videoautomation.platform.testing.PostgresResource;
import dev.videoautomation.platform.testing.WireMockResource;

/**
 * Units taken in batches (issue 34): each call judged exactly as alone, outcomes in the order asked, no unit past a
 * limit under concurrency, and fewer batches (statements and commits) than calls, which is what they are for.
 */
@QuarkusTest
@WithTestResource(PostgresResource.class)
@WithTestResource(value = WireMockResource.class, initArgs = @ResourceArg(name = "properties",
    value = "gateway.owners.auth,gateway.owners.billing,gateway.owners.scrape,gateway.owners.media,"
        + "gateway.owners.clone"))
class UnitBatchesTest {
  @Inject
  DailyLimits limits;

  @Inject
  UnitBatches batches;

  @Inject
  Vertx vertx;

  @Test
  void shouldJudgeEveryCallOfABatchAsAloneInTheOrderAsked() {
    var full = client();
    var capped = client();
    var fresh = client();
    var zeroCap = client();
    limits.take(full, full + "-key", LimitBucket.WATCH, 1, null);
    limits.take(capped, capped + "-key", LimitBucket.WATCH, 10, 1);

    var outcomes = limits.takeAll(List.of(
        new DailyLimits.Take(fresh, fresh + "-key", LimitBucket.WATCH, 2, null),
        new DailyLimits.Take(full, full + "-key", LimitBucket.WATCH, 1, null),
        new DailyLimits.Take(zeroCap, zeroCap + "-key", LimitBucket.WATCH, 5, 0),
        new DailyLimits.Take(capped, capped + "-key", LimitBucket.WATCH, 10, 1)));

    assertThat(outcomes).extracting(DailyLimits.Outcome::admitted).containsExactly(true, false, false, false);
    assertThat(outcomes).extracting(DailyLimits.Outcome::refusedBy)
        .containsExactly(null, DailyLimits.Refusal.CLIENT, DailyLimits.Refusal.KEY, DailyLimits.Refusal.KEY);
    assertThat(outcomes.getFirst().remaining()).isEqualTo(1);
    assertThat(outcomes.get(3).remaining()).isEqualTo(9);
    assertThat(limits.usedToday(fresh)).containsEntry(LimitBucket.WATCH, 1);
    assertThat(limits.usedToday(full)).containsEntry(LimitBucket.WATCH, 1);
    assertThat(limits.usedToday(capped)).containsEntry(LimitBucket.WATCH, 1);
    assertThat(limits.usedTodayByKey(capped + "-key")).containsEntry(LimitBucket.WATCH, 1);
    assertThat(outcomes.get(3).keyRemaining()).as("the key's cap refused it").isZero();
    assertThat(limits.usedTodayByKey(full + "-key")).as("the key's unit comes back when the client refuses")
        .containsEntry(LimitBucket.WATCH, 1);
    assertThat(limits.usedToday(zeroCap)).isEmpty();
  }

  @Test
  void shouldNeverAdmitPastALimitWhileSharingCommits() throws Exception {
    var clients = new ArrayList<String>();
    for (int i = 0; i < 40; i++) {
      clients.add(client());
    }
    var batchesBefore = batchSizes().count();
    var callsBefore = batchSizes().totalAmount();
    var waitsBefore = timer(UnitBatches.WAITS).count();
    var runsBefore = timer(UnitBatches.RUNS).count();
    var futures = new ArrayList<Future<DailyLimits.Outcome>>();
    var askedFor = new ArrayList<String>();
    // 400 calls at once from the event loops, as the request path makes them: 10 per client, 6 of which fit.
    for (int i = 0; i < 400; i++) {
      var client = clients.get(i % clients.size());
      var promise = Promise.<DailyLimits.Outcome>promise();
      vertx.runOnContext(ignored -> batches.take(new DailyLimits.Take(client, client + "-key", LimitBucket.WATCH,
          6, null)).onComplete(promise));
      futures.add(promise.future());
      askedFor.add(client);
    }
    Future.all(futures).toCompletionStage().toCompletableFuture().get(30, TimeUnit.SECONDS);
    var batchesTaken = batchSizes().count() - batchesBefore;

    for (var client : clients) {
      var admitted = IntStream.range(0, futures.size())
          .filter(i -> client.equals(askedFor.get(i)) && futures.get(i).result().admitted()).count();
      assertThat(admitted).as("admitted for %s", client).isEqualTo(6);
      assertThat(limits.usedToday(client)).containsEntry(LimitBucket.WATCH, 6);
      assertThat(limits.usedTodayByKey(client + "-key")).containsEntry(LimitBucket.WATCH, 6);
    }
    assertThat(futures).filteredOn(f -> !f.result().admitted()).hasSize(400 - 40 * 6)
        .allMatch(f -> f.result().refusedBy() == DailyLimits.Refusal.CLIENT && f.result().remaining() == 0);
    // One statement and commit per call would be 400 batches of one.
    assertThat(batchSizes().totalAmount() - callsBefore).isEqualTo(400);
    assertThat(batchesTaken).as("batches for 400 calls").isLessThan(200);
    // Where a metered call's time goes, for operators: every call's wait in its lane, every batch's run.
    assertThat(timer(UnitBatches.WAITS).count() - waitsBefore).isEqualTo(400);
    assertThat(timer(UnitBatches.RUNS).count() - runsBefore).isEqualTo(batchesTaken);
    assertThat(timer(UnitBatches.RUNS).totalTime(TimeUnit.NANOSECONDS)).isPositive();
  }

  private static Timer timer(String name) {
    return Metrics.globalRegistry.get(name).timer();
  }

  /** The batches' summary, the one UnitBatches registers once it is first used (same name, same unit). */
  private static DistributionSummary batchSizes() {
    return DistributionSummary.builder(UnitBatches.SIZES).baseUnit("calls").register(Metrics.globalRegistry);
  }

  private static String client() {
    return "cli_batch_" + UUID.randomUUID();
  }
}

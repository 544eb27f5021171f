package dev.videoautomation.suite.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

import dev.videoautomation.suite.bench.GatewayBench.Metered;
import dev.videoautomation.suite.bench.GatewayBench.PastTheLimit;
import dev.videoautomation.suite.bench.GatewayBench.Round;
import dev.videoautomation.suite.bench.GatewayBench.Run;

/**
 * What {@code bench/gateway/run.sh} writes into docs/benchmarks.md (issue 34): every ratio per round, a round judged
 * only when the yardstick reached 0.65× nginx in it, and the metered POSTs set beside the bare upsert.
 */
class GatewayBenchReportTest {
  private static final Run DIRECT = new Run(0.2, 2, 100_000, 1_500_000, 0);

  private static Run run(double requestsPerSecond, double p50, double p99) {
    return new Run(p50, p99, requestsPerSecond, (long) (requestsPerSecond * 15), 0);
  }

  private static Metered metered(long answered, long refused, long ownerPosts, long counted) {
    return new Metered(new Run(3, 40, 8_000, answered, refused), run(10_000, 1, 20), run(6_000, 2, 30), ownerPosts,
        counted, 32);
  }

  private static final PastTheLimit PAST = new PastTheLimit(new Run(0.9, 12, 20_000, 300_000, 298_000), 2_000,
      2_000, 32, 2_000);

  private static String report(List<Round> rounds, Metered metered) {
    return report(rounds, metered, PAST);
  }

  private static String report(List<Round> rounds, Metered metered, PastTheLimit past) {
    return GatewayBench.report(DIRECT, rounds, metered, past, 300 * 1024, 310 * 1024, 15, 32);
  }

  @Test
  void labelsEveryRatioOfEachRoundAndCountsOnlyTheRoundsWhereTheYardstickReachedItsFloorBesideNginx() {
    // Round 1: the yardstick at 0.64× nginx, so it does not count; round 2 at 0.65× counts.
    var cold = new Round(1, run(30_000, 0.9, 2), run(19_200, 1.3, 4), run(6_000, 2.6, 12));
    var warm = new Round(2, run(30_000, 0.9, 2), run(19_500, 1.3, 4), run(16_000, 1.5, 5.6));

    var report = report(List.of(cold, warm), metered(100_000, 80_000, 20_000, 20_000));

    assertThat(report)
        .contains("| 1 | the yardstick (vertx-http-proxy) | 19200 | 1.30 ms | 4.00 ms | 0 |")
        .contains("| 2 | the gateway (cached key) | 16000 | 1.50 ms | 5.60 ms | 0 |")
        .contains("| 1 | 0.64× | **does not count** | 0.31× (**not met**) | +1.30 ms (**not met**) | 3.00× "
            + "(**not met**) | 0.20× |")
        .contains("| 2 | 0.65× | counts | 0.82× (met) | +0.20 ms (met) | 1.40× (met) | 0.53× |")
        .contains("- This run: 1 of 2 rounds count; the read's three goals are all met in 1 of them.")
        .contains("| – | straight to the owner | 100000 | 0.20 ms | 2.00 ms | 0 |");
  }

  @Test
  void saysTheRunProvesNothingWhenNoRoundCounts() {
    var round = new Round(1, run(30_000, 0.9, 2), run(9_000, 3, 9), run(9_000, 3, 9));

    assertThat(report(List.of(round), metered(100_000, 80_000, 20_000, 20_000)))
        .contains("| 1 | 0.30× | **does not count** |")
        .contains("- This run: no round counts (the yardstick stayed under 0.65× nginx): the run says nothing of "
            + "the goals.");
  }

  @Test
  void setsTheMeteredPostsBesideTheBareUpsert() {
    var round = new Round(1, run(30_000, 0.9, 2), run(20_000, 1.3, 4), run(12_000, 2.6, 12));

    assertThat(report(List.of(round), metered(120_000, 100_000, 20_000, 20_000)))
        .contains("| through the gateway | 8000 | 3.00 ms | 40.00 ms |")
        .contains("| bare single-row upsert, same database, 32 connections over 40 rows (JDBC), before the row's "
            + "warm-up | 10000 | 1.00 ms | 20.00 ms |")
        .contains("| the same, right after | 6000 | 2.00 ms | 30.00 ms |")
        .contains("judged against the faster of the two): throughput **0.80×** (goal ≥ 0.8×: met), p99 **2.00×** "
            + "(goal ≤\n  2×: met).")
        .contains("path by the POSTs of 40 other clients");
  }

  @Test
  void judgesTheMeteredPostsAgainstTheFasterUpsertOfTheRun() {
    var slowFirst = new Metered(run(8_000, 3, 40), run(6_000, 2, 30), run(10_000, 1, 20), 20_000, 20_000, 32);
    var round = new Round(1, run(30_000, 0.9, 2), run(20_000, 1.3, 4), run(12_000, 2.6, 12));

    assertThat(slowFirst.upsert().requestsPerSecond()).isEqualTo(10_000);
    assertThat(report(List.of(round), slowFirst)).contains("throughput **0.80×** (goal ≥ 0.8×: met), p99 **2.00×**");
  }

  @Test
  void metersExactlyWhenOnlyTheCallsInFlightAtWrksEndAreMissingFromItsCount() {
    // wrk stopped with 32 admitted calls in flight: the owner and the database saw them, wrk did not.
    assertThat(metered(5_000, 0, 5_032, 5_032).exact()).isTrue();
    assertThat(metered(5_000, 0, 5_000, 5_000).exact()).isTrue();
    // One more than the connections could have had in flight, or the owner and the database apart: not exact.
    assertThat(metered(5_000, 0, 5_033, 5_033).exact()).isFalse();
    assertThat(metered(5_000, 0, 5_000, 5_001).exact()).isFalse();
    assertThat(metered(5_000, 0, 4_999, 4_999).exact()).isFalse();
    var round = new Round(1, run(30_000, 0.9, 2), run(20_000, 1.3, 4), run(12_000, 2.6, 12));
    assertThat(report(List.of(round), metered(5_000, 0, 5_010, 5_014)))
        .contains("**MISMATCH** (the database counts +4 against the owner, the owner +10 against wrk's admitted)");
  }

  @Test
  void setsTheCallsPastTheLimitApartAndChecksThatNoneWasAdmittedPastIt() {
    var round = new Round(1, run(30_000, 0.9, 2), run(20_000, 1.3, 4), run(12_000, 2.6, 12));

    assertThat(report(List.of(round), metered(120_000, 0, 120_000, 120_000)))
        .contains("so every call of the row is admitted and takes its unit in the database")
        .contains("| past the limit: `POST /v1/watch`, 32 connections over the same 40 clients, 50 units a day each "
            + "| requests/s | p50 | p99 |")
        .contains("| through the gateway | 20000 | 0.90 ms | 12.00 ms |")
        .contains("- Of 300000 calls wrk saw answered, 2000 were admitted and the rest answered 429; the owner "
            + "received 2000 and\n  `gateway.daily_usage` counts 2000 of the 2000 units there were: exact, none past "
            + "a limit.");
    var overAdmitted = new PastTheLimit(new Run(0.9, 12, 20_000, 300_000, 297_999), 2_001, 2_001, 32, 2_000);
    assertThat(overAdmitted.exact()).isFalse();
    assertThat(report(List.of(round), metered(120_000, 0, 120_000, 120_000), overAdmitted))
        .contains("units there were: **MISMATCH**.");
  }
}

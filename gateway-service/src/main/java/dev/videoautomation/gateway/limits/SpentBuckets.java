package dev.videoautomation.gateway.limits;

import java.time.Duration;
import java.util.concurrent.ConcurrentHashMap;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import dev.videoautomation.gateway.config.GatewayConfig;
import dev.videoautomation.platform.limits.LimitBucket;

/**
 * Buckets the database just found used up, per client, remembered for a moment (issue 34): a caller that keeps
 * calling past its daily limit is refused from memory, on its event loop, instead of costing a statement and a commit
 * per refusal. Only refusals are remembered, so nothing is ever admitted from memory and no limit is ever passed
 * (design §3.4). What memory can miss is a unit coming back: one given back on this replica forgets the bucket at
 * once; one given back on another replica is seen here within {@code gateway.units.refusals-remembered-for} (1 s by
 * default, the time a revoked key has too). A refusal is remembered for the call it was found for: the same key, the
 * same limit and cap (a plan or a cap that changes asks the database again), the same UTC day.
 */
@Singleton
class SpentBuckets {
  /** Past this many clients memory is emptied: rare, cheap, and it stays bounded. */
  static final int MAX_ENTRIES = 100_000;

  private final DailyLimits limits;
  private final long rememberNanos;
  private final ConcurrentHashMap<Spent, Refusal> refusals = new ConcurrentHashMap<>();

  @Inject
  SpentBuckets(DailyLimits limits, GatewayConfig config) {
    this(limits, config.units().refusalsRememberedFor());
  }

  SpentBuckets(DailyLimits limits, Duration rememberFor) {
    this.limits = limits;
    this.rememberNanos = rememberFor.toNanos();
  }

  /** A client's bucket. */
  private record Spent(String clientId, LimitBucket bucket) {
  }

  /** What the database answered for {@code take}, and until when (System.nanoTime) it stands. */
  private record Refusal(DailyLimits.Take take, DailyLimits.Outcome outcome, long until) {
  }

  /**
   * The refusal remembered for {@code take} today, its {@code resetSeconds} brought up to date; null when none
   * stands, and then the database must be asked.
   */
  DailyLimits.Outcome refusal(DailyLimits.Take take) {
    if (rememberNanos <= 0) {
      return null;
    }
    var spent = new Spent(take.clientId(), take.bucket());
    var refusal = refusals.get(spent);
    if (refusal == null) {
      return null;
    }
    if (System.nanoTime() - refusal.until() >= 0 || !limits.today().equals(refusal.outcome().day())) {
      refusals.remove(spent, refusal);
      return null;
    }
    if (!take.equals(refusal.take())) {
      return null;
    }
    var o = refusal.outcome();
    return new DailyLimits.Outcome(false, o.bucket(), o.limit(), o.remaining(), o.day(), limits.secondsToReset(),
        o.keyCap(), o.keyRemaining(), o.refusedBy());
  }

  /** Remembers what the database answered for {@code take}, when it refused it. */
  void remember(DailyLimits.Take take, DailyLimits.Outcome outcome) {
    if (rememberNanos <= 0 || outcome.admitted()) {
      return;
    }
    if (refusals.size() >= MAX_ENTRIES) {
      refusals.clear();
    }
    refusals.put(new Spent(take.clientId(), take.bucket()), new Refusal(take, outcome,
        System.nanoTime() + rememberNanos));
  }

  /** A unit of the client's bucket came back: the database decides its next call. */
  void forget(String clientId, LimitBucket bucket) {
    refusals.remove(new Spent(clientId, bucket));
  }

  int size() {
    return refusals.size();
  }
}

package dev.videoautomation.gateway.limits;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;

import jakarta.inject.Singleton;


import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Metrics;

import io.quarkus.logging.Log;
import io.vertx.core.Future;
import io.vertx.core.MultiMap;
import io.vertx.core.Vertx;

import dev.videoautomation.gateway.admission.Admission;
import dev.videoautomation.gateway.admission.Admitted;
import dev.videoautomation.gateway.routing.Route;
import dev.videoautomation.platform.errors.ApiError;
import dev.videoautomation.platform.errors.ApiException;
import dev.videoautomation.platform.errors.ErrorCode;
import dev.videoautomation.platform.limits.LimitBucket;

/**
 * A metered route's daily unit on the request path (design §3.4): taken before forwarding, with the IETF
 * {@code RateLimit} headers on the answer, and given back when the owner's answer gave the caller nothing of value.
 * The headers are those of draft-ietf-httpapi-ratelimit-headers-11, {@code RateLimit-Policy: "scrape";q=500;w=86400}
 * and {@code RateLimit: "scrape";r=499;t=3600} (the policy is the bucket, its window a day, {@code t} the seconds to
 * 00:00 UTC), with the older {@code RateLimit-Limit}, {@code -Remaining} and {@code -Reset} kept beside them for
 * clients written against them (design §3.7).
 */
@Singleton
public class Metering {
  /** The structured fields of draft-ietf-httpapi-ratelimit-headers-11. */
  public static final String POLICY = "RateLimit-Policy";
  public static final String LIMIT = "RateLimit";
  /** What a bucket's name gains to name a sub-key's own policy in it. */
  static final String KEY_POLICY_SUFFIX = ":key";
  /** Every bucket counts a UTC day. */
  static final int WINDOW_SECONDS = 86_400;

  private final DailyLimits limits;
  private final UnitBatches batches;
  private final SpentBuckets spent;
  private final Vertx vertx;
  /** Resolved once: a lookup per refusal would build the meter's id each time. */
  private final Map<LimitBucket, Counter> rejections = new EnumMap<>(LimitBucket.class);

  Metering(DailyLimits limits, UnitBatches batches, SpentBuckets spent, Vertx vertx) {
    this.limits = limits;
    this.batches = batches;
    this.spent = spent;
    this.vertx = vertx;
    for (var bucket : LimitBucket.values()) {
      rejections.put(bucket, Metrics.counter("vas.limit.rejections", "bucket", bucket.bucketName()));
    }
  }

  /**
   * Takes the route's unit when it is metered: the unit taken (null when unmetered), or fails with the 429. The
   * {@code RateLimit} headers (and {@code Retry-After} on the 429) go on {@code answerHeaders}, the answer's. A
   * sub-key with a daily cap of its own in the bucket takes the unit from both counts at once, and the headers list
   * both policies: the client's ({@code "watch"}) and the sub-key's ({@code "watch:key"}); the older trio speaks for
   * whichever has less left (the one that refused, on a 429).
   */
  public Future<DailyLimits.Outcome> take(Route route, Admitted admitted, MultiMap answerHeaders) {
    if (route.bucket().isEmpty()) {
      return Future.succeededFuture();
    }
    var bucket = route.bucket().get();
    var limit = admitted.entitlement() == null ? 0 : admitted.entitlement().limit(bucket);
    var keyCap = admitted.key() == null ? null : admitted.key().dailyCap(bucket);
    var take = new DailyLimits.Take(admitted.clientId(), admitted.keyId(), bucket, limit, keyCap);
    Future<DailyLimits.Outcome> taken;
    if (take.refusedOutright()) {
      taken = Future.succeededFuture(limits.takeAll(List.of(take)).getFirst());
    } else {
      var remembered = spent.refusal(take);
      taken = remembered != null ? Future.succeededFuture(remembered) : batches.take(take).andThen(result -> {
        if (result.succeeded()) {
          spent.remember(take, result.result());
        }
      });
    }
    return taken.compose(outcome -> {
      writeHeaders(bucket, outcome, answerHeaders);
      if (outcome.admitted()) {
        return Future.succeededFuture(outcome);
      }
      answerHeaders.set("Retry-After", String.valueOf(outcome.resetSeconds()));
      rejections.get(bucket).increment();
      return Future.failedFuture(new ApiException(refusal(outcome)));
    });
  }

  /**
   * What {@link #take} would find for this call now, with nothing taken (a dry run, issue 32): null when the route is
   * unmetered. No header is written and no rejection counted: nothing was refused.
   */
  public Future<DailyLimits.Outcome> peek(Route route, Admitted admitted) {
    if (route.bucket().isEmpty()) {
      return Future.succeededFuture();
    }
    var bucket = route.bucket().get();
    var limit = admitted.entitlement() == null ? 0 : admitted.entitlement().limit(bucket);
    var keyCap = admitted.key() == null ? null : admitted.key().dailyCap(bucket);
    return vertx.executeBlocking(() -> limits.peek(admitted.clientId(), admitted.keyId(), bucket, limit, keyCap),
        false);
  }

  /** The units left for the caller in the outcome's bucket: the client's, or the key's own cap's when lower. */
  public static int left(DailyLimits.Outcome outcome) {
    return outcome.keyCap() == null ? outcome.remaining() : Math.min(outcome.remaining(), outcome.keyRemaining());
  }

  /** The name of a sub-key's own policy in a bucket, beside the client's, which is the bucket's name. */
  public static String keyPolicy(LimitBucket bucket) {
    return bucket.bucketName() + KEY_POLICY_SUFFIX;
  }

  private static void writeHeaders(LimitBucket bucket, DailyLimits.Outcome outcome, MultiMap answerHeaders) {
    var policy = new StringBuilder().append('"').append(bucket.bucketName()).append("\";q=").append(outcome.limit())
        .append(";w=").append(WINDOW_SECONDS);
    var left = new StringBuilder().append('"').append(bucket.bucketName()).append("\";r=")
        .append(outcome.remaining()).append(";t=").append(outcome.resetSeconds());
    if (outcome.keyCap() != null) {
      policy.append(", \"").append(keyPolicy(bucket)).append("\";q=").append(outcome.keyCap()).append(";w=")
          .append(WINDOW_SECONDS);
      left.append(", \"").append(keyPolicy(bucket)).append("\";r=").append(outcome.keyRemaining()).append(";t=")
          .append(outcome.resetSeconds());
    }
    answerHeaders.set(POLICY, policy.toString());
    answerHeaders.set(LIMIT, left.toString());
    var keyBinds = outcome.keyBinds();
    answerHeaders.set("RateLimit-Limit", String.valueOf(keyBinds ? outcome.keyCap() : outcome.limit()));
    answerHeaders.set("RateLimit-Remaining", String.valueOf(keyBinds ? outcome.keyRemaining() : outcome.remaining()));
    answerHeaders.set("RateLimit-Reset", String.valueOf(outcome.resetSeconds()));
  }

  /** The 429 {@code rate_limited} body of an outcome that was (or, for a dry run, would be) refused. */
  public static ApiError refusal(DailyLimits.Outcome outcome) {
    var bucket = outcome.bucket();
    if (outcome.refusedBy() == DailyLimits.Refusal.KEY) {
      return ApiError.of(ErrorCode.RATE_LIMITED, "This sub-key's own daily cap of " + outcome.keyCap() + " calls in "
          + "the '" + bucket.bucketName() + "' bucket is used up (its client has " + outcome.remaining() + " left "
          + "today); it resets at 00:00 UTC.").with("limit", outcome.keyCap())
          .with("retryAfter", outcome.resetSeconds()).with("bucket", bucket.bucketName())
          .with(Admission.SUB_KEY, true);
    }
    return ApiError.of(ErrorCode.RATE_LIMITED, "The daily limit of " + outcome.limit() + " calls in the '"
        + bucket.bucketName() + "' bucket is used up; it resets at 00:00 UTC.").with("limit", outcome.limit())
        .with("retryAfter", outcome.resetSeconds()).with("bucket", bucket.bucketName());
  }

  /**
   * Gives {@code unit} back when {@code status} gave the caller nothing of value: done when the future completes
   * (a failure is logged, and the future completes all the same). Complete at once, allocating nothing, when no unit
   * was taken or the answer was worth it.
   */
  public Future<Void> giveBackIfWorthless(Admitted admitted, DailyLimits.Outcome unit, int status) {
    if (unit == null || !worthless(status)) {
      return Future.succeededFuture();
    }
    return vertx.<Void>executeBlocking(() -> {
      limits.giveBack(admitted.clientId(), admitted.keyId(), unit.bucket(), unit.day());
      spent.forget(admitted.clientId(), unit.bucket());
      return null;
    }, false).recover(failure -> {
      Log.warnf("Could not give back a %s unit: %s", unit.bucket().bucketName(), failure.getMessage());
      return Future.succeededFuture();
    });
  }

  /**
   * Answers after which the unit comes back: the request was refused as sent (400, 413, 415, 422), its credits
   * refused it before anything ran (402 {@code insufficient_credits} or {@code budget_exceeded}: a dry run says
   * {@code wouldRun: false} there and spends nothing, so neither does the real call), it named nothing the owner
   * serves (404, 405), or the owner failed (any 5xx). A switch, so no status is boxed.
   */
  static boolean worthless(int status) {
    return switch (status) {
      case 400, 402, 404, 405, 413, 415, 422 -> true;
      default -> status >= 500;
    };
  }
}

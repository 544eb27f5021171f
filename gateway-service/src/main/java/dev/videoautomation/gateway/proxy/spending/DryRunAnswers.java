package dev.videoautomation.gateway.proxy.spending;

import io.vertx.core.buffer.Buffer;
import io.vertx.core.json.DecodeException;
import io.vertx.core.json.JsonObject;

import dev.videoautomation.gateway.limits.DailyLimits;
import dev.videoautomation.gateway.limits.Metering;
import dev.videoautomation.gateway.proxy.Forwarder;
import dev.videoautomation.gateway.routing.Route;
import dev.videoautomation.platform.errors.ErrorResponses;

/**
 * The dry-run answer an agent gets, completed from its owner's (docs/internal-api.md §3.19.3): the owner judged the
 * input and the credits; the gateway adds what only it knows, the daily units. Built as a plain JSON object, so
 * that the owner's fields the gateway does not know pass through as they came.
 */
final class DryRunAnswers {
  static final String DRY_RUN = "dryRun";
  static final String WOULD_RUN = "wouldRun";
  static final String COST = "cost";
  static final String UNITS = "units";
  static final String BALANCE = "balance";
  static final String CREDITS = "credits";
  static final String REMAINING = "remaining";
  static final String REFUSAL = "refusal";

  private DryRunAnswers() {
  }

  /** The owner's dry-run body: a 200 JSON object with {@code "dryRun": true}; null for any other answer. */
  static JsonObject ownersDryRun(Forwarder.Outcome outcome) {
    var contentType = outcome.headers() == null ? null : outcome.headers().get("Content-Type");
    if (outcome.status() != 200 || outcome.body() == null || contentType == null || !contentType.contains("json")) {
      return null;
    }
    try {
      return outcome.body().toJsonValue() instanceof JsonObject body && Boolean.TRUE.equals(body.getValue(DRY_RUN))
          ? body : null;
    } catch (DecodeException notJson) {
      return null;
    }
  }

  /** Whether the owner left the balance out (an operation that charges nothing), for the gateway to fill. */
  static boolean lacksBalance(JsonObject owners) {
    return !(owners.getValue(BALANCE) instanceof JsonObject);
  }

  /**
   * The agent's answer: the owner's, with {@code cost.units} and {@code remaining} from the route's bucket and the
   * daily counts as they stood before the call ({@code peek}, null on an unmetered route), the client's
   * {@code balance} where the owner gave none ({@code balance} null: not known), and, when a count is used up,
   * {@code wouldRun: false} with the 429 the real call would get, which comes before any refusal of the owner's (the
   * gateway refuses the real call before its owner sees it).
   */
  static JsonObject complete(JsonObject owners, Route route, DailyLimits.Outcome peek, Long balance) {
    var cost = owners.getValue(COST) instanceof JsonObject given ? given.copy() : new JsonObject().put(CREDITS, 0);
    var units = new JsonObject();
    var remaining = new JsonObject();
    route.bucket().ifPresent(bucket -> units.put(bucket.bucketName(), 1));
    if (peek != null) {
      remaining.put(peek.bucket().bucketName(), Metering.left(peek));
    }
    cost.put(UNITS, units);
    var wouldRun = !Boolean.FALSE.equals(owners.getValue(WOULD_RUN));
    var refusal = owners.getValue(REFUSAL);
    if (peek != null && !peek.admitted()) {
      wouldRun = false;
      refusal = new JsonObject(Buffer.buffer(ErrorResponses.toJson(Metering.refusal(peek))));
    }
    var answer = new JsonObject().put(DRY_RUN, true).put(WOULD_RUN, wouldRun).put(COST, cost);
    if (!lacksBalance(owners)) {
      answer.put(BALANCE, owners.getValue(BALANCE));
    } else if (balance != null) {
      answer.put(BALANCE, new JsonObject().put(CREDITS, balance));
    }
    answer.put(REMAINING, remaining).put(REFUSAL, refusal);
    owners.forEach(field -> {
      if (!answer.containsKey(field.getKey())) {
        answer.put(field.getKey(), field.getValue());
      }
    });
    return answer;
  }
}

package dev.videoautomation.platform.spending;

import java.util.Map;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Instance;

import dev.videoautomation.platform.calls.CreditsCalls;
import dev.videoautomation.platform.calls.OwnerRefusal;
import dev.videoautomation.platform.calls.SpendContext;
import dev.videoautomation.platform.errors.ApiError;
import dev.videoautomation.platform.errors.ErrorCode;

/**
 * The owners' side of a dry run ({@code dryRun=true}, issue 32 §1, docs/internal-api.md §3.19.3). An owner runs the
 * real call's checks, then calls {@code stopIfRequested} at its point of no return: before the first charge,
 * provider call, staging, download, insert or mail. For a dry run that ends the request with its {@link DryRun}
 * answer; for a real call it does nothing. The gateway has already judged the key, the scope and the daily limits,
 * and completes the answer with them.
 */
@ApplicationScoped
public class DryRuns {
  public static final String PARAMETER = "dryRun";

  // Looked up only when a charging dry run quotes: owners that charge nothing (scrape, media) need no billing client.
  private final Instance<CreditsCalls> credits;

  DryRuns(Instance<CreditsCalls> credits) {
    this.credits = credits;
  }

  /** Whether the current request asks for a dry run ({@code dryRun=true} in its query). */
  public boolean requested() {
    return SpendContext.currentRequest().map(rc -> "true".equals(rc.request().getParam(PARAMETER))).orElse(false);
  }

  /** For an operation that charges no credits: a dry run ends here, as one that would run. */
  public void stopIfRequested(SpendingOperation operation) {
    if (operation.billing().isPresent()) {
      throw new IllegalArgumentException(operation.operationId() + " charges credits: quote it");
    }
    if (requested()) {
      throw new DryRunAnswered(DryRun.free());
    }
  }

  /**
   * For an operation that charges credits: a dry run ends here with billing's quote of the charge the real call
   * would make next (the same operation, quantity and attributes, the agent's key and {@code Max-Credits}).
   */
  public void stopIfRequested(String clientId, SpendingOperation operation, int quantity,
      Map<String, String> attributes) {
    stopIfRequested(clientId, operation.billingOperationName(), quantity, attributes);
  }

  /** As above, by the billing operation's name ({@code image.generate}), for owners that carry the name. */
  public void stopIfRequested(String clientId, String billingOperation, int quantity,
      Map<String, String> attributes) {
    if (!requested()) {
      return;
    }
    var quote = credits.get().quote(clientId, billingOperation, quantity, attributes);
    throw new DryRunAnswered(DryRun.quoted(quote.credits(), quote.balance(), quote.wouldCharge(), quote.refusal()));
  }

  /**
   * For an operation whose owner does work (staging, ffmpeg, storing) before its charge: judges the charge first. A
   * dry run ends here as {@code stopIfRequested} ends it; a real call whose charge billing would refuse now (the
   * balance, the key's budget, {@code Max-Credits}) is refused with that 402 before any work, so a refused call never
   * gets its work for free (the gateway gives a 402's daily unit back). The charge itself still judges again.
   */
  public void judgeBeforeWork(String clientId, SpendingOperation operation, int quantity,
      Map<String, String> attributes) {
    stopIfRequested(clientId, operation, quantity, attributes);
    var quote = credits.get().quote(clientId, operation.billingOperationName(), quantity, attributes);
    if (!quote.wouldCharge() && quote.refusal() != null) {
      throw new OwnerRefusal(refusalOf(quote.refusal()));
    }
  }

  private static ApiError refusalOf(Map<String, Object> body) {
    var code = ErrorCode.fromCode(String.valueOf(body.get("error")));
    var error = ApiError.of(code == null ? ErrorCode.INSUFFICIENT_CREDITS : code, String.valueOf(body.get("message")))
        .withStatus(402);
    for (var field : body.entrySet()) {
      if (!"error".equals(field.getKey()) && !"message".equals(field.getKey())) {
        error = error.with(field.getKey(), field.getValue());
      }
    }
    return error;
  }
}

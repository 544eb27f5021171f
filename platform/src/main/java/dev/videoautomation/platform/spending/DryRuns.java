package dev.videoautomation.platform.spending;

import java.util.Map;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Instance;

import dev.videoautomation.platform.calls.CreditsCalls;
import dev.videoautomation.platform.calls.SpendContext;

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
}

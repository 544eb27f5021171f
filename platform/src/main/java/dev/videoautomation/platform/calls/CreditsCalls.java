package dev.videoautomation.platform.calls;

import java.time.Duration;
import java.time.temporal.ChronoUnit;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;

import jakarta.enterprise.context.ApplicationScoped;

import org.eclipse.microprofile.faulttolerance.Fallback;
import org.eclipse.microprofile.faulttolerance.Retry;
import org.eclipse.microprofile.faulttolerance.Timeout;
import org.eclipse.microprofile.faulttolerance.exceptions.TimeoutException;
import org.eclipse.microprofile.rest.client.inject.RestClient;

import dev.videoautomation.platform.token.Caller;
import dev.videoautomation.platform.token.CurrentCaller;

/**
 * Credits through billing-service (design §7, docs/internal-api.md §3.4). Charge and refund are keyed by the task id,
 * so they retry safely on connect failures, timeouts, 502 and 504; a short balance is an {@link OwnerRefusal} with
 * reason {@code insufficient_credits} (402, with {@code balance} and {@code cost}) that reaches the agent unchanged,
 * as does {@code budget_exceeded} (402: the agent's {@code Max-Credits} cap or its key's budget, §3.19.2). A charge
 * made while serving an agent carries the agent's key (the token's {@code keyId}) and cap on to billing, and leaves
 * what billing says remains for the answer's {@code Credits-Remaining} ({@link SpendContext}).
 */
@ApplicationScoped
public class CreditsCalls {
  static final String OWNER = "billing service";
  private static final Duration PRICE_LIFE = Duration.ofMinutes(5);

  private final BillingApi billing;
  private final CurrentCaller currentCaller;
  private final SpendContext spend;
  private final AtomicReference<CachedPrices> prices = new AtomicReference<>();

  CreditsCalls(@RestClient BillingApi billing, CurrentCaller currentCaller, SpendContext spend) {
    this.billing = billing;
    this.currentCaller = currentCaller;
    this.spend = spend;
  }

  @Timeout(value = 3, unit = ChronoUnit.SECONDS)
  @Retry(maxRetries = 2, delay = 100, jitter = 50, retryOn = {OwnerUnavailable.class, TimeoutException.class})
  @Fallback(value = UnconfirmedCharge.class, applyOn = {OwnerUnavailable.class, TimeoutException.class})
  public Credits.Charged charge(String clientId, String operationId, String operation, int quantity,
      Map<String, String> attributes) {
    var charge = new Credits.Charge(clientId, operationId, operation, quantity, orNull(attributes), agentKey(),
        spend.maxCredits().orElse(null));
    var charged = OwnerErrors.call(OWNER, () -> billing.charge(charge));
    if (charged.remaining() != null) {
      spend.remaining(charged.remaining());
    }
    return charged;
  }

  /**
   * What the charge would do, with nothing written (a dry run, §3.19.3): the same key and cap as {@link #charge}.
   * Safe to retry: a quote changes nothing.
   */
  @Timeout(value = 3, unit = ChronoUnit.SECONDS)
  @Retry(maxRetries = 2, delay = 100, jitter = 50, retryOn = {OwnerUnavailable.class, TimeoutException.class})
  @Fallback(fallbackMethod = "quoteTimedOut", applyOn = TimeoutException.class)
  public Credits.Quote quote(String clientId, String operation, int quantity, Map<String, String> attributes) {
    var request = new Credits.QuoteRequest(clientId, operation, quantity, orNull(attributes), agentKey(),
        spend.maxCredits().orElse(null));
    return OwnerErrors.call(OWNER, () -> billing.quote(request));
  }

  @Timeout(value = 3, unit = ChronoUnit.SECONDS)
  @Retry(maxRetries = 2, delay = 100, jitter = 50, retryOn = {OwnerUnavailable.class, TimeoutException.class})
  @Fallback(fallbackMethod = "refundTimedOut", applyOn = TimeoutException.class)
  public Credits.Refunded refund(String clientId, String operationId, String reason) {
    return OwnerErrors.call(OWNER, () -> billing.refund(new Credits.Refund(clientId, operationId, reason)));
  }

  /** The price list, kept for five minutes as billing's {@code Cache-Control} allows. */
  @Timeout(value = 3, unit = ChronoUnit.SECONDS)
  @Retry(maxRetries = 2, delay = 100, jitter = 50, retryOn = {OwnerUnavailable.class, TimeoutException.class})
  @Fallback(fallbackMethod = "pricesTimedOut", applyOn = TimeoutException.class)
  public PriceList prices() {
    var cached = prices.get();
    if (cached != null && cached.fresh()) {
      return cached.list();
    }
    var list = OwnerErrors.call(OWNER, billing::prices);
    prices.set(new CachedPrices(list, System.nanoTime()));
    return list;
  }

  Credits.Quote quoteTimedOut(String clientId, String operation, int quantity, Map<String, String> attributes) {
    throw OwnerErrors.timedOut(OWNER);
  }

  Credits.Refunded refundTimedOut(String clientId, String operationId, String reason) {
    throw OwnerErrors.timedOut(OWNER);
  }

  PriceList pricesTimedOut() {
    throw OwnerErrors.timedOut(OWNER);
  }

  /** The key of the agent this request serves; null for a service's own call. */
  private String agentKey() {
    return currentCaller.get().filter(caller -> !caller.isService()).map(Caller::keyId).orElse(null);
  }

  private static Map<String, String> orNull(Map<String, String> attributes) {
    return attributes == null || attributes.isEmpty() ? null : attributes;
  }

  private record CachedPrices(PriceList list, long fetchedAtNanos) {
    boolean fresh() {
      return System.nanoTime() - fetchedAtNanos < PRICE_LIFE.toNanos();
    }
  }
}

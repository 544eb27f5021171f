package dev.videoautomation.billing.credits;

import java.time.Instant;
import java.util.Map;
import java.util.Objects;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;

import io.quarkus.runtime.annotations.RegisterForReflection;

import dev.videoautomation.billing.budgets.Budget;
import dev.videoautomation.billing.budgets.BudgetRepository;
import dev.videoautomation.billing.plans.OperationPriceRepository;
import dev.videoautomation.platform.errors.ApiError;
import dev.videoautomation.platform.errors.ApiException;
import dev.videoautomation.platform.errors.ErrorCode;

/**
 * Charges and refunds (docs/internal-api.md §3.4): one charge and at most one refund per operationId, the balance
 * taken with one conditional statement so it never goes below zero whatever the concurrency, and every write under
 * a per-operation lock so a retried call finds the first outcome. A charge made with a key takes the key's spend in
 * that same statement, refused past the key's budget, and a caller's {@code maxCredits} cap refuses a dearer call
 * before anything is taken (§3.19.2); {@link #quote} judges a charge the same way and writes nothing.
 */
@ApplicationScoped
public class Credits {
  private final LedgerRepository ledger;
  private final OperationPriceRepository prices;
  private final BudgetRepository budgets;

  Credits(LedgerRepository ledger, OperationPriceRepository prices, BudgetRepository budgets) {
    this.ledger = ledger;
    this.prices = prices;
    this.budgets = budgets;
  }

  /** {@code remaining}: the balance, or for a key with a budget the lower of the balance and the budget left. */
  @RegisterForReflection
  public record Charge(String operationId, String status, int creditsCharged, int balance, int remaining,
      boolean replayed, long chargedAt) {
  }

  /** A charge judged without being made: {@code refusal} is the error the charge would answer, or null. */
  @RegisterForReflection
  public record Quote(int credits, int balance, int remaining, boolean wouldCharge, ApiError refusal) {
  }

  @RegisterForReflection
  public record Refund(String operationId, String status, int creditsRefunded, int balance, boolean replayed) {
  }

  /**
   * A charge as asked for; {@code keyId} (the key the agent called with) and {@code maxCredits} (its
   * {@code Max-Credits} cap) may be null. A quote has no {@code operationId}.
   */
  public record ChargeRequest(String clientId, String operationId, String operation, int quantity,
      Map<String, String> attributes, String keyId, Integer maxCredits) {
  }

  /** Charges once; a 402 records nothing, so a later call with the same operationId is judged afresh. */
  @Transactional
  public Charge charge(ChargeRequest request, String actor) {
    ledger.lockOperation(request.operationId());
    var existing = ledger.find(request.operationId(), LedgerEntry.CHARGE);
    var refund = ledger.find(request.operationId(), LedgerEntry.REFUND);
    if (existing.isPresent()) {
      var charged = existing.get();
      if (!charged.clientId.equals(request.clientId()) || !charged.operation.equals(request.operation())
          || charged.quantity != request.quantity() || !Objects.equals(attributes(charged.attributes),
              attributes(request.attributes()))) {
        throw mismatch();
      }
      var balance = ledger.balance(request.clientId());
      var budget = request.keyId() == null ? null : budgets.find(request.keyId()).orElse(null);
      return new Charge(request.operationId(), refund.isPresent() ? "refunded" : "charged", -charged.credits,
          balance, remaining(balance, budget), true, charged.createdAt.toEpochMilli());
    }
    if (refund.isPresent()) {
      throw new ApiException(ErrorCode.CONFLICT, "This operation was given up (refunded before any charge); start "
          + "a new task with a new id.");
    }
    var cost = cost(request);
    if (overMax(cost, request.maxCredits())) {
      throw new ApiException(overMaxError(cost, request.maxCredits()));
    }
    int balance;
    Budget budget = null;
    if (cost == 0) {
      balance = ledger.balance(request.clientId());
      budget = request.keyId() == null ? null : budgets.find(request.keyId()).orElse(null);
    } else if (request.keyId() == null) {
      balance = ledger.takeFromBalance(request.clientId(), cost)
          .orElseThrow(() -> shortOfCredits(cost, ledger.balance(request.clientId())));
    } else {
      var taken = ledger.takeFromKeyAndBalance(request.clientId(), request.keyId(), cost);
      if (!taken.keyTaken()) {
        var refused = budgets.find(request.keyId()).orElseThrow();
        throw new ApiException(refused.clientId().equals(request.clientId()) ? overBudgetError(cost, refused)
            : otherClientsKey(request.keyId()));
      }
      // a short balance after the key's spend was taken: the throw rolls the spend back with the transaction
      balance = taken.balance().orElseThrow(() -> shortOfCredits(cost, ledger.balance(request.clientId())));
      budget = new Budget(request.keyId(), request.clientId(), taken.creditBudget(), taken.creditsSpent());
    }
    var entry = entry(request.clientId(), LedgerEntry.CHARGE, request.operationId(), -cost, balance, null, actor);
    entry.operation = request.operation();
    entry.quantity = request.quantity();
    entry.attributes = request.attributes() == null || request.attributes().isEmpty() ? null : request.attributes();
    entry.keyId = request.keyId();
    ledger.persist(entry);
    return new Charge(request.operationId(), "charged", cost, balance, remaining(balance, budget), false,
        entry.createdAt.toEpochMilli());
  }

  /**
   * The charge's judgement with nothing written (§3.19.2, for dry runs): the cost, the balance and what is left as
   * they stand, and the refusal the charge would answer now, in its order: the caller's cap, the key's budget, the
   * balance. A bad operation or attribute is a 400 here as there.
   */
  @Transactional
  public Quote quote(ChargeRequest request) {
    var cost = cost(request);
    var balance = ledger.balance(request.clientId());
    var budget = request.keyId() == null ? null : budgets.find(request.keyId()).orElse(null);
    if (budget != null && !budget.clientId().equals(request.clientId())) {
      throw new ApiException(otherClientsKey(request.keyId()));
    }
    ApiError refusal = null;
    if (overMax(cost, request.maxCredits())) {
      refusal = overMaxError(cost, request.maxCredits());
    } else if (cost > 0 && budget != null && budget.left().isPresent() && cost > budget.left().getAsInt()) {
      refusal = overBudgetError(cost, budget);
    } else if (cost > balance) {
      refusal = shortError(cost, balance);
    }
    return new Quote(cost, balance, remaining(balance, budget), refusal == null, refusal);
  }

  /** Refunds a charge once; with no charge, records a tombstone so that a late charge is refused. */
  @Transactional
  public Refund refund(String clientId, String operationId, String reason, String actor) {
    ledger.lockOperation(operationId);
    var refunded = ledger.find(operationId, LedgerEntry.REFUND);
    if (refunded.isPresent()) {
      if (!refunded.get().clientId.equals(clientId)) {
        throw mismatch();
      }
      var credits = refunded.get().credits;
      return new Refund(operationId, credits == 0 ? "not_charged" : "refunded", credits, ledger.balance(clientId),
          true);
    }
    var charged = ledger.find(operationId, LedgerEntry.CHARGE);
    if (charged.isPresent() && !charged.get().clientId.equals(clientId)) {
      throw mismatch();
    }
    var credits = charged.map(c -> -c.credits).orElse(0);
    var keyId = charged.map(c -> c.keyId).orElse(null);
    if (keyId != null && credits > 0) {
      // the key's row before the balance's, the order the charge locks them in, so the two never deadlock
      budgets.giveBack(keyId, credits);
    }
    var balance = credits == 0 ? ledger.balance(clientId) : ledger.addToBalance(clientId, credits);
    var entry = entry(clientId, LedgerEntry.REFUND, operationId, credits, balance, reason, actor);
    entry.keyId = keyId;
    ledger.persist(entry);
    return new Refund(operationId, charged.isPresent() ? "refunded" : "not_charged", credits, balance, false);
  }

  @Transactional
  public int balance(String clientId) {
    return ledger.balance(clientId);
  }

  /** (variants[attributes[by]], else variants[default], else credits) × quantity. */
  private int cost(ChargeRequest request) {
    var price = prices.findByIdOptional(request.operation()).orElseThrow(() -> ApiException.invalidField("operation",
        "is not a priced operation; see GET /internal/prices"));
    var unit = price.credits;
    if (price.variants != null && !price.variants.isEmpty()) {
      var chosen = request.attributes() == null ? null : request.attributes().get(price.variantBy);
      if (chosen != null && !price.variants.containsKey(chosen)) {
        throw ApiException.invalidField("attributes." + price.variantBy, "must be one of " + price.variants.keySet());
      }
      unit = price.variants.getOrDefault(chosen != null ? chosen : price.defaultVariant, price.credits);
    }
    return Math.multiplyExact(unit, request.quantity());
  }

  private static int remaining(int balance, Budget budget) {
    return budget == null ? balance : budget.remaining(balance);
  }

  private static boolean overMax(int cost, Integer maxCredits) {
    return maxCredits != null && cost > maxCredits;
  }

  private static ApiError overMaxError(int cost, int max) {
    return ApiError.of(ErrorCode.BUDGET_EXCEEDED, "This costs " + cost + " credits, more than the Max-Credits cap of "
        + max + "; nothing was charged.").with("cost", cost).with("max", max);
  }

  private static ApiError overBudgetError(int cost, Budget budget) {
    return ApiError.of(ErrorCode.BUDGET_EXCEEDED, "This costs " + cost + " credits and this key has "
        + budget.left().orElse(0) + " of its budget of " + budget.creditBudget() + " left; nothing was charged. The "
        + "key's owner can raise its budget.").with("cost", cost).with("creditBudget", budget.creditBudget())
        .with("creditsSpent", budget.creditsSpent());
  }

  private static ApiError shortError(int cost, int balance) {
    return ApiError.of(ErrorCode.INSUFFICIENT_CREDITS, "This costs " + cost + " credits; the balance is " + balance
        + ". Credits come with the monthly plan.").with("balance", balance).with("cost", cost);
  }

  private static ApiException shortOfCredits(int cost, int balance) {
    return new ApiException(shortError(cost, balance));
  }

  private static ApiError otherClientsKey(String keyId) {
    return ApiError.invalidField("keyId", "names a key of another client (" + keyId + ")");
  }

  private static LedgerEntry entry(String clientId, String kind, String operationId, int credits, int balanceAfter,
      String reason, String actor) {
    var entry = new LedgerEntry();
    entry.clientId = clientId;
    entry.kind = kind;
    entry.operationId = operationId;
    entry.credits = credits;
    entry.balanceAfter = balanceAfter;
    entry.reason = reason;
    entry.actor = actor;
    entry.createdAt = Instant.now();
    return entry;
  }

  private static Map<String, String> attributes(Map<String, String> attributes) {
    return attributes == null || attributes.isEmpty() ? null : attributes;
  }

  private static ApiException mismatch() {
    return new ApiException(ErrorCode.IDEMPOTENCY_KEY_MISMATCH, "This operationId was used with another client, "
        + "operation, quantity or attributes.");
  }
}

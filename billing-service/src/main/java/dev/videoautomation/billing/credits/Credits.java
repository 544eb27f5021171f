package dev.videoautomation.billing.credits;

import java.time.Instant;
import java.util.Map;
import java.util.Objects;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;

import io.quarkus.runtime.annotations.RegisterForReflection;

import dev.videoautomation.billing.plans.OperationPriceRepository;
import dev.videoautomation.platform.errors.ApiError;
import dev.videoautomation.platform.errors.ApiException;
import dev.videoautomation.platform.errors.ErrorCode;

/**
 * Charges and refunds (docs/internal-api.md §3.4): one charge and at most one refund per operationId, the balance
 * taken with one conditional statement so it never goes below zero whatever the concurrency, and every write under
 * a per-operation lock so a retried call finds the first outcome.
 */
@ApplicationScoped
public class Credits {
  private final LedgerRepository ledger;
  private final OperationPriceRepository prices;

  Credits(LedgerRepository ledger, OperationPriceRepository prices) {
    this.ledger = ledger;
    this.prices = prices;
  }

  @RegisterForReflection
  public record Charge(String operationId, String status, int creditsCharged, int balance, boolean replayed,
      long chargedAt) {
  }

  @RegisterForReflection
  public record Refund(String operationId, String status, int creditsRefunded, int balance, boolean replayed) {
  }

  /** A charge as asked for. */
  public record ChargeRequest(String clientId, String operationId, String operation, int quantity,
      Map<String, String> attributes) {
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
      return new Charge(request.operationId(), refund.isPresent() ? "refunded" : "charged", -charged.credits,
          ledger.balance(request.clientId()), true, charged.createdAt.toEpochMilli());
    }
    if (refund.isPresent()) {
      throw new ApiException(ErrorCode.CONFLICT, "This operation was given up (refunded before any charge); start "
          + "a new task with a new id.");
    }
    var cost = cost(request);
    var balance = cost == 0 ? ledger.balance(request.clientId())
        : ledger.takeFromBalance(request.clientId(), cost).orElseThrow(() -> new ApiException(ApiError.of(
            ErrorCode.INSUFFICIENT_CREDITS, "This costs " + cost + " credits; the balance is "
                + ledger.balance(request.clientId()) + ". Credits come with the monthly plan.")
            .with("balance", ledger.balance(request.clientId())).with("cost", cost)));
    var entry = entry(request.clientId(), LedgerEntry.CHARGE, request.operationId(), -cost, balance, null, actor);
    entry.operation = request.operation();
    entry.quantity = request.quantity();
    entry.attributes = request.attributes() == null || request.attributes().isEmpty() ? null : request.attributes();
    ledger.persist(entry);
    return new Charge(request.operationId(), "charged", cost, balance, false, entry.createdAt.toEpochMilli());
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
    var balance = credits == 0 ? ledger.balance(clientId) : ledger.addToBalance(clientId, credits);
    ledger.persist(entry(clientId, LedgerEntry.REFUND, operationId, credits, balance, reason, actor));
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

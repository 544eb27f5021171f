package dev.videoautomation.billing.credits;

import java.util.List;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;

import io.quarkus.panache.common.Sort;
import io.quarkus.runtime.annotations.RegisterForReflection;

import dev.videoautomation.platform.errors.ApiException;
import dev.videoautomation.platform.errors.ErrorCode;
import dev.videoautomation.platform.lists.Cursor;
import dev.videoautomation.platform.lists.Page;
import dev.videoautomation.platform.lists.PageRequest;

/**
 * Operators' credit commands (docs/internal-api.md §3.5): a grant applied once per operationId, and a client's ledger
 * newest first.
 */
@ApplicationScoped
public class CreditsAdmin {
  private final LedgerRepository ledger;
  private final CreditLedger credits;

  CreditsAdmin(LedgerRepository ledger, CreditLedger credits) {
    this.ledger = ledger;
    this.credits = credits;
  }

  @RegisterForReflection
  public record Granted(String operationId, int creditsGranted, int balance, boolean replayed) {
  }

  @RegisterForReflection
  public record Line(String kind, String operationId, String operation, int credits, int balanceAfter, String reason,
      String actor, long createdAt) {
  }

  /** Grants once: the same operationId again answers the first grant, with other figures it is refused. */
  @Transactional
  public Granted grant(String clientId, String operationId, int amount, String reason, String actor) {
    ledger.lockOperation(operationId);
    var existing = ledger.find(operationId, LedgerEntry.GRANT);
    if (existing.isPresent()) {
      var entry = existing.get();
      if (!entry.clientId.equals(clientId) || entry.credits != amount) {
        throw new ApiException(ErrorCode.IDEMPOTENCY_KEY_MISMATCH, "This operationId was used for another grant; "
            + "choose a new one.");
      }
      return new Granted(operationId, entry.credits, ledger.balance(clientId), true);
    }
    var entry = credits.grant(clientId, operationId, amount, reason, actor);
    return new Granted(operationId, entry.credits, entry.balanceAfter, false);
  }

  /** One page of the client's ledger, newest first. */
  @Transactional
  public Page<Line> ledger(String clientId, String limit, String cursor) {
    var page = PageRequest.of(limit, cursor);
    List<LedgerEntry> rows = page.after()
        .map(after -> ledger.find("clientId = ?1 and id < ?2", Sort.descending("id"), clientId, ledgerId(after)))
        .orElseGet(() -> ledger.find("clientId", Sort.descending("id"), clientId))
        .page(0, page.fetchSize()).list();
    return Page.fromRows(rows, page, row -> new Cursor(row.createdAt.toEpochMilli(), String.valueOf(row.id)),
        row -> new Line(row.kind, row.operationId, row.operation, row.credits, row.balanceAfter, row.reason,
            row.actor, row.createdAt.toEpochMilli()));
  }

  private static long ledgerId(Cursor cursor) {
    try {
      return Long.parseLong(cursor.id());
    } catch (NumberFormatException e) {
      throw ApiException.invalidField("cursor", "is not a cursor of this list; pass nextCursor from the last page");
    }
  }
}

package dev.videoautomation.records.accounts;

import java.time.Duration;
import java.util.List;

import javax.sql.DataSource;

import jakarta.enterprise.context.ApplicationScoped;

import dev.videoautomation.platform.work.WorkQueue;
import dev.videoautomation.records.common.ListQuery;
import dev.videoautomation.records.common.OwnedRecordRepository;
import dev.videoautomation.records.common.RecordLists;

@ApplicationScoped
public class AccountRepository implements OwnedRecordRepository<Account> {
  private final WorkQueue verificationsDue;

  public AccountRepository(DataSource dataSource) {
    this.verificationsDue = WorkQueue.of(dataSource, "accounts", "status = 'creating' AND next_attempt_at <= now()",
        "next_attempt_at, id", "lease_until");
  }

  public List<Account> page(ListQuery query) {
    return RecordLists.rows(getEntityManager(), Account.class, "accounts", query);
  }

  /**
   * Accounts whose verification is due and not leased to another worker, leased for {@code lease}; others skip them.
   * Runs on the caller's transaction, so the lease commits with what the caller writes to the accounts.
   */
  public List<Account> claimDue(int limit, Duration lease) {
    return verificationsDue.claim(limit, lease).stream().map(this::findById).toList();
  }

  /** Accounts still {@code creating} past their deadline, locked for the caller's transaction; others skip them. */
  @SuppressWarnings("unchecked")
  public List<Account> lockOverdue(int limit) {
    return getEntityManager().createNativeQuery("SELECT * FROM accounts WHERE status = 'creating'"
            + " AND deadline_at <= now() ORDER BY deadline_at, id LIMIT :limit FOR UPDATE SKIP LOCKED", Account.class)
        .setParameter("limit", limit).getResultList();
  }

  /**
   * Failed accounts whose refund has not gone through yet, locked for the caller's short transaction (no lease:
   * billing refunds an account id once, so a refund another worker sends at the same time does no harm).
   */
  @SuppressWarnings("unchecked")
  public List<Account> lockRefundsDue(int limit) {
    return getEntityManager().createNativeQuery("SELECT * FROM accounts WHERE refund_due"
            + " ORDER BY updated_at, id LIMIT :limit FOR UPDATE SKIP LOCKED", Account.class)
        .setParameter("limit", limit).getResultList();
  }
}

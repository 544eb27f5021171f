package dev.videoautomation.records.accounts;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

import jakarta.enterprise.context.ApplicationScoped;

import io.quarkus.hibernate.orm.panache.PanacheRepositoryBase;

import dev.videoautomation.records.common.ListQuery;
import dev.videoautomation.records.common.RecordLists;

@ApplicationScoped
public class AccountRepository implements PanacheRepositoryBase<Account, String> {

  public Optional<Account> findOwned(String clientId, String id) {
    return find("id = ?1 and clientId = ?2", id, clientId).firstResultOptional();
  }

  public List<Account> page(ListQuery query) {
    return RecordLists.rows(getEntityManager(), Account.class, "accounts", query);
  }

  /** Accounts whose verification is due and not leased to another worker, locked; others skip them. */
  @SuppressWarnings("unchecked")
  public List<Account> lockDue(Instant now, int limit) {
    return getEntityManager().createNativeQuery("SELECT * FROM accounts WHERE status = 'creating'"
            + " AND next_attempt_at <= :now AND (lease_until IS NULL OR lease_until < :now)"
            + " ORDER BY next_attempt_at, id LIMIT :limit FOR UPDATE SKIP LOCKED", Account.class)
        .setParameter("now", now).setParameter("limit", limit).getResultList();
  }

  /** Failed accounts whose refund has not gone through yet, locked. */
  @SuppressWarnings("unchecked")
  public List<Account> lockRefundsDue(int limit) {
    return getEntityManager().createNativeQuery("SELECT * FROM accounts WHERE refund_due"
            + " ORDER BY updated_at, id LIMIT :limit FOR UPDATE SKIP LOCKED", Account.class)
        .setParameter("limit", limit).getResultList();
  }
}

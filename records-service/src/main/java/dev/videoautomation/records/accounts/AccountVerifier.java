package dev.videoautomation.records.accounts;

import java.time.Duration;
import java.util.List;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.LockModeType;

import io.quarkus.logging.Log;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.scheduler.Scheduled;

import dev.videoautomation.platform.calls.CreditsCalls;
import dev.videoautomation.platform.calls.OwnerRefusal;
import dev.videoautomation.platform.calls.OwnerUnavailable;
import dev.videoautomation.records.clients.AccountLookup;
import dev.videoautomation.records.clients.ScrapeCalls;
import dev.videoautomation.records.common.Inputs;
import dev.videoautomation.records.common.RecordsConfig;

/**
 * Verifies {@code creating} accounts through scrape's account lookup. Each run claims due accounts with
 * {@code FOR UPDATE SKIP LOCKED} (so replicas share the work) and leases them, calls scrape outside any transaction,
 * then records the outcome:
 * <ul>
 *   <li>{@code exists: true} → {@code active}, verified, with the provider's display name, followers and URL;</li>
 *   <li>{@code exists: false} → {@code failed} ({@code account_not_found}) and refunded once;</li>
 *   <li>503 {@code provider_not_configured} → {@code active} with {@code verified: false}: nothing could check the
 *       handle, and the account says so rather than pretending;</li>
 *   <li>5xx, timeouts, unreachable → tried again after a doubling backoff; after {@code max-attempts}
 *       {@code failed} ({@code verification_unavailable}) and refunded once;</li>
 *   <li>any other refusal (a 4xx such as unsupported_platform) → {@code failed} at once and refunded;</li>
 *   <li>still {@code creating} past its deadline → {@code failed} ({@code deadline_exceeded}) and refunded.</li>
 * </ul>
 * Each change of status is the account's next job event ({@link AccountJobs}), written with it.
 * A refund is marked due in the same transaction that fails the account and cleared when billing confirms it, so a
 * crash between the two only repeats an idempotent refund (billing keys it by the account id).
 */
@ApplicationScoped
public class AccountVerifier {
  static final String NOT_FOUND = "account_not_found";
  static final String UNAVAILABLE = "verification_unavailable";
  static final String DEADLINE_EXCEEDED = "deadline_exceeded";

  private final AccountRepository accounts;
  private final ScrapeCalls scrape;
  private final CreditsCalls credits;
  private final AccountJobs jobs;
  private final RecordsConfig.Accounts config;

  public AccountVerifier(AccountRepository accounts, ScrapeCalls scrape, CreditsCalls credits, AccountJobs jobs,
      RecordsConfig config) {
    this.accounts = accounts;
    this.scrape = scrape;
    this.credits = credits;
    this.jobs = jobs;
    this.config = config.accounts();
  }

  @Scheduled(every = "{records.accounts.verify-every:5s}", concurrentExecution = Scheduled.ConcurrentExecution.SKIP,
      identity = "account-verification")
  void scheduled() {
    runOnce();
  }

  /**
   * One run: fail the accounts past their deadline, verify what is due, then send the refunds that are due. Returns
   * how many accounts were looked up.
   */
  public int runOnce() {
    QuarkusTransaction.requiringNew().run(this::failOverdue);
    var claimed = QuarkusTransaction.requiringNew().call(this::claim);
    for (var task : claimed) {
      var outcome = lookup(task);
      QuarkusTransaction.requiringNew().run(() -> apply(task, outcome));
    }
    refundDue();
    return claimed.size();
  }

  private record Task(String id, String platform, String name, int attempts) {
  }

  /**
   * Accounts still {@code creating} past their deadline fail with {@code deadline_exceeded} and are refunded. One
   * whose lookup is in flight fails too; the lookup's outcome then finds it no longer {@code creating}.
   */
  private void failOverdue() {
    for (var account : accounts.lockOverdue(config.batch())) {
      account.leaseUntil = null;
      account.touched();
      fail(account, DEADLINE_EXCEEDED, "The handle could not be verified before the deadline ("
          + config.deadline().toMinutes() + " min after creation); the credits were refunded. Create the account "
          + "again later.");
      jobs.changed(account);
    }
  }

  private List<Task> claim() {
    return accounts.claimDue(config.batch(), config.lease()).stream().map(account -> {
      account.attempts++;
      return new Task(account.id, account.platform, account.name, account.attempts);
    }).toList();
  }

  /** The lookup's answer, or the refusal it ended with. */
  private record Outcome(AccountLookup found, OwnerRefusal refusal) {
  }

  private Outcome lookup(Task task) {
    try {
      return new Outcome(scrape.lookupAccount(task.platform(), task.name()), null);
    } catch (OwnerRefusal refusal) {
      return new Outcome(null, refusal);
    }
  }

  private void apply(Task task, Outcome outcome) {
    // Locked: a deadline or an update may be writing the same account right now.
    var account = accounts.findById(task.id(), LockModeType.PESSIMISTIC_WRITE);
    if (account == null || !Account.CREATING.equals(account.status)) {
      return; // deleted meanwhile, or failed by its deadline
    }
    account.leaseUntil = null;
    account.touched();
    if (outcome.found() != null && outcome.found().exists()) {
      var found = outcome.found();
      activate(account, true);
      account.displayName = found.displayName();
      account.followers = found.followers();
      account.profileUrl = found.profileUrl();
    } else if (outcome.found() != null) {
      fail(account, NOT_FOUND, "The " + account.platform + " account '" + account.name
          + "' does not exist; the credits were refunded. Check the handle and create the account again.");
    } else if ("provider_not_configured".equals(outcome.refusal().reason())) {
      activate(account, false);
    } else if (outcome.refusal() instanceof OwnerUnavailable || outcome.refusal().status() >= 500) {
      retryOrFail(account, outcome.refusal());
    } else {
      fail(account, outcome.refusal().reason(), "The handle could not be checked: "
          + outcome.refusal().error().getMessage() + " The credits were refunded.");
    }
    if (!Account.CREATING.equals(account.status)) {
      jobs.changed(account);
    }
  }

  private void activate(Account account, boolean verified) {
    account.status = Account.ACTIVE;
    account.verified = verified;
    account.nextAttemptAt = null;
    account.finishedAt = account.updatedAt;
    Log.debugf("Account %s is active (verified: %s)", account.id, verified);
  }

  private void retryOrFail(Account account, OwnerRefusal refusal) {
    if (account.attempts >= config.maxAttempts()) {
      fail(account, UNAVAILABLE, "The handle could not be checked after " + account.attempts
          + " attempts (last: " + refusal.reason() + "); the credits were refunded. Create the account again later.");
      return;
    }
    var wait = config.backoff().multipliedBy(1L << Math.min(account.attempts - 1, 16));
    account.nextAttemptAt = Inputs.now().plus(wait.isNegative() ? Duration.ZERO : wait);
    Log.debugf("Account %s lookup failed (%s); attempt %d, next in %s", account.id, refusal.reason(),
        account.attempts, wait);
  }

  private void fail(Account account, String code, String message) {
    account.status = Account.FAILED;
    account.failureReason = code;
    account.failureMessage = message;
    account.nextAttemptAt = null;
    account.finishedAt = account.updatedAt;
    account.refundDue = true;
    Log.debugf("Account %s failed: %s (%s)", account.id, code, message);
  }

  private void refundDue() {
    var due = QuarkusTransaction.requiringNew().call(() -> accounts.lockRefundsDue(config.batch()).stream()
        .map(a -> new String[] {a.id, a.clientId, a.failureReason == null ? "task_failed" : a.failureReason})
        .toList());
    for (var refund : due) {
      try {
        credits.refund(refund[1], refund[0], refund[2]);
        QuarkusTransaction.requiringNew().run(() -> {
          var account = accounts.findById(refund[0]);
          if (account != null) {
            account.refundDue = false;
            account.refundedAt = Inputs.now();
          }
        });
      } catch (OwnerRefusal e) {
        Log.warnf("Refund of account %s failed (%s); retried next run", refund[0], e.reason());
      }
    }
  }
}

package dev.videoautomation.records.accounts;

import java.time.Duration;
import java.util.List;

import jakarta.enterprise.context.ApplicationScoped;

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
 *   <li>any other refusal (a 4xx such as unsupported_platform) → {@code failed} at once and refunded.</li>
 * </ul>
 * A refund is marked due in the same transaction that fails the account and cleared when billing confirms it, so a
 * crash between the two only repeats an idempotent refund (billing keys it by the account id).
 */
@ApplicationScoped
public class AccountVerifier {
  static final String NOT_FOUND = "account_not_found";
  static final String UNAVAILABLE = "verification_unavailable";

  private final AccountRepository accounts;
  private final ScrapeCalls scrape;
  private final CreditsCalls credits;
  private final RecordsConfig.Accounts config;

  public AccountVerifier(AccountRepository accounts, ScrapeCalls scrape, CreditsCalls credits, RecordsConfig config) {
    this.accounts = accounts;
    this.scrape = scrape;
    this.credits = credits;
    this.config = config.accounts();
  }

  @Scheduled(every = "{records.accounts.verify-every:5s}", concurrentExecution = Scheduled.ConcurrentExecution.SKIP,
      identity = "account-verification")
  void scheduled() {
    runOnce();
  }

  /** One run: verify what is due, then send the refunds that are due. Returns how many accounts were looked up. */
  public int runOnce() {
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
    var account = accounts.findById(task.id());
    if (account == null || !Account.CREATING.equals(account.status)) {
      return; // deleted meanwhile
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
  }

  private void activate(Account account, boolean verified) {
    account.status = Account.ACTIVE;
    account.verified = verified;
    account.nextAttemptAt = null;
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
    account.nextAttemptAt = null;
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

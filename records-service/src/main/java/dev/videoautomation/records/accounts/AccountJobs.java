package dev.videoautomation.records.accounts;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import jakarta.enterprise.context.ApplicationScoped;

import dev.videoautomation.platform.errors.ApiError;
import dev.videoautomation.platform.errors.ApiException;
import dev.videoautomation.platform.errors.ErrorCode;
import dev.videoautomation.platform.jobs.JobKind;
import dev.videoautomation.platform.jobs.JobStatus;
import dev.videoautomation.platform.lists.PageRequest;
import dev.videoautomation.records.common.ListQuery;
import dev.videoautomation.records.jobs.JobEvents;
import dev.videoautomation.records.jobs.JobSource;
import dev.videoautomation.records.jobs.JobView;

/**
 * An account's verification as a job, {@code account.verify} (docs/jobs.md): {@code creating} is running (from the
 * account's creation), {@code active} succeeded, {@code failed} failed. It cannot be canceled: the credits were
 * charged for the account, and it is either verified or refunded.
 */
@ApplicationScoped
public class AccountJobs implements JobSource {
  private static final Map<String, JobStatus> STATUSES = Map.of(Account.CREATING, JobStatus.RUNNING,
      Account.ACTIVE, JobStatus.SUCCEEDED, Account.FAILED, JobStatus.FAILED);

  private final AccountRepository accounts;
  private final JobEvents events;

  public AccountJobs(AccountRepository accounts, JobEvents events) {
    this.accounts = accounts;
    this.events = events;
  }

  @Override
  public JobKind kind() {
    return JobKind.ACCOUNT_VERIFY;
  }

  /**
   * Records a change of the account's status (or its creation) as its next job event. Call it in the transaction
   * that writes the change, after the account holds it.
   */
  void changed(Account account) {
    account.eventSeq++;
    events.changed(account.clientId, account.eventSeq, view(account), account.webhookUrl);
  }

  static JobStatus status(Account account) {
    return STATUSES.get(account.status);
  }

  static JobView view(Account account) {
    var result = new LinkedHashMap<String, Object>();
    result.put("accountId", account.id);
    result.put("verified", account.verified);
    result.put("displayName", account.displayName);
    result.put("followers", account.followers);
    result.put("profileUrl", account.profileUrl);
    var code = account.failureReason == null ? "verification_failed" : account.failureReason;
    var message = account.failureMessage != null ? account.failureMessage
        : "The account's verification failed (" + code + ").";
    return JobView.of(new JobView.Facts(JobKind.ACCOUNT_VERIFY, account.id, status(account), account.createdAt,
        account.updatedAt, account.createdAt, account.finishedAt, account.deadlineAt, account.creditsCharged,
        account.refundedAt == null ? 0 : account.creditsCharged, result, new JobView.Error(code, message),
        "/v1/accounts/" + account.id));
  }

  @Override
  public Optional<Job> find(String clientId, String id) {
    return accounts.findOwned(clientId, id).map(account -> new Job(view(account), account.eventSeq));
  }

  @Override
  public List<JobView> page(String clientId, Optional<JobStatus> status, Map<String, String> tags,
      PageRequest page) {
    var query = ListQuery.of(clientId, tags, page);
    if (status.isPresent()) {
      var own = STATUSES.entrySet().stream().filter(e -> e.getValue() == status.get()).map(Map.Entry::getKey)
          .findFirst();
      if (own.isEmpty()) {
        return List.of();
      }
      query.where("status", own.get());
    }
    return accounts.page(query).stream().map(AccountJobs::view).toList();
  }

  /** Never: 409 {@code not_cancelable} for any account of the client's. */
  @Override
  public Optional<JobView> cancel(String clientId, String id) {
    return accounts.findOwned(clientId, id).map(account -> {
      throw new ApiException(ApiError.of(ErrorCode.NOT_CANCELABLE, "An account's verification cannot be canceled: "
          + "it ends by itself, active or failed (and refunded). Delete the account if you no longer want it.")
          .with("status", status(account).wire()));
    });
  }
}

package dev.videoautomation.records.accounts;

import static jakarta.transaction.Transactional.TxType.NOT_SUPPORTED;
import static jakarta.transaction.Transactional.TxType.REQUIRES_NEW;
import static jakarta.transaction.Transactional.TxType.SUPPORTS;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;

import io.quarkus.logging.Log;
import io.quarkus.narayana.jta.QuarkusTransaction;

import dev.videoautomation.platform.calls.CreditsCalls;
import dev.videoautomation.platform.errors.ApiException;
import dev.videoautomation.platform.ids.IdPrefix;
import dev.videoautomation.platform.ids.Ids;
import dev.videoautomation.platform.lists.Page;
import dev.videoautomation.platform.spending.DryRuns;
import dev.videoautomation.platform.spending.SpendingOperation;
import dev.videoautomation.platform.updates.PartialUpdate;
import dev.videoautomation.records.common.Deleted;
import dev.videoautomation.records.common.Inputs;
import dev.videoautomation.records.common.ListQuery;
import dev.videoautomation.records.common.OwnedRecordService;
import dev.videoautomation.records.common.RecordsConfig;
import dev.videoautomation.records.common.WebhookUrls;

/** Accounts: creation is paid ({@code account.create}) and verified later by {@link AccountVerifier}. */
@ApplicationScoped
public class AccountService implements
    OwnedRecordService<AccountDtos.View, AccountDtos.Filters, AccountDtos.Create, AccountDtos.Update, Deleted> {
  public static final Set<String> PLATFORMS = Set.of("shortvideo", "photo");
  public static final Set<String> STATUSES = Set.of(Account.CREATING, Account.ACTIVE, Account.FAILED);

  private final AccountRepository accounts;
  private final CreditsCalls credits;
  private final AccountJobs jobs;
  private final WebhookUrls webhooks;
  private final Duration deadline;
  private final DryRuns dryRuns;

  public AccountService(AccountRepository accounts, CreditsCalls credits, AccountJobs jobs, WebhookUrls webhooks,
      RecordsConfig config, DryRuns dryRuns) {
    this.accounts = accounts;
    this.credits = credits;
    this.jobs = jobs;
    this.webhooks = webhooks;
    this.deadline = config.accounts().deadline();
    this.dryRuns = dryRuns;
  }

  /**
   * Charges {@code account.create} under the new account's id first (a 402 stores nothing), then stores the account
   * as {@code creating} with its verification due at once, and its first job event with it. A {@code webhookUrl} is
   * checked with the other fields; a deployment without webhooks refuses it (503) before anything is charged. A dry
   * run ends once every field passed, with billing's quote of the charge.
   */
  @Override
  @Transactional(NOT_SUPPORTED)
  public AccountDtos.View create(String clientId, AccountDtos.Create body) {
    if (body == null) {
      throw ApiException.invalidField("body", "is required: send {\"platform\", \"name\"}");
    }
    var platform = Inputs.oneOf("platform", Inputs.required("platform", body.platform(), 32), PLATFORMS);
    var name = Inputs.required("name", body.name(), Inputs.MAX_NAME).trim();
    var tags = Inputs.tags(body.tags());
    var metadata = Inputs.metadata(body.metadata());
    var webhookUrl = webhooks.check(body.webhookUrl());
    dryRuns.stopIfRequested(clientId, SpendingOperation.CREATE_ACCOUNT, 1, Map.of());
    var id = Ids.newId(IdPrefix.ACC);
    var charged = credits.charge(clientId, id, SpendingOperation.CREATE_ACCOUNT.billingOperationName(), 1, null);
    var account = new Account();
    account.created(id, clientId);
    account.platform = platform;
    account.name = name;
    account.status = Account.CREATING;
    account.tags = tags == null ? List.of() : tags;
    account.metadata = metadata == null ? Map.of() : metadata;
    account.creditsCharged = charged.creditsCharged();
    account.nextAttemptAt = account.createdAt;
    account.deadlineAt = account.createdAt.plus(deadline);
    account.webhookUrl = webhookUrl;
    try {
      QuarkusTransaction.requiringNew().run(() -> {
        accounts.persist(account);
        jobs.changed(account);
      });
    } catch (RuntimeException e) {
      Log.warnf("Account %s was charged but could not be stored; refunding", id);
      credits.refund(clientId, id, "store_failed");
      throw e;
    }
    Log.debugf("Account %s (%s %s) created for %s, %d credits", id, platform, name, clientId, account.creditsCharged);
    return AccountDtos.View.created(account, webhookUrl == null ? null : webhooks.secret(id));
  }

  @Override
  @Transactional(SUPPORTS)
  public Optional<AccountDtos.View> find(String clientId, String id) {
    return accounts.findOwned(clientId, id).map(AccountDtos.View::from);
  }

  @Override
  @Transactional(SUPPORTS)
  public Page<AccountDtos.View> list(ListQuery query, AccountDtos.Filters filters) {
    query.where("status", Inputs.statusFilter(filters.status(), STATUSES))
        .where("platform", Inputs.filter("platform", filters.platform(), PLATFORMS));
    return Page.fromRows(accounts.page(query), query.page(), Account::cursor, AccountDtos.View::from);
  }

  /** Tags and metadata; platform and name were verified, so changing them is refused. */
  @Override
  @Transactional(REQUIRES_NEW)
  public Optional<AccountDtos.View> update(String clientId, String id, AccountDtos.Update body) {
    var changes = PartialUpdate.<Account>of(body)
        .refuse("platform", body.platform(), "cannot be changed; create a new account instead")
        .refuse("name", body.name(), "cannot be changed (it was verified); create a new account instead")
        .set(body.tags(), Inputs::tags, (account, tags) -> account.tags = tags)
        .set(body.metadata(), Inputs::metadata, (account, metadata) -> account.metadata = metadata);
    return accounts.updateOwned(clientId, id, changes).map(AccountDtos.View::from);
  }

  @Override
  @Transactional(REQUIRES_NEW)
  public Optional<Deleted> remove(String clientId, String id) {
    return accounts.deleteOwned(clientId, id);
  }
}

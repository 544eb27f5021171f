package dev.videoautomation.records.posts;

import static jakarta.transaction.Transactional.TxType.NOT_SUPPORTED;
import static jakarta.transaction.Transactional.TxType.REQUIRES_NEW;
import static jakarta.transaction.Transactional.TxType.SUPPORTS;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;

import io.quarkus.narayana.jta.QuarkusTransaction;

import dev.videoautomation.platform.errors.ApiError;
import dev.videoautomation.platform.errors.ApiException;
import dev.videoautomation.platform.errors.ErrorCode;
import dev.videoautomation.platform.ids.IdPrefix;
import dev.videoautomation.platform.ids.Ids;
import dev.videoautomation.platform.lists.Page;
import dev.videoautomation.platform.spending.DryRuns;
import dev.videoautomation.platform.spending.SpendingOperation;
import dev.videoautomation.platform.updates.PartialUpdate;
import dev.videoautomation.records.accounts.Account;
import dev.videoautomation.records.accounts.AccountRepository;
import dev.videoautomation.records.common.Deleted;
import dev.videoautomation.records.common.Inputs;
import dev.videoautomation.records.common.ListQuery;
import dev.videoautomation.records.common.OwnedRecordService;
import dev.videoautomation.records.common.RecordsConfig;
import dev.videoautomation.records.common.WebhookUrls;
import dev.videoautomation.records.openapi.ApiDocs;

/**
 * Posts: checked against the caller's accounts and videos ({@link PostVideos}) when scheduled; published by
 * {@link PostPublisher}.
 */
@ApplicationScoped
public class PostService
    implements OwnedRecordService<PostDtos.View, PostDtos.Filters, PostDtos.Create, PostDtos.Update, Deleted> {
  public static final Set<String> STATUSES = Set.of(Post.SCHEDULED, Post.PUBLISHING, Post.PUBLISHED, Post.FAILED,
      Post.CANCELED);
  /** The longest caption both target platforms take. */
  static final int MAX_CAPTION = 2200;

  private final PostRepository posts;
  private final AccountRepository accounts;
  private final PostVideos videos;
  private final PostJobs jobs;
  private final WebhookUrls webhooks;
  private final Duration deadline;
  private final DryRuns dryRuns;

  public PostService(PostRepository posts, AccountRepository accounts, PostVideos videos, PostJobs jobs,
      WebhookUrls webhooks, RecordsConfig config, DryRuns dryRuns) {
    this.posts = posts;
    this.accounts = accounts;
    this.videos = videos;
    this.jobs = jobs;
    this.webhooks = webhooks;
    this.deadline = config.publisher().deadline();
    this.dryRuns = dryRuns;
  }

  /**
   * Stores the post {@code scheduled}, with its first job event. A {@code webhookUrl} is checked after every other
   * field (a deployment without webhooks refuses it with 503 only then). A dry run ends once every field passed:
   * nothing is stored (a deployment without a publisher still takes posts, which fail when due).
   */
  @Override
  @Transactional(NOT_SUPPORTED)
  public PostDtos.View create(String clientId, PostDtos.Create body) {
    if (body == null) {
      throw ApiException.invalidField("accountId", "is required");
    }
    var post = new Post();
    post.accountId = checkAccount(clientId, body.accountId());
    post.videoId = Inputs.required("videoId", body.videoId(), 64);
    post.videoUrl = videos.publishableUrl(clientId, post.videoId);
    post.caption = Inputs.optional("caption", body.caption(), MAX_CAPTION);
    var tags = Inputs.tags(body.tags());
    post.tags = tags == null ? List.of() : tags;
    post.status = Post.SCHEDULED;
    post.created(Ids.newId(IdPrefix.PST), clientId);
    post.scheduledAt = body.scheduledAt() == null ? post.createdAt : scheduledAt(body.scheduledAt());
    post.deadlineAt = deadline(post.scheduledAt);
    post.webhookUrl = webhooks.check(body.webhookUrl());
    dryRuns.stopIfRequested(SpendingOperation.CREATE_POST);
    QuarkusTransaction.requiringNew().run(() -> {
      posts.persist(post);
      jobs.changed(post);
    });
    return PostDtos.View.created(post, post.webhookUrl == null ? null : webhooks.secret(post.id));
  }

  @Override
  @Transactional(SUPPORTS)
  public Optional<PostDtos.View> find(String clientId, String id) {
    return posts.findOwned(clientId, id).map(PostDtos.View::from);
  }

  @Override
  @Transactional(SUPPORTS)
  public Page<PostDtos.View> list(ListQuery query, PostDtos.Filters filters) {
    var accountId = filters.accountId() == null || filters.accountId().isBlank() ? null
        : Inputs.id("accountId", IdPrefix.ACC, filters.accountId());
    query.where("status", Inputs.statusFilter(filters.status(), STATUSES)).where("account_id", accountId);
    return Page.fromRows(posts.page(query), query.page(), Post::cursor, PostDtos.View::from);
  }

  /** The video a post publishes: its id and the URL to publish (null while a generated video still renders). */
  private record Video(String id, String url) {
  }

  /**
   * Changes a post still {@code scheduled}; any other status is 409 conflict. The account and the video are checked
   * (outside any transaction: the video may need clone or media) before the post is read.
   */
  @Override
  @Transactional(NOT_SUPPORTED)
  public Optional<PostDtos.View> update(String clientId, String id, PostDtos.Update body) {
    var changes = PartialUpdate.<Post>of(body)
        .set(body.accountId(), accountId -> checkAccount(clientId, accountId), (post, account) ->
            post.accountId = account)
        .set(body.videoId(), videoId -> video(clientId, videoId), (post, video) -> {
          post.videoId = video.id();
          post.videoUrl = video.url();
        })
        .set(body.caption(), caption -> Inputs.optional("caption", caption, MAX_CAPTION), (post, caption) ->
            post.caption = caption)
        .set(body.scheduledAt(), PostService::scheduledAt, (post, at) -> {
          post.scheduledAt = at;
          post.deadlineAt = deadline(at);
        })
        .set(body.tags(), Inputs::tags, (post, tags) -> post.tags = tags);
    return QuarkusTransaction.requiringNew().call(() -> posts.lockOwned(clientId, id).map(post -> {
      requireScheduled(post, "changed");
      changes.applyTo(post).touched();
      return PostDtos.View.from(post);
    }));
  }

  private Video video(String clientId, String videoId) {
    var checked = Inputs.required("videoId", videoId, 64);
    return new Video(checked, videos.publishableUrl(clientId, checked));
  }

  /** Deletes a post in any status but {@code publishing} (409: the publisher is posting it right now). */
  @Override
  @Transactional(REQUIRES_NEW)
  public Optional<Deleted> remove(String clientId, String id) {
    return posts.lockOwned(clientId, id).map(post -> {
      if (Post.PUBLISHING.equals(post.status)) {
        throw new ApiException(ApiError.of(ErrorCode.CONFLICT, "The post is being published right now and cannot "
            + "be deleted; read it again in a minute.").with("status", post.status));
      }
      posts.delete(post);
      return Deleted.of(post.id);
    });
  }

  private static void requireScheduled(Post post, String what) {
    if (!Post.SCHEDULED.equals(post.status)) {
      throw new ApiException(ApiError.of(ErrorCode.CONFLICT, "The post is " + post.status + " and can no longer be "
          + what + "; only scheduled posts can. Create a new post instead.").with("status", post.status));
    }
  }

  private String checkAccount(String clientId, String accountId) {
    Inputs.required("accountId", accountId, 64);
    if (!Ids.looksLike(IdPrefix.ACC, accountId)) {
      throw ApiException.invalidField("accountId", "must be the id of one of your accounts (acc_…)");
    }
    var account = QuarkusTransaction.requiringNew().call(() -> accounts.findOwned(clientId, accountId));
    if (account.isEmpty()) {
      throw ApiException.invalidField("accountId", "names no account of yours; list them at GET /v1/accounts");
    }
    if (Account.FAILED.equals(account.get().status)) {
      throw ApiException.invalidField("accountId", "names an account that failed verification ("
          + account.get().failureReason + "); create the account again");
    }
    return accountId;
  }

  /**
   * Publishing must start within the configured deadline after the post is due: {@code scheduledAt}, or now when that
   * is already past (a post scheduled for an earlier time is due at once, not overdue at once); the year 9999 at the
   * latest.
   */
  private Instant deadline(Instant scheduledAt) {
    var due = scheduledAt.isBefore(Inputs.now()) ? Inputs.now() : scheduledAt;
    var last = Instant.ofEpochMilli(ApiDocs.EPOCH_MS_LAST);
    return due.isAfter(last.minus(deadline)) ? last : due.plus(deadline);
  }

  private static Instant scheduledAt(long millis) {
    if (millis < 0 || millis > ApiDocs.EPOCH_MS_LAST) {
      throw ApiException.invalidField("scheduledAt", "must be epoch milliseconds no later than the year 9999");
    }
    return Instant.ofEpochMilli(millis);
  }
}

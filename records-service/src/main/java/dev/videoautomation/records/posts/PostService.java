package dev.videoautomation.records.posts;

import static jakarta.transaction.Transactional.TxType.NOT_SUPPORTED;
import static jakarta.transaction.Transactional.TxType.REQUIRES_NEW;
import static jakarta.transaction.Transactional.TxType.SUPPORTS;

import java.time.Instant;
import java.util.List;
import java.util.Map;
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
import dev.videoautomation.platform.lists.PageRequest;
import dev.videoautomation.records.accounts.Account;
import dev.videoautomation.records.accounts.AccountRepository;
import dev.videoautomation.records.common.ApiDocs;
import dev.videoautomation.records.common.Inputs;
import dev.videoautomation.records.common.ListQuery;
import dev.videoautomation.records.common.OwnedRecordService;

/**
 * Posts: checked against the caller's accounts and videos ({@link PostVideos}) when scheduled; published by
 * {@link PostPublisher}.
 */
@ApplicationScoped
public class PostService implements OwnedRecordService<Post, PostDtos.Update> {
  public static final Set<String> STATUSES = Set.of(Post.SCHEDULED, Post.PUBLISHING, Post.PUBLISHED, Post.FAILED);
  /** The longest caption both target platforms take. */
  static final int MAX_CAPTION = 2200;

  private final PostRepository posts;
  private final AccountRepository accounts;
  private final PostVideos videos;

  public PostService(PostRepository posts, AccountRepository accounts, PostVideos videos) {
    this.posts = posts;
    this.accounts = accounts;
    this.videos = videos;
  }

  @Transactional(NOT_SUPPORTED)
  public Post create(String clientId, PostDtos.Create body) {
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
    QuarkusTransaction.requiringNew().run(() -> posts.persist(post));
    return post;
  }

  @Override
  @Transactional(SUPPORTS)
  public Optional<Post> find(String clientId, String id) {
    return posts.findOwned(clientId, id);
  }

  @Transactional(SUPPORTS)
  public Page<PostDtos.View> list(String clientId, Map<String, String> tags, PageRequest page, String status,
      String accountId) {
    var account = accountId == null || accountId.isBlank() ? null : Inputs.id("accountId", IdPrefix.ACC, accountId);
    var query = ListQuery.of(clientId, tags, page)
        .where("status", Inputs.statusFilter(status, STATUSES))
        .where("account_id", account);
    return Page.fromRows(posts.page(query), page, Post::cursor, PostDtos.View::from);
  }

  /** Changes a post still {@code scheduled}; any other status is 409 conflict. */
  @Override
  @Transactional(NOT_SUPPORTED)
  public Optional<Post> update(String clientId, String id, PostDtos.Update body) {
    if (body == null) {
      throw ApiException.invalidField("body", "is required");
    }
    var accountId = body.accountId() == null ? null : checkAccount(clientId, body.accountId());
    var videoId = body.videoId() == null ? null : Inputs.required("videoId", body.videoId(), 64);
    var videoUrl = videoId == null ? null : videos.publishableUrl(clientId, videoId);
    var caption = Inputs.optional("caption", body.caption(), MAX_CAPTION);
    var scheduledAt = body.scheduledAt() == null ? null : scheduledAt(body.scheduledAt());
    var tags = Inputs.tags(body.tags());
    return QuarkusTransaction.requiringNew().call(() -> posts.findOwned(clientId, id).map(post -> {
      requireScheduled(post, "changed");
      post.accountId = accountId != null ? accountId : post.accountId;
      if (videoId != null) {
        post.videoId = videoId;
        post.videoUrl = videoUrl;
      }
      post.caption = caption != null ? caption : post.caption;
      post.scheduledAt = scheduledAt != null ? scheduledAt : post.scheduledAt;
      post.tags = tags != null ? tags : post.tags;
      post.touched();
      return post;
    }));
  }

  /** Deletes a post in any status but {@code publishing} (409: the publisher is posting it right now). */
  @Override
  @Transactional(REQUIRES_NEW)
  public Optional<Post> remove(String clientId, String id) {
    return posts.findOwned(clientId, id).map(post -> {
      if (Post.PUBLISHING.equals(post.status)) {
        throw new ApiException(ApiError.of(ErrorCode.CONFLICT, "The post is being published right now and cannot "
            + "be deleted; read it again in a minute.").with("status", post.status));
      }
      posts.delete(post);
      return post;
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

  private static Instant scheduledAt(long millis) {
    if (millis < 0 || millis > ApiDocs.EPOCH_MS_LAST) {
      throw ApiException.invalidField("scheduledAt", "must be epoch milliseconds no later than the year 9999");
    }
    return Instant.ofEpochMilli(millis);
  }
}

package dev.videoautomation.records.posts;

import java.util.List;
import java.util.Map;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.LockModeType;

import io.quarkus.logging.Log;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.scheduler.Scheduled;

import dev.videoautomation.platform.calls.OwnerRefusal;
import dev.videoautomation.platform.ids.IdPrefix;
import dev.videoautomation.platform.ids.Ids;
import dev.videoautomation.records.accounts.Account;
import dev.videoautomation.records.accounts.AccountRepository;
import dev.videoautomation.records.clients.CloneCalls;
import dev.videoautomation.records.common.RecordsConfig;
import dev.videoautomation.records.provider.AyrsharePublisher;
import dev.videoautomation.records.provider.PublishOutcome;

/**
 * Publishes due posts. Each run first fails posts left in {@code publishing} past their lease with
 * {@code publish_interrupted} (a worker died mid-call: whether the network got the post is unknown, and a double post
 * is worse than a failed one, so it is never re-sent), then claims due {@code scheduled} posts with
 * {@code FOR UPDATE SKIP LOCKED}, marks them {@code publishing} with a lease, and publishes each outside any
 * transaction. Posts still {@code scheduled} past their deadline fail {@code deadline_exceeded} unsent. Every change
 * of status is the post's next job event ({@link PostJobs}), written with it. A generated video ({@code vid_…}) is
 * resolved again at publish time with the service's own token and must be {@code succeeded}.
 */
@ApplicationScoped
public class PostPublisher {
  static final String INTERRUPTED = "publish_interrupted";
  static final String DEADLINE_EXCEEDED = "deadline_exceeded";
  private static final Map<String, String> NETWORKS = Map.of("shortvideo", "tiktok", "photo", "instagram");

  private final PostRepository posts;
  private final AccountRepository accounts;
  private final CloneCalls clone;
  private final AyrsharePublisher publisher;
  private final PostJobs jobs;
  private final RecordsConfig.Publisher config;

  public PostPublisher(PostRepository posts, AccountRepository accounts, CloneCalls clone,
      AyrsharePublisher publisher, PostJobs jobs, RecordsConfig config) {
    this.posts = posts;
    this.accounts = accounts;
    this.clone = clone;
    this.publisher = publisher;
    this.jobs = jobs;
    this.config = config.publisher();
  }

  @Scheduled(every = "{records.publisher.every:10s}", concurrentExecution = Scheduled.ConcurrentExecution.SKIP,
      identity = "post-publisher")
  void scheduled() {
    runOnce();
  }

  /** One run; returns how many posts were claimed for publishing. */
  public int runOnce() {
    QuarkusTransaction.requiringNew().run(this::failInterrupted);
    QuarkusTransaction.requiringNew().run(this::failOverdue);
    var claimed = QuarkusTransaction.requiringNew().call(this::claim);
    for (var job : claimed) {
      var outcome = publish(job);
      QuarkusTransaction.requiringNew().run(() -> finish(job.postId(), outcome));
    }
    return claimed.size();
  }

  /** What the publisher needs of a claimed post, read while it was locked. */
  record Job(String postId, String clientId, String videoId, String videoUrl, String caption, String network,
      String accountProblem) {
  }

  private void failInterrupted() {
    for (var post : posts.claimInterrupted(config.batch())) {
      Log.warnf("Post %s was left publishing past its lease; failing it without re-sending", post.id);
      post.status = Post.FAILED;
      post.leaseUntil = null;
      post.errorCode = INTERRUPTED;
      post.errorMessage = "Publishing was interrupted and it is unknown whether the post went out; it is not sent "
          + "again automatically, since a double post is worse than a failed one. Check the account, then schedule "
          + "a new post if needed.";
      post.touched();
      post.finishedAt = post.updatedAt;
      jobs.changed(post);
    }
  }

  /**
   * Posts still {@code scheduled} past their deadline (the publisher was stopped or behind) fail with
   * {@code deadline_exceeded}, never sent: a post long after its time may no longer be wanted. One already
   * {@code publishing} ends by its publish (or its lease), so a post that went out is never called failed.
   */
  private void failOverdue() {
    for (var post : posts.lockOverdue(config.batch())) {
      post.status = Post.FAILED;
      post.leaseUntil = null;
      post.errorCode = DEADLINE_EXCEEDED;
      post.errorMessage = "Publishing had not started " + config.deadline().toMinutes() + " min after the post was "
          + "due, so it was not sent. Schedule a new post if it is still wanted.";
      post.touched();
      post.finishedAt = post.updatedAt;
      jobs.changed(post);
    }
  }

  private List<Job> claim() {
    return posts.claimDue(config.batch(), config.lease()).stream().map(post -> {
      post.status = Post.PUBLISHING;
      post.touched();
      post.startedAt = post.updatedAt;
      jobs.changed(post);
      var account = accounts.findOwned(post.clientId, post.accountId);
      String problem = null;
      if (account.isEmpty()) {
        problem = "The account " + post.accountId + " no longer exists.";
      } else if (!Account.ACTIVE.equals(account.get().status)) {
        problem = "The account " + post.accountId + " is " + account.get().status + ", not active.";
      }
      var network = account.map(a -> NETWORKS.get(a.platform)).orElse(null);
      return new Job(post.id, post.clientId, post.videoId, post.videoUrl, post.caption, network, problem);
    }).toList();
  }

  private PublishOutcome publish(Job job) {
    if (job.accountProblem() != null) {
      return PublishOutcome.failed("account_unavailable", job.accountProblem() + " The post was not published.");
    }
    if (!publisher.configured()) {
      return AyrsharePublisher.notConfigured();
    }
    var url = job.videoUrl();
    if (Ids.looksLike(IdPrefix.VID, job.videoId())) {
      try {
        var video = clone.find(job.videoId()).filter(v -> v.clientId() == null || v.clientId().equals(job.clientId()));
        if (video.isEmpty()) {
          return PublishOutcome.failed("video_not_found", "The generated video " + job.videoId() + " no longer "
              + "exists; the post was not published.");
        }
        if (!video.get().succeeded()) {
          return PublishOutcome.failed("video_not_ready", "The generated video " + job.videoId() + " is "
              + video.get().status() + ", not succeeded, at the scheduled time; the post was not published. "
              + "Schedule it again once the video has succeeded.");
        }
        url = video.get().resultUrl();
      } catch (OwnerRefusal e) {
        return PublishOutcome.failed("video_unavailable", "The generated video could not be read ("
            + e.reason() + "); nothing was posted. Schedule the post again.");
      }
    }
    return publisher.publish(job.network(), job.caption(), url);
  }

  private void finish(String postId, PublishOutcome outcome) {
    var post = posts.findById(postId, LockModeType.PESSIMISTIC_WRITE);
    if (post == null || !Post.PUBLISHING.equals(post.status)) {
      return;
    }
    post.leaseUntil = null;
    post.touched();
    if (outcome.published()) {
      post.status = Post.PUBLISHED;
      post.publishedAt = post.updatedAt;
      post.externalId = outcome.externalId();
      post.postUrl = outcome.postUrl();
    } else {
      post.status = Post.FAILED;
      post.errorCode = outcome.errorCode();
      post.errorMessage = outcome.errorMessage();
    }
    post.finishedAt = post.updatedAt;
    jobs.changed(post);
    Log.debugf("Post %s: %s %s", postId, post.status, post.errorCode == null ? "" : post.errorCode);
  }
}

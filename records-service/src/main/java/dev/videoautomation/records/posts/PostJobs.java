package dev.videoautomation.records.posts;

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
 * A post's publishing as a job, {@code post.publish} (docs/jobs.md): {@code scheduled} is pending, {@code publishing}
 * running, {@code published} succeeded, {@code failed} failed, {@code canceled} canceled. It charges no credits. It
 * can be canceled only while {@code scheduled}: the cancel locks the post, and the publisher claims only
 * {@code scheduled} posts under the same row lock, so either the cancel comes first and the post is never sent, or
 * the claim does and the cancel is 409 {@code not_cancelable}.
 */
@ApplicationScoped
public class PostJobs implements JobSource {
  static final String CANCELED_MESSAGE = "The post was canceled before publishing started; nothing was posted.";
  private static final Map<String, JobStatus> STATUSES = Map.of(Post.SCHEDULED, JobStatus.PENDING,
      Post.PUBLISHING, JobStatus.RUNNING, Post.PUBLISHED, JobStatus.SUCCEEDED, Post.FAILED, JobStatus.FAILED,
      Post.CANCELED, JobStatus.CANCELED);

  private final PostRepository posts;
  private final JobEvents events;

  public PostJobs(PostRepository posts, JobEvents events) {
    this.posts = posts;
    this.events = events;
  }

  @Override
  public JobKind kind() {
    return JobKind.POST_PUBLISH;
  }

  /**
   * Records a change of the post's status (or its creation) as its next job event. Call it in the transaction that
   * writes the change, after the post holds it.
   */
  void changed(Post post) {
    post.eventSeq++;
    events.changed(post.clientId, post.eventSeq, view(post), post.webhookUrl);
  }

  static JobView view(Post post) {
    var result = new LinkedHashMap<String, Object>();
    result.put("postId", post.id);
    result.put("postUrl", post.postUrl);
    result.put("externalId", post.externalId);
    var error = Post.CANCELED.equals(post.status) ? new JobView.Error("canceled", CANCELED_MESSAGE)
        : new JobView.Error(post.errorCode == null ? "publish_failed" : post.errorCode,
            post.errorMessage == null ? "The post was not published." : post.errorMessage);
    return JobView.of(new JobView.Facts(JobKind.POST_PUBLISH, post.id, STATUSES.get(post.status), post.createdAt,
        post.updatedAt, post.startedAt, post.finishedAt, post.deadlineAt, 0, 0, result, error,
        "/v1/posts/" + post.id));
  }

  @Override
  public Optional<Job> find(String clientId, String id) {
    return posts.findOwned(clientId, id).map(post -> new Job(view(post), post.eventSeq));
  }

  @Override
  public List<JobView> page(String clientId, Optional<JobStatus> status, Map<String, String> tags,
      PageRequest page) {
    var query = ListQuery.of(clientId, tags, page);
    status.ifPresent(wanted -> query.where("status", STATUSES.entrySet().stream()
        .filter(e -> e.getValue() == wanted).map(Map.Entry::getKey).findFirst().orElseThrow()));
    return posts.page(query).stream().map(PostJobs::view).toList();
  }

  /** Only while {@code scheduled}; a canceled post answers its view again; else 409 {@code not_cancelable}. */
  @Override
  public Optional<JobView> cancel(String clientId, String id) {
    return posts.lockOwned(clientId, id).map(post -> {
      if (Post.SCHEDULED.equals(post.status)) {
        post.status = Post.CANCELED;
        post.leaseUntil = null;
        post.touched();
        post.finishedAt = post.updatedAt;
        changed(post);
      } else if (!Post.CANCELED.equals(post.status)) {
        throw new ApiException(ApiError.of(ErrorCode.NOT_CANCELABLE, "The post is " + post.status + ": only a "
            + "scheduled post can be canceled, before publishing starts.").with("status", view(post).status()));
      }
      return view(post);
    });
  }
}

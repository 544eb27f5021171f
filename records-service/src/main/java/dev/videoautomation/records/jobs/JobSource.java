package dev.videoautomation.records.jobs;

import java.util.List;
import java.util.Map;
import java.util.Optional;

import dev.videoautomation.platform.jobs.JobKind;
import dev.videoautomation.platform.jobs.JobStatus;
import dev.videoautomation.platform.lists.PageRequest;

/**
 * One kind of job records owns (accounts: {@code account.verify}, posts: {@code post.publish}), as the internal job
 * API reads it. Each kind maps its own statuses onto the job's (docs/jobs.md); the API never reads their tables.
 */
public interface JobSource {
  JobKind kind();

  /** A job of {@code clientId}'s and its event counter; another client's is empty. */
  Optional<Job> find(String clientId, String id);

  /**
   * Up to {@link PageRequest#fetchSize()} of the client's jobs (one more than the page, so a merge knows whether
   * more follow), newest first by {@code (createdAt, id)}, strictly older than the page's position when it has one,
   * in {@code status} when given, carrying every tag of {@code tags}.
   */
  List<JobView> page(String clientId, Optional<JobStatus> status, Map<String, String> tags, PageRequest page);

  /**
   * Cancels the client's job: its view, now {@code canceled} (or already so); 409 {@code not_cancelable} when it
   * cannot be; empty when there is no such job of the client's.
   */
  Optional<JobView> cancel(String clientId, String id);

  /** A job as read, with the number of its last event. */
  record Job(JobView view, long eventSeq) {
  }
}

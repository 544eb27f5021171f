package dev.videoautomation.clone.tasks;

import java.time.Duration;
import java.util.List;

import javax.sql.DataSource;

import jakarta.enterprise.context.ApplicationScoped;

import dev.videoautomation.platform.work.WorkQueue;

/**
 * Claims due tasks and due refunds for one worker pass ({@link WorkQueue}: {@code FOR UPDATE SKIP LOCKED}, so two
 * workers get disjoint rows, and a row whose lease ran out is due again). Called outside any transaction, so each
 * claim commits at once and its lease is visible to every other worker.
 */
@ApplicationScoped
public class TaskClaims {
  private final WorkQueue tasks;
  private final WorkQueue refunds;

  public TaskClaims(DataSource dataSource) {
    this.tasks = WorkQueue.of(dataSource, "clone.tasks",
        "status IN ('pending', 'running') AND next_attempt_at <= now()", "next_attempt_at", "locked_until")
        .withToken("lease_token");
    this.refunds = WorkQueue.of(dataSource, "clone.tasks", "refund_state = 'due' AND (? OR id = ?)", "updated_at",
        "locked_until");
  }

  /** Up to {@code limit} due tasks, now held by {@code token} for {@code lease}. */
  public List<String> claim(int limit, Duration lease, String token) {
    return tasks.claim(token, limit, lease);
  }

  /** Tasks whose refund is due (all when {@code onlyId} is null), held for a minute while billing is called. */
  public List<String> claimRefunds(int limit, String onlyId) {
    return refunds.claim(limit, Duration.ofMinutes(1), onlyId == null, onlyId == null ? "" : onlyId);
  }
}

package dev.videoautomation.records.posts;

import java.time.Duration;
import java.util.List;

import javax.sql.DataSource;

import jakarta.enterprise.context.ApplicationScoped;

import dev.videoautomation.platform.work.WorkQueue;
import dev.videoautomation.records.common.ListQuery;
import dev.videoautomation.records.common.OwnedRecordRepository;
import dev.videoautomation.records.common.RecordLists;

@ApplicationScoped
public class PostRepository implements OwnedRecordRepository<Post> {
  private final WorkQueue due;
  private final WorkQueue interrupted;

  public PostRepository(DataSource dataSource) {
    // Never one past its deadline: that one fails deadline_exceeded instead of going out late.
    this.due = WorkQueue.of(dataSource, "posts", "status = 'scheduled' AND scheduled_at <= now() AND deadline_at > now()",
        "scheduled_at, id", "lease_until");
    // A post publishing past its lease: its worker died mid-call (a publishing post always holds a lease).
    this.interrupted = WorkQueue.of(dataSource, "posts", "status = 'publishing' AND lease_until IS NOT NULL",
        "lease_until, id", "lease_until");
  }

  public List<Post> page(ListQuery query) {
    return RecordLists.rows(getEntityManager(), Post.class, "posts", query);
  }

  /**
   * Scheduled posts that are due, oldest first, leased for {@code lease}; other workers skip them. Runs on the
   * caller's transaction, so the lease commits with what the caller writes to the posts.
   */
  public List<Post> claimDue(int limit, Duration lease) {
    return due.claim(limit, lease).stream().map(this::findById).toList();
  }

  /** Posts still {@code scheduled} past their deadline, locked for the caller's transaction; others skip them. */
  @SuppressWarnings("unchecked")
  public List<Post> lockOverdue(int limit) {
    return getEntityManager().createNativeQuery("SELECT * FROM posts WHERE status = 'scheduled'"
            + " AND deadline_at <= now() ORDER BY deadline_at, id LIMIT :limit FOR UPDATE SKIP LOCKED", Post.class)
        .setParameter("limit", limit).getResultList();
  }

  /** Posts left in {@code publishing} past their lease, oldest lease first, locked for the caller's transaction. */
  public List<Post> claimInterrupted(int limit) {
    return interrupted.claim(limit, Duration.ZERO).stream().map(this::findById).toList();
  }
}

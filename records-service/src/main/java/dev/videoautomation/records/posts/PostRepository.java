package dev.videoautomation.records.posts;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

import jakarta.enterprise.context.ApplicationScoped;

import io.quarkus.hibernate.orm.panache.PanacheRepositoryBase;

import dev.videoautomation.records.common.ListQuery;
import dev.videoautomation.records.common.RecordLists;

@ApplicationScoped
public class PostRepository implements PanacheRepositoryBase<Post, String> {

  public Optional<Post> findOwned(String clientId, String id) {
    return find("id = ?1 and clientId = ?2", id, clientId).firstResultOptional();
  }

  public List<Post> page(ListQuery query) {
    return RecordLists.rows(getEntityManager(), Post.class, "posts", query);
  }

  /** Scheduled posts that are due, oldest first, locked; other workers skip them. */
  @SuppressWarnings("unchecked")
  public List<Post> lockDue(Instant now, int limit) {
    return getEntityManager().createNativeQuery("SELECT * FROM posts WHERE status = 'scheduled'"
            + " AND scheduled_at <= :now ORDER BY scheduled_at, id LIMIT :limit FOR UPDATE SKIP LOCKED", Post.class)
        .setParameter("now", now).setParameter("limit", limit).getResultList();
  }

  /** Posts left in {@code publishing} past their lease (a worker died mid-call), locked. */
  @SuppressWarnings("unchecked")
  public List<Post> lockInterrupted(Instant now, int limit) {
    return getEntityManager().createNativeQuery("SELECT * FROM posts WHERE status = 'publishing'"
            + " AND lease_until < :now ORDER BY lease_until, id LIMIT :limit FOR UPDATE SKIP LOCKED", Post.class)
        .setParameter("now", now).setParameter("limit", limit).getResultList();
  }
}

package dev.videoautomation.clone.tasks;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.LockModeType;

import io.quarkus.hibernate.orm.panache.PanacheRepositoryBase;
import io.quarkus.panache.common.Parameters;

import dev.videoautomation.platform.lists.PageRequest;

@ApplicationScoped
public class TaskRepository implements PanacheRepositoryBase<Task, String> {

  /** The client's task of this kind, or empty (another client's task is as absent as a missing one). */
  public Optional<Task> owned(String id, String clientId, String kind) {
    return find("id = ?1 and clientId = ?2 and kind = ?3", id, clientId, kind).firstResultOptional();
  }

  /** The row, locked until the transaction ends, so a state change is judged on what is really there. */
  public Optional<Task> locked(String id) {
    return findByIdOptional(id, LockModeType.PESSIMISTIC_WRITE);
  }

  /** One page of a client's tasks of one kind, newest first, fetched one row long to know if there is more. */
  public List<Task> page(String clientId, String kind, PageRequest request) {
    var after = request.after();
    if (after.isEmpty()) {
      return find("clientId = ?1 and kind = ?2 order by createdAt desc, id desc", clientId, kind)
          .page(0, request.fetchSize()).list();
    }
    var cursor = after.get();
    return find("clientId = :client and kind = :kind and (createdAt < :at or (createdAt = :at and id < :id)) "
            + "order by createdAt desc, id desc",
        Parameters.with("client", clientId).and("kind", kind).and("at", Instant.ofEpochMilli(cursor.createdAt()))
            .and("id", cursor.id()))
        .page(0, request.fetchSize()).list();
  }
}

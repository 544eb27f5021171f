package dev.videoautomation.records.common;

import java.util.Optional;

/**
 * What {@link OwnedRecordResource} needs of a kind's service: the caller's own record by id, a partial update and
 * its removal. Each answers empty when the caller has no such record (another client's is the same as none: 404).
 *
 * @param <R> the kind's entity
 * @param <U> the kind's update body
 */
public interface OwnedRecordService<R extends OwnedRecord, U> {
  Optional<R> find(String clientId, String id);

  Optional<R> update(String clientId, String id, U body);

  /** Deletes the record (a kind that keeps its records, such as editor projects, archives it) and answers it. */
  Optional<R> remove(String clientId, String id);
}

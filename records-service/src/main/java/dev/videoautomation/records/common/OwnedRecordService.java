package dev.videoautomation.records.common;

import java.util.Optional;

import dev.videoautomation.platform.lists.Page;

/**
 * What {@link OwnedRecordResource} needs of a kind's service, each answered as the kind's own records (the entity
 * stays inside the service): create, list, the caller's record by id, a partial update and the removal. The three
 * that name a record answer empty when the caller has no such record (another client's is the same as none: 404).
 *
 * @param <V> the kind's view
 * @param <F> its list filters
 * @param <C> its create body
 * @param <U> its update body
 * @param <D> the answer to a DELETE
 */
public interface OwnedRecordService<V, F, C, U, D> {
  V create(String clientId, C body);

  /** One page of the caller's records: the query's page and tag filters, and the kind's own filters. */
  Page<V> list(ListQuery query, F filters);

  Optional<V> find(String clientId, String id);

  /** Applies the body's given fields (absent or null ones leave the value: platform {@code PartialUpdate}). */
  Optional<V> update(String clientId, String id, U body);

  /** Deletes the record (a kind that keeps its records, such as editor projects, archives it). */
  Optional<D> remove(String clientId, String id);
}

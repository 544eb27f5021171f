package dev.videoautomation.records.common;

import java.util.Optional;

import jakarta.persistence.LockModeType;

import io.quarkus.hibernate.orm.panache.PanacheRepositoryBase;

import dev.videoautomation.platform.updates.PartialUpdate;

/**
 * What every kind's repository does alike with a record of one caller: find it, change it and delete it. Another
 * client's record is the same as none (empty). Runs on the caller's transaction.
 *
 * @param <E> the kind's entity
 */
public interface OwnedRecordRepository<E extends OwnedRecord> extends PanacheRepositoryBase<E, String> {
  default Optional<E> findOwned(String clientId, String id) {
    return find("id = ?1 and clientId = ?2", id, clientId).firstResultOptional();
  }

  /**
   * The record, locked until the caller's transaction ends: a write that reads first must not overwrite what a worker
   * committed meanwhile (every column is written back, the status and the job's event counter included).
   */
  default Optional<E> lockOwned(String clientId, String id) {
    return find("id = ?1 and clientId = ?2", id, clientId).withLock(LockModeType.PESSIMISTIC_WRITE)
        .firstResultOptional();
  }

  /** Sets the fields the update gives (the others keep their value) and marks the record changed. */
  default Optional<E> updateOwned(String clientId, String id, PartialUpdate<E> changes) {
    return lockOwned(clientId, id).map(record -> {
      changes.applyTo(record).touched();
      return record;
    });
  }

  default Optional<Deleted> deleteOwned(String clientId, String id) {
    return lockOwned(clientId, id).map(record -> {
      delete(record);
      return Deleted.of(record.id);
    });
  }
}

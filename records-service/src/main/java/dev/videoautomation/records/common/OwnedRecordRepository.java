package dev.videoautomation.records.common;

import java.util.Optional;

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

  /** Sets the fields the update gives (the others keep their value) and marks the record changed. */
  default Optional<E> updateOwned(String clientId, String id, PartialUpdate<E> changes) {
    return findOwned(clientId, id).map(record -> {
      changes.applyTo(record).touched();
      return record;
    });
  }

  default Optional<Deleted> deleteOwned(String clientId, String id) {
    return findOwned(clientId, id).map(record -> {
      delete(record);
      return Deleted.of(record.id);
    });
  }
}

package dev.videoautomation.records.references;

import java.util.List;
import java.util.Optional;

import jakarta.enterprise.context.ApplicationScoped;

import io.quarkus.hibernate.orm.panache.PanacheRepositoryBase;

import dev.videoautomation.records.common.ListQuery;
import dev.videoautomation.records.common.RecordLists;

@ApplicationScoped
public class ReferenceRepository implements PanacheRepositoryBase<Reference, String> {

  public Optional<Reference> findOwned(String clientId, String id) {
    return find("id = ?1 and clientId = ?2", id, clientId).firstResultOptional();
  }

  public List<Reference> page(ListQuery query) {
    return RecordLists.rows(getEntityManager(), Reference.class, "saved_references", query);
  }
}

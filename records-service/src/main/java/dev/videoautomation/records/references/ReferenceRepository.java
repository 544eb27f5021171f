package dev.videoautomation.records.references;

import java.util.List;

import jakarta.enterprise.context.ApplicationScoped;

import dev.videoautomation.records.common.ListQuery;
import dev.videoautomation.records.common.OwnedRecordRepository;
import dev.videoautomation.records.common.RecordLists;

@ApplicationScoped
public class ReferenceRepository implements OwnedRecordRepository<Reference> {
  public List<Reference> page(ListQuery query) {
    return RecordLists.rows(getEntityManager(), Reference.class, "saved_references", query);
  }
}

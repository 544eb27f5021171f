package dev.videoautomation.records.projects;

import java.util.List;

import jakarta.enterprise.context.ApplicationScoped;

import dev.videoautomation.records.common.ListQuery;
import dev.videoautomation.records.common.OwnedRecordRepository;
import dev.videoautomation.records.common.RecordLists;

@ApplicationScoped
public class ProjectRepository implements OwnedRecordRepository<Project> {
  public List<Project> page(ListQuery query) {
    return RecordLists.rows(getEntityManager(), Project.class, "projects", query);
  }
}

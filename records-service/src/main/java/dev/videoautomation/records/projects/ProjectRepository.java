package dev.videoautomation.records.projects;

import java.util.List;
import java.util.Optional;

import jakarta.enterprise.context.ApplicationScoped;

import io.quarkus.hibernate.orm.panache.PanacheRepositoryBase;

import dev.videoautomation.records.common.ListQuery;
import dev.videoautomation.records.common.RecordLists;

@ApplicationScoped
public class ProjectRepository implements PanacheRepositoryBase<Project, String> {

  public Optional<Project> findOwned(String clientId, String id) {
    return find("id = ?1 and clientId = ?2", id, clientId).firstResultOptional();
  }

  public List<Project> page(ListQuery query) {
    return RecordLists.rows(getEntityManager(), Project.class, "projects", query);
  }
}

package dev.videoautomation.records.projects;

import static jakarta.transaction.Transactional.TxType.REQUIRES_NEW;
import static jakarta.transaction.Transactional.TxType.SUPPORTS;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;

import dev.videoautomation.platform.errors.ApiException;
import dev.videoautomation.platform.ids.IdPrefix;
import dev.videoautomation.platform.ids.Ids;
import dev.videoautomation.platform.lists.Page;
import dev.videoautomation.platform.lists.PageRequest;
import dev.videoautomation.records.common.Inputs;
import dev.videoautomation.records.common.ListQuery;
import dev.videoautomation.records.common.OwnedRecordService;

/** Editor projects: DELETE archives (soft); archived projects leave the default list and can be restored by PUT. */
@ApplicationScoped
public class ProjectService implements OwnedRecordService<Project, ProjectDtos.Update> {
  public static final Set<String> STATUSES = Set.of(Project.DRAFT, Project.ARCHIVED);
  /** Serialized size limit of a timeline. */
  public static final int MAX_TIMELINE_BYTES = 1024 * 1024;

  private final ProjectRepository projects;

  public ProjectService(ProjectRepository projects) {
    this.projects = projects;
  }

  @Transactional(REQUIRES_NEW)
  public Project create(String clientId, ProjectDtos.Create body) {
    if (body == null) {
      throw ApiException.invalidField("name", "is required");
    }
    var project = new Project();
    project.name = Inputs.required("name", body.name(), Inputs.MAX_NAME);
    var timeline = Inputs.object("timeline", body.timeline(), MAX_TIMELINE_BYTES);
    project.timeline = timeline == null ? Map.of() : timeline;
    var status = Inputs.oneOf("status", body.status(), STATUSES);
    project.status = status == null ? Project.DRAFT : status;
    var tags = Inputs.tags(body.tags());
    project.tags = tags == null ? List.of() : tags;
    project.created(Ids.newId(IdPrefix.PRJ), clientId);
    project.archivedAt = Project.ARCHIVED.equals(project.status) ? project.createdAt : null;
    projects.persist(project);
    return project;
  }

  @Override
  @Transactional(SUPPORTS)
  public Optional<Project> find(String clientId, String id) {
    return projects.findOwned(clientId, id);
  }

  /** Without {@code status}, archived projects are left out; {@code status=archived} lists only them. */
  @Transactional(SUPPORTS)
  public Page<ProjectDtos.View> list(String clientId, Map<String, String> tags, PageRequest page, String status) {
    var wanted = Inputs.statusFilter(status, STATUSES);
    var query = ListQuery.of(clientId, tags, page).where("status", wanted).hidingArchived(wanted == null);
    return Page.fromRows(projects.page(query), page, Project::cursor, ProjectDtos.View::from);
  }

  @Override
  @Transactional(REQUIRES_NEW)
  public Optional<Project> update(String clientId, String id, ProjectDtos.Update body) {
    if (body == null) {
      throw ApiException.invalidField("body", "is required");
    }
    var name = body.name() == null ? null : Inputs.required("name", body.name(), Inputs.MAX_NAME);
    var timeline = Inputs.object("timeline", body.timeline(), MAX_TIMELINE_BYTES);
    var status = Inputs.oneOf("status", body.status(), STATUSES);
    var tags = Inputs.tags(body.tags());
    return projects.findOwned(clientId, id).map(project -> {
      project.name = name != null ? name : project.name;
      project.timeline = timeline != null ? timeline : project.timeline;
      project.tags = tags != null ? tags : project.tags;
      if (status != null && !status.equals(project.status)) {
        setStatus(project, status);
      }
      project.touched();
      return project;
    });
  }

  /** Archives the project (idempotent: archiving an archived project answers the same). */
  @Override
  @Transactional(REQUIRES_NEW)
  public Optional<Project> remove(String clientId, String id) {
    return projects.findOwned(clientId, id).map(project -> {
      if (!Project.ARCHIVED.equals(project.status)) {
        setStatus(project, Project.ARCHIVED);
        project.touched();
      }
      return project;
    });
  }

  private static void setStatus(Project project, String status) {
    project.status = status;
    project.archivedAt = Project.ARCHIVED.equals(status) ? Inputs.now() : null;
  }
}

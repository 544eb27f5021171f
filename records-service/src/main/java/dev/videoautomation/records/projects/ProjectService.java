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
import dev.videoautomation.platform.updates.PartialUpdate;
import dev.videoautomation.records.common.Inputs;
import dev.videoautomation.records.common.ListQuery;
import dev.videoautomation.records.common.OwnedRecordService;

/** Editor projects: DELETE archives (soft); archived projects leave the default list and can be restored by PUT. */
@ApplicationScoped
public class ProjectService implements
    OwnedRecordService<ProjectDtos.View, ProjectDtos.Filters, ProjectDtos.Create, ProjectDtos.Update,
        ProjectDtos.Archived> {
  public static final Set<String> STATUSES = Set.of(Project.DRAFT, Project.ARCHIVED);
  /** Serialized size limit of a timeline. */
  public static final int MAX_TIMELINE_BYTES = 1024 * 1024;

  private final ProjectRepository projects;

  public ProjectService(ProjectRepository projects) {
    this.projects = projects;
  }

  @Override
  @Transactional(REQUIRES_NEW)
  public ProjectDtos.View create(String clientId, ProjectDtos.Create body) {
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
    return ProjectDtos.View.from(project);
  }

  @Override
  @Transactional(SUPPORTS)
  public Optional<ProjectDtos.View> find(String clientId, String id) {
    return projects.findOwned(clientId, id).map(ProjectDtos.View::from);
  }

  /** Without {@code status}, archived projects are left out; {@code status=archived} lists only them. */
  @Override
  @Transactional(SUPPORTS)
  public Page<ProjectDtos.View> list(ListQuery query, ProjectDtos.Filters filters) {
    var wanted = Inputs.statusFilter(filters.status(), STATUSES);
    var filtered = query.where("status", wanted).hidingArchived(wanted == null);
    return Page.fromRows(projects.page(filtered), query.page(), Project::cursor, ProjectDtos.View::from);
  }

  /** {@code status} moves the project between draft and archived (and sets or clears {@code archivedAt}). */
  @Override
  @Transactional(REQUIRES_NEW)
  public Optional<ProjectDtos.View> update(String clientId, String id, ProjectDtos.Update body) {
    var changes = PartialUpdate.<Project>of(body)
        .set(body.name(), name -> Inputs.required("name", name, Inputs.MAX_NAME),
            (project, name) -> project.name = name)
        .set(body.timeline(), timeline -> Inputs.object("timeline", timeline, MAX_TIMELINE_BYTES),
            (project, timeline) -> project.timeline = timeline)
        .set(body.status(), status -> Inputs.oneOf("status", status, STATUSES), ProjectService::setStatus)
        .set(body.tags(), Inputs::tags, (project, tags) -> project.tags = tags);
    return projects.updateOwned(clientId, id, changes).map(ProjectDtos.View::from);
  }

  /** Archives the project (idempotent: archiving an archived project answers the same). */
  @Override
  @Transactional(REQUIRES_NEW)
  public Optional<ProjectDtos.Archived> remove(String clientId, String id) {
    return projects.findOwned(clientId, id).map(project -> {
      if (!Project.ARCHIVED.equals(project.status)) {
        setStatus(project, Project.ARCHIVED);
        project.touched();
      }
      return new ProjectDtos.Archived(project.id, project.status);
    });
  }

  /** A change of status stamps {@code archivedAt} (archived) or clears it (draft); the same status changes nothing. */
  private static void setStatus(Project project, String status) {
    if (!status.equals(project.status)) {
      project.status = status;
      project.archivedAt = Project.ARCHIVED.equals(status) ? Inputs.now() : null;
    }
  }
}

package dev.videoautomation.records.projects;

import jakarta.ws.rs.Path;

import org.eclipse.microprofile.openapi.annotations.tags.Tag;

import dev.videoautomation.platform.ids.IdPrefix;
import dev.videoautomation.platform.token.CurrentCaller;
import dev.videoautomation.records.common.OwnedRecordResource;
import dev.videoautomation.records.common.RecordKind;

/**
 * The seven operations on an editor project ({@link OwnedRecordResource}); what each does and answers is written under
 * /v1/projects in META-INF/openapi.yaml.
 */
@Path("/v1/projects")
@Tag(name = "Records: editor projects", description = "Editor projects: a name and a timeline document. "
    + "DELETE archives (soft); archived projects can be restored.")
public class ProjectResource
    extends OwnedRecordResource<ProjectDtos.View, ProjectDtos.Filters, ProjectDtos.Create, ProjectDtos.Update,
        ProjectDtos.Archived> {
  public ProjectResource(ProjectService projects, CurrentCaller caller) {
    super(projects, caller, RecordKind.of("project", IdPrefix.PRJ, ProjectDtos.Update::id,
        ProjectDtos.Filters::from));
  }
}

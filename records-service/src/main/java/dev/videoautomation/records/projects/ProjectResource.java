package dev.videoautomation.records.projects;

import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;

import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

import io.smallrye.common.annotation.Blocking;

import dev.videoautomation.platform.ids.IdPrefix;
import dev.videoautomation.platform.lists.Page;
import dev.videoautomation.platform.lists.PageRequest;
import dev.videoautomation.platform.lists.TagFilters;
import dev.videoautomation.platform.token.CurrentCaller;
import dev.videoautomation.records.common.ApiDocs;
import dev.videoautomation.records.common.OwnedRecordResource;
import dev.videoautomation.records.common.RecordKind;

@Path(ProjectResource.PATH)
@Tag(name = ProjectResource.TAG, description = "Editor projects: a name and a timeline document. DELETE archives "
    + "(soft); archived projects can be restored.")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
@Blocking
public class ProjectResource
    extends OwnedRecordResource<Project, ProjectDtos.View, ProjectDtos.Update, ProjectDtos.Archived> {
  static final String TAG = "Records: editor projects";
  static final String PATH = "/v1/projects";
  private static final String UPDATED = "The project as updated.";
  private final ProjectService service;

  public ProjectResource(ProjectService service, CurrentCaller caller) {
    super(service, caller, new RecordKind<>("project", IdPrefix.PRJ, ProjectDtos.View::from, ProjectDtos.Update::id,
        p -> new ProjectDtos.Archived(p.id, p.status)));
    this.service = service;
  }

  @POST
  @Operation(operationId = "createProject", summary = "Create an editor project", description = "Body: `name` "
      + "(required), `timeline` (any JSON object, at most 1 MiB once serialized; default {}), `status` (`draft`, the "
      + "default, or `archived`), `tags`.")
  @APIResponse(responseCode = "201", description = "The project as stored.", content = @Content(
      mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ProjectDtos.View.class)))
  public Response create(ProjectDtos.Create body) {
    return created(service.create(clientId(), body));
  }

  @GET
  @Operation(operationId = "listProjects", summary = "List editor projects", description = "Newest first, a page "
      + "at a time (`limit`, `cursor`). Archived projects are left out unless `status=archived` (which lists only "
      + "them); `status=draft` lists drafts." + ApiDocs.TAG_FILTERS)
  @Parameter(ref = ApiDocs.TAG_FILTER)
  @APIResponse(responseCode = "200", description = "One page of projects.", content = @Content(
      mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ProjectDtos.Listed.class)))
  public Page<ProjectDtos.View> list(@QueryParam("limit") @Parameter(ref = ApiDocs.LIMIT) String limit,
      @QueryParam("cursor") @Parameter(ref = ApiDocs.CURSOR) String cursor,
      @QueryParam("status") @Parameter(description = "Only projects in this status (archived ones are listed only "
          + "with `archived`).", schema = @Schema(type = SchemaType.STRING, enumeration = {"draft", "archived"}))
      String status,
      @Context UriInfo uri) {
    return service.list(clientId(), TagFilters.parse(uri.getQueryParameters()), PageRequest.of(limit, cursor), status);
  }

  @GET
  @Path("{id}")
  @Operation(operationId = "getProject", summary = "Get an editor project", description = "Archived projects are "
      + "still readable by id. Another client's project is 404.")
  @APIResponse(responseCode = "200", description = "The project.", content = @Content(
      mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ProjectDtos.View.class)))
  public ProjectDtos.View get(@PathParam("id") String id) {
    return read(id);
  }

  @PUT
  @Path("{id}")
  @Operation(operationId = "updateProject", summary = "Update an editor project", description = "Partial: `name`, "
      + "`timeline`, `tags` replace the stored ones when given; `status: draft` restores an archived project, "
      + "`status: archived` archives it.")
  @APIResponse(responseCode = "200", description = UPDATED, content = @Content(
      mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ProjectDtos.View.class)))
  public ProjectDtos.View update(@PathParam("id") String id, ProjectDtos.Update body) {
    return updateAt(id, body);
  }

  @PUT
  @Operation(operationId = "updateProjectById", summary = "Update a project" + ApiDocs.NAMED_BY_ID,
      description = "As PUT " + PATH + "/{id}" + ApiDocs.FOR_QUERY_OR_BODY + ".")
  @APIResponse(responseCode = "200", description = UPDATED, content = @Content(
      mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ProjectDtos.View.class)))
  public ProjectDtos.View updateById(@QueryParam("id") String id, ProjectDtos.Update body) {
    return updateNamed(id, body);
  }

  @DELETE
  @Path("{id}")
  @Operation(operationId = "archiveProject", summary = "Archive an editor project", description = "Soft: the "
      + "project keeps its data, answers `{id, status: \"archived\"}`, and drops out of the default list. Archiving "
      + "again answers the same. PUT `status: draft` restores it.")
  @APIResponse(responseCode = "200", description = "Archived.", content = @Content(
      mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ProjectDtos.Archived.class)))
  public ProjectDtos.Archived delete(@PathParam("id") String id) {
    return removeAt(id);
  }

  @DELETE
  @Consumes(MediaType.WILDCARD)
  @Operation(operationId = "archiveProjectById", summary = "Archive an editor project" + ApiDocs.NAMED_BY_ID,
      description = "As DELETE " + PATH + "/{id}: soft archive, answers `{id, status: \"archived\"}`.")
  @APIResponse(responseCode = "200", description = "Archived.", content = @Content(
      mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ProjectDtos.Archived.class)))
  public ProjectDtos.Archived deleteById(@QueryParam("id") String id,
      @RequestBody(ref = ApiDocs.DELETE_BODY) String body) {
    return removeNamed(id, body);
  }
}

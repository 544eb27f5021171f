package dev.videoautomation.records.references;

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
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

import io.smallrye.common.annotation.Blocking;

import dev.videoautomation.platform.ids.IdPrefix;
import dev.videoautomation.platform.lists.Page;
import dev.videoautomation.platform.lists.PageRequest;
import dev.videoautomation.platform.lists.TagFilters;
import dev.videoautomation.platform.token.CurrentCaller;
import dev.videoautomation.records.common.CollectionIds;
import dev.videoautomation.records.common.Deleted;
import dev.videoautomation.records.common.Inputs;

@Path("/v1/references")
@Tag(name = "References", description = "Bookmarked content (posts, videos, profiles) kept as inspiration.")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
@Blocking
public class ReferenceResource {
  static final String KIND = "reference";
  private final ReferenceService service;
  private final CurrentCaller caller;

  public ReferenceResource(ReferenceService service, CurrentCaller caller) {
    this.service = service;
    this.caller = caller;
  }

  @POST
  @Operation(summary = "Create a reference", description = "Body: `url` (required, http or https; kept as given, "
      + "never fetched), `platform` (optional: shortvideo, photo, microblog, videosite), `title` (≤ 300), `notes` "
      + "(≤ 10000), `tags`, `metadata` (object, at most 16 KiB).")
  @APIResponse(responseCode = "201", description = "Created")
  public Response create(ReferenceDtos.Create body) {
    var reference = service.create(caller.requireClientId(), body);
    return Response.status(Response.Status.CREATED).entity(ReferenceDtos.View.from(reference)).build();
  }

  @GET
  @Operation(summary = "List references", description = "Newest first. `limit` (1–200, default 50), `cursor` "
      + "(nextCursor of the last page), `platform`, and `tag.<key>=<value>` filters, ANDed.")
  public Page<ReferenceDtos.View> list(@QueryParam("limit") String limit, @QueryParam("cursor") String cursor,
      @QueryParam("platform") String platform, @Context UriInfo uri) {
    return service.list(caller.requireClientId(), TagFilters.parse(uri.getQueryParameters()),
        PageRequest.of(limit, cursor), platform);
  }

  @GET
  @Path("{id}")
  @Operation(summary = "Get a reference", description = "Another client's reference is 404.")
  public ReferenceDtos.View get(@PathParam("id") String id) {
    var clientId = caller.requireClientId();
    return service.find(clientId, Inputs.id("id", IdPrefix.REF, id)).map(ReferenceDtos.View::from)
        .orElseThrow(() -> CollectionIds.notFound(KIND, id));
  }

  @PUT
  @Path("{id}")
  @Operation(summary = "Update a reference", description = "Partial: every field given replaces the stored one; "
      + "absent fields stay.")
  public ReferenceDtos.View update(@PathParam("id") String id, ReferenceDtos.Update body) {
    return doUpdate(CollectionIds.samePath(IdPrefix.REF, id, body == null ? null : body.id()), body);
  }

  @PUT
  @Operation(summary = "Update a reference named by ?id= or the body's id", description = "As PUT /v1/references/{id}.")
  public ReferenceDtos.View updateById(@QueryParam("id") String id, ReferenceDtos.Update body) {
    return doUpdate(CollectionIds.resolve(IdPrefix.REF, id, body == null ? null : body.id()), body);
  }

  @DELETE
  @Path("{id}")
  @Operation(summary = "Delete a reference", description = "Answers `{id, deleted: true}`.")
  public Deleted delete(@PathParam("id") String id) {
    return doDelete(Inputs.id("id", IdPrefix.REF, id));
  }

  @DELETE
  @Consumes(MediaType.WILDCARD)
  @Operation(summary = "Delete a reference named by ?id= or the body's id", description = "As DELETE /v1/references/{id}.")
  public Deleted deleteById(@QueryParam("id") String id, String body) {
    return doDelete(CollectionIds.fromDeleteBody(IdPrefix.REF, id, body));
  }

  private ReferenceDtos.View doUpdate(String id, ReferenceDtos.Update body) {
    return service.update(caller.requireClientId(), id, body).map(ReferenceDtos.View::from)
        .orElseThrow(() -> CollectionIds.notFound(KIND, id));
  }

  private Deleted doDelete(String id) {
    if (!service.delete(caller.requireClientId(), id)) {
      throw CollectionIds.notFound(KIND, id);
    }
    return Deleted.of(id);
  }
}

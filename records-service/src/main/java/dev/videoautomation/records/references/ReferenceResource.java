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
import dev.videoautomation.records.common.Deleted;
import dev.videoautomation.records.common.OwnedRecordResource;
import dev.videoautomation.records.common.RecordKind;

@Path(ReferenceResource.PATH)
@Tag(name = ReferenceResource.TAG, description = "Bookmarked content (posts, videos, profiles) kept as inspiration: "
    + "the URL is kept as given, never fetched.")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
@Blocking
public class ReferenceResource
    extends OwnedRecordResource<Reference, ReferenceDtos.View, ReferenceDtos.Update, Deleted> {
  static final String TAG = "Records: references";
  static final String PATH = "/v1/references";
  private static final String UPDATED = "The reference as updated.";
  private final ReferenceService service;

  public ReferenceResource(ReferenceService service, CurrentCaller caller) {
    super(service, caller, RecordKind.deleting("reference",
        IdPrefix.REF, ReferenceDtos.View::from, ReferenceDtos.Update::id));
    this.service = service;
  }

  @POST
  @Operation(operationId = "createReference", summary = "Create a reference", description = "Body: `url` "
      + "(required, http or https; kept as given, never fetched), `platform` (optional: shortvideo, photo, "
      + "microblog, videosite), `title` (≤ 300), `notes` (≤ 10000), `tags`, `metadata` (object, at most 16 KiB).")
  @APIResponse(responseCode = "201", description = "The reference as stored.", content = @Content(
      mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ReferenceDtos.View.class)))
  public Response create(ReferenceDtos.Create body) {
    return created(service.create(clientId(), body));
  }

  @GET
  @Operation(operationId = "listReferences", summary = "List references", description = "Newest first, a page "
      + "at a time (`limit`, `cursor`), optionally only one `platform`." + ApiDocs.TAG_FILTERS)
  @Parameter(ref = ApiDocs.TAG_FILTER)
  @APIResponse(responseCode = "200", description = "One page of references.", content = @Content(
      mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ReferenceDtos.Listed.class)))
  public Page<ReferenceDtos.View> list(@QueryParam("limit") @Parameter(ref = ApiDocs.LIMIT) String limit,
      @QueryParam("cursor") @Parameter(ref = ApiDocs.CURSOR) String cursor,
      @QueryParam("platform") @Parameter(description = "Only references of this platform.", schema = @Schema(
          type = SchemaType.STRING, enumeration = {"shortvideo", "photo", "microblog", "videosite"})) String platform,
      @Context UriInfo uri) {
    return service.list(clientId(), TagFilters.parse(uri.getQueryParameters()),
        PageRequest.of(limit, cursor), platform);
  }

  @GET
  @Path("{id}")
  @Operation(operationId = "getReference", summary = "Get a reference", description = "Another client's "
      + "reference is 404.")
  @APIResponse(responseCode = "200", description = "The reference.", content = @Content(
      mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ReferenceDtos.View.class)))
  public ReferenceDtos.View get(@PathParam("id") String id) {
    return read(id);
  }

  @PUT
  @Path("{id}")
  @Operation(operationId = "updateReference", summary = "Update a reference", description = "Partial: every "
      + "field given replaces the stored one; absent (or null) fields stay.")
  @APIResponse(responseCode = "200", description = UPDATED, content = @Content(
      mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ReferenceDtos.View.class)))
  public ReferenceDtos.View update(@PathParam("id") String id, ReferenceDtos.Update body) {
    return updateAt(id, body);
  }

  @PUT
  @Operation(operationId = "updateReferenceById", summary = "Update a reference" + ApiDocs.NAMED_BY_ID,
      description = "As PUT " + PATH + "/{id}" + ApiDocs.FOR_QUERY_OR_BODY + ".")
  @APIResponse(responseCode = "200", description = UPDATED, content = @Content(
      mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ReferenceDtos.View.class)))
  public ReferenceDtos.View updateById(@QueryParam("id") String id, ReferenceDtos.Update body) {
    return updateNamed(id, body);
  }

  @DELETE
  @Path("{id}")
  @Operation(operationId = "deleteReference", summary = "Delete a reference", description = "Answers "
      + "`{id, deleted: true}`.")
  @APIResponse(responseCode = "200", description = ApiDocs.DELETED, content = @Content(
      mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = Deleted.class)))
  public Deleted delete(@PathParam("id") String id) {
    return removeAt(id);
  }

  @DELETE
  @Consumes(MediaType.WILDCARD)
  @Operation(operationId = "deleteReferenceById", summary = "Delete a reference" + ApiDocs.NAMED_BY_ID,
      description = "As DELETE " + PATH + "/{id}" + ApiDocs.FOR_QUERY_OR_BODY + ".")
  @APIResponse(responseCode = "200", description = ApiDocs.DELETED, content = @Content(
      mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = Deleted.class)))
  public Deleted deleteById(@QueryParam("id") String id,
      @RequestBody(ref = ApiDocs.DELETE_BODY) String body) {
    return removeNamed(id, body);
  }
}

package dev.videoautomation.records.assets;

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

@Path("/v1/assets")
@Tag(name = "Assets", description = "Files kept by the client on the service's CDN: fetched there when created "
    + "from an outside URL, or the client's own upload as it is.")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
@Blocking
public class AssetResource {
  static final String KIND = "asset";
  private final AssetService service;
  private final CurrentCaller caller;

  public AssetResource(AssetService service, CurrentCaller caller) {
    this.service = service;
    this.caller = caller;
  }

  @POST
  @Operation(summary = "Create an asset", description = "Body: `url` (required: a public http or https URL, or "
      + "the service's own media: a `med_` id or CDN URL that `POST /v1/upload` answered), `name`, `contentType` "
      + "(e.g. `video/mp4` or `image/*`: when given, the file must match it, else 415), `tags`, `metadata` (object, "
      + "at most 16 KiB). An outside file is fetched synchronously into the service's storage (URL guard: public "
      + "addresses only, at most 5 redirects); your own upload is used as it is stored, never fetched or copied, and "
      + "the asset's `mediaId` is the upload's. The answer's `url` is the service's own CDN URL; `sourceUrl` keeps "
      + "what was given. Refusals pass through unchanged: 400 `url_not_allowed` with `reason`, 404 `not_found` "
      + "(another client's `med_` id, or a CDN URL of nothing), 413 `payload_too_large` with `limit`, 415 "
      + "`unsupported_media_type`, 502 `upstream_error`, 504 `upstream_timeout`.")
  @APIResponse(responseCode = "201", description = "Created, status `active`")
  public Response create(AssetDtos.Create body) {
    var asset = service.create(caller.requireClientId(), body);
    return Response.status(Response.Status.CREATED).entity(AssetDtos.View.from(asset)).build();
  }

  @GET
  @Operation(summary = "List assets", description = "Newest first. `limit` (1–200, default 50), `cursor` "
      + "(nextCursor of the last page), `status` (active), and `tag.<key>=<value>` filters, ANDed.")
  public Page<AssetDtos.View> list(@QueryParam("limit") String limit, @QueryParam("cursor") String cursor,
      @QueryParam("status") String status, @Context UriInfo uri) {
    return service.list(caller.requireClientId(), TagFilters.parse(uri.getQueryParameters()),
        PageRequest.of(limit, cursor), status);
  }

  @GET
  @Path("{id}")
  @Operation(summary = "Get an asset", description = "Another client's asset is 404.")
  public AssetDtos.View get(@PathParam("id") String id) {
    var clientId = caller.requireClientId();
    return service.find(clientId, Inputs.id("id", IdPrefix.AST, id)).map(AssetDtos.View::from)
        .orElseThrow(() -> CollectionIds.notFound(KIND, id));
  }

  @PUT
  @Path("{id}")
  @Operation(summary = "Update an asset", description = "Partial: `name`, `tags` and `metadata` replace the stored "
      + "ones when given; absent fields stay. `url` cannot change (create a new asset).")
  public AssetDtos.View update(@PathParam("id") String id, AssetDtos.Update body) {
    return doUpdate(CollectionIds.samePath(IdPrefix.AST, id, body == null ? null : body.id()), body);
  }

  @PUT
  @Operation(summary = "Update an asset named by ?id= or the body's id", description = "As PUT /v1/assets/{id}.")
  public AssetDtos.View updateById(@QueryParam("id") String id, AssetDtos.Update body) {
    return doUpdate(CollectionIds.resolve(IdPrefix.AST, id, body == null ? null : body.id()), body);
  }

  @DELETE
  @Path("{id}")
  @Operation(summary = "Delete an asset", description = "Answers `{id, deleted: true}`. The stored file stays on the CDN.")
  public Deleted delete(@PathParam("id") String id) {
    return doDelete(Inputs.id("id", IdPrefix.AST, id));
  }

  @DELETE
  @Consumes(MediaType.WILDCARD)
  @Operation(summary = "Delete an asset named by ?id= or the body's id", description = "As DELETE /v1/assets/{id}.")
  public Deleted deleteById(@QueryParam("id") String id, String body) {
    return doDelete(CollectionIds.fromDeleteBody(IdPrefix.AST, id, body));
  }

  private AssetDtos.View doUpdate(String id, AssetDtos.Update body) {
    return service.update(caller.requireClientId(), id, body).map(AssetDtos.View::from)
        .orElseThrow(() -> CollectionIds.notFound(KIND, id));
  }

  private Deleted doDelete(String id) {
    if (!service.delete(caller.requireClientId(), id)) {
      throw CollectionIds.notFound(KIND, id);
    }
    return Deleted.of(id);
  }
}

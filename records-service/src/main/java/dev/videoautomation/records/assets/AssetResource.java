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

@Path(AssetResource.PATH)
@Tag(name = AssetResource.TAG, description = "Files kept by the client on the service's CDN: fetched there when "
    + "created from an outside URL, or the client's own upload as it is.")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
@Blocking
public class AssetResource extends OwnedRecordResource<Asset, AssetDtos.View, AssetDtos.Update, Deleted> {
  static final String TAG = "Records: assets";
  static final String PATH = "/v1/assets";
  private static final String UPDATED = "The asset as updated.";
  private final AssetService service;

  public AssetResource(AssetService service, CurrentCaller caller) {
    super(service, caller, RecordKind.deleting("asset", IdPrefix.AST, AssetDtos.View::from, AssetDtos.Update::id));
    this.service = service;
  }

  @POST
  @Operation(operationId = "createAsset", summary = "Create an asset", description = "Body: `url` (required: a "
      + "public http or https URL, or the service's own media: a `med_` id or CDN URL that `POST /v1/upload` "
      + "answered), `name`, `contentType` (e.g. `video/mp4` or `image/*`: when given, the file must match it, else "
      + "415), `tags`, `metadata` (object, at most 16 KiB). An outside file is fetched synchronously into the "
      + "service's storage (URL guard: public addresses only, at most 5 redirects); your own upload is used as it is "
      + "stored, never fetched or copied, and the asset's `mediaId` is the upload's. The answer's `url` is the "
      + "service's own CDN URL; `sourceUrl` keeps what was given. Refusals pass through unchanged: 400 "
      + "`url_not_allowed` with `reason`, 404 `not_found` (another client's `med_` id, or a CDN URL of nothing), 413 "
      + "`payload_too_large` with `limit`, 415 `unsupported_media_type`, 502 `upstream_error`, 504 "
      + "`upstream_timeout`.")
  @APIResponse(responseCode = "201", description = "Created, status `active`.", content = @Content(
      mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = AssetDtos.View.class)))
  @APIResponse(responseCode = "400", description = "`invalid_request` naming the field, or `url_not_allowed` with "
      + "`reason` and `field: url`: the URL leads to a private address, too many redirects, or is not http(s).",
      content = @Content(mediaType = MediaType.APPLICATION_JSON,
          schema = @Schema(ref = "Error")))
  @APIResponse(responseCode = "404", description = "`not_found` naming `url`: another client's `med_` id, or a CDN "
      + "URL of no stored object.", content = @Content(
          mediaType = MediaType.APPLICATION_JSON, schema = @Schema(ref = "Error")))
  @APIResponse(responseCode = "413", description = "`payload_too_large`: the file is larger than the service "
      + "stores; `limit` is the largest size, in bytes.", content = @Content(
          mediaType = MediaType.APPLICATION_JSON, schema = @Schema(ref = "Error")))
  @APIResponse(responseCode = "415", description = "`unsupported_media_type`: the file is not of `contentType`, or "
      + "of no type the service stores; or the body was not sent as `application/json`.", content = @Content(
          mediaType = MediaType.APPLICATION_JSON, schema = @Schema(ref = "Error")))
  @APIResponse(responseCode = "502", description = "`upstream_error`: the URL answered an error (`upstreamStatus`) "
      + "or could not be reached, or the media service failed; nothing was stored.", content = @Content(
          mediaType = MediaType.APPLICATION_JSON, schema = @Schema(ref = "Error")))
  @APIResponse(responseCode = "504", description = "`upstream_timeout`: fetching the URL took too long; nothing "
      + "was stored.", content = @Content(mediaType = MediaType.APPLICATION_JSON,
          schema = @Schema(ref = "Error")))
  public Response create(AssetDtos.Create body) {
    return created(service.create(clientId(), body));
  }

  @GET
  @Operation(operationId = "listAssets", summary = "List assets", description = "Newest first, a page at a time "
      + "(`limit`, `cursor`), optionally only one `status`." + ApiDocs.TAG_FILTERS)
  @Parameter(ref = ApiDocs.TAG_FILTER)
  @APIResponse(responseCode = "200", description = "One page of assets.", content = @Content(
      mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = AssetDtos.Listed.class)))
  public Page<AssetDtos.View> list(@QueryParam("limit") @Parameter(ref = ApiDocs.LIMIT) String limit,
      @QueryParam("cursor") @Parameter(ref = ApiDocs.CURSOR) String cursor,
      @QueryParam("status") @Parameter(description = "Only assets in this status.", schema = @Schema(
          type = SchemaType.STRING, enumeration = {"active"})) String status,
      @Context UriInfo uri) {
    return service.list(clientId(), TagFilters.parse(uri.getQueryParameters()),
        PageRequest.of(limit, cursor), status);
  }

  @GET
  @Path("{id}")
  @Operation(operationId = "getAsset", summary = "Get an asset", description = "Another client's asset is 404.")
  @APIResponse(responseCode = "200", description = "The asset.", content = @Content(
      mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = AssetDtos.View.class)))
  public AssetDtos.View get(@PathParam("id") String id) {
    return read(id);
  }

  @PUT
  @Path("{id}")
  @Operation(operationId = "updateAsset", summary = "Update an asset", description = "Partial: `name`, `tags` and "
      + "`metadata` replace the stored ones when given; absent (or null) fields stay. `url` cannot change (create a "
      + "new asset).")
  @APIResponse(responseCode = "200", description = UPDATED, content = @Content(
      mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = AssetDtos.View.class)))
  public AssetDtos.View update(@PathParam("id") String id, AssetDtos.Update body) {
    return updateAt(id, body);
  }

  @PUT
  @Operation(operationId = "updateAssetById", summary = "Update an asset" + ApiDocs.NAMED_BY_ID,
      description = "As PUT " + PATH + "/{id}" + ApiDocs.FOR_QUERY_OR_BODY + ".")
  @APIResponse(responseCode = "200", description = UPDATED, content = @Content(
      mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = AssetDtos.View.class)))
  public AssetDtos.View updateById(@QueryParam("id") String id, AssetDtos.Update body) {
    return updateNamed(id, body);
  }

  @DELETE
  @Path("{id}")
  @Operation(operationId = "deleteAsset", summary = "Delete an asset", description = "Answers "
      + "`{id, deleted: true}`. The stored file stays on the CDN.")
  @APIResponse(responseCode = "200", description = ApiDocs.DELETED, content = @Content(
      mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = Deleted.class)))
  public Deleted delete(@PathParam("id") String id) {
    return removeAt(id);
  }

  @DELETE
  @Consumes(MediaType.WILDCARD)
  @Operation(operationId = "deleteAssetById", summary = "Delete an asset" + ApiDocs.NAMED_BY_ID,
      description = "As DELETE " + PATH + "/{id}" + ApiDocs.FOR_QUERY_OR_BODY + ".")
  @APIResponse(responseCode = "200", description = ApiDocs.DELETED, content = @Content(
      mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = Deleted.class)))
  public Deleted deleteById(@QueryParam("id") String id,
      @RequestBody(ref = ApiDocs.DELETE_BODY) String body) {
    return removeNamed(id, body);
  }
}

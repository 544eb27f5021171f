package dev.videoautomation.records.campaigns;

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

@Path(CampaignResource.PATH)
@Tag(name = CampaignResource.TAG, description = "Campaigns: a config, the generated videos used, and the credits "
    + "the config is estimated to cost.")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
@Blocking
public class CampaignResource extends OwnedRecordResource<Campaign, CampaignDtos.View, CampaignDtos.Update, Deleted> {
  static final String TAG = "Records: campaigns";
  static final String PATH = "/v1/campaigns";
  private static final String UPDATED = "The campaign as updated.";
  private final CampaignService service;

  public CampaignResource(CampaignService service, CurrentCaller caller) {
    super(service, caller, RecordKind.deleting("campaign",
        IdPrefix.CMP, CampaignDtos.View::from, CampaignDtos.Update::anyId));
    this.service = service;
  }

  @POST
  @Operation(operationId = "createCampaign", summary = "Create a campaign", description = "Body: `name`, `config` "
      + "(object, at most 64 KiB), `status` (`draft`, the default, `active` or `completed`), `videoIds` (ids of "
      + "generated videos, `vid_…`, at most 500), `tags`. Answers with `campaignId`. `estimatedCredits` prices these "
      + "config keys with the current price list (/v1/pricing): `videoCount` × clone.render, `imageCount` × "
      + "image.generate at `imageResolution` (1K/2K/4K), `musicCount` × music.generate, `accountCount` × "
      + "account.create; counts are whole numbers 0–100000. Other config keys are kept and not priced. It is "
      + "recomputed whenever `config` changes. Nothing is charged. Pricing asks billing for its price list: when "
      + "billing cannot answer, nothing is stored (502/503/504).")
  @APIResponse(responseCode = "201", description = "The campaign as stored.", content = @Content(
      mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = CampaignDtos.View.class)))
  @APIResponse(responseCode = "502", ref = ApiDocs.UPSTREAM_ERROR)
  @APIResponse(responseCode = "504", ref = ApiDocs.UPSTREAM_TIMEOUT)
  public Response create(CampaignDtos.Create body) {
    return created(service.create(clientId(), body));
  }

  @GET
  @Operation(operationId = "listCampaigns", summary = "List campaigns", description = "Newest first, a page at a "
      + "time (`limit`, `cursor`); items name the id `campaignId`. Optionally only one `status`."
      + ApiDocs.TAG_FILTERS)
  @Parameter(ref = ApiDocs.TAG_FILTER)
  @APIResponse(responseCode = "200", description = "One page of campaigns.", content = @Content(
      mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = CampaignDtos.Listed.class)))
  public Page<CampaignDtos.View> list(@QueryParam("limit") @Parameter(ref = ApiDocs.LIMIT) String limit,
      @QueryParam("cursor") @Parameter(ref = ApiDocs.CURSOR) String cursor,
      @QueryParam("status") @Parameter(description = "Only campaigns in this status.", schema = @Schema(
          type = SchemaType.STRING, enumeration = {"draft", "active", "completed"})) String status,
      @Context UriInfo uri) {
    return service.list(clientId(), TagFilters.parse(uri.getQueryParameters()),
        PageRequest.of(limit, cursor), status);
  }

  @GET
  @Path("{id}")
  @Operation(operationId = "getCampaign", summary = "Get a campaign", description = "Another client's campaign is "
      + "404.")
  @APIResponse(responseCode = "200", description = "The campaign.", content = @Content(
      mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = CampaignDtos.View.class)))
  public CampaignDtos.View get(@PathParam("id") String id) {
    return read(id);
  }

  @PUT
  @Path("{id}")
  @Operation(operationId = "updateCampaign", summary = "Update a campaign", description = "Partial: fields given "
      + "replace the stored ones; absent (or null) fields stay; a new `config` recomputes `estimatedCredits` (502/"
      + "503/504 when billing cannot price it; nothing changes then).")
  @APIResponse(responseCode = "200", description = UPDATED, content = @Content(
      mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = CampaignDtos.View.class)))
  @APIResponse(responseCode = "502", ref = ApiDocs.UPSTREAM_ERROR)
  @APIResponse(responseCode = "504", ref = ApiDocs.UPSTREAM_TIMEOUT)
  public CampaignDtos.View update(@PathParam("id") String id, CampaignDtos.Update body) {
    return updateAt(id, body);
  }

  @PUT
  @Operation(operationId = "updateCampaignById", summary = "Update a campaign" + ApiDocs.NAMED_BY_ID,
      description = "As PUT " + PATH + "/{id}" + ApiDocs.FOR_QUERY_OR_BODY + " (`id` or `campaignId`).")
  @APIResponse(responseCode = "200", description = UPDATED, content = @Content(
      mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = CampaignDtos.View.class)))
  @APIResponse(responseCode = "502", ref = ApiDocs.UPSTREAM_ERROR)
  @APIResponse(responseCode = "504", ref = ApiDocs.UPSTREAM_TIMEOUT)
  public CampaignDtos.View updateById(@QueryParam("id") String id, CampaignDtos.Update body) {
    return updateNamed(id, body);
  }

  @DELETE
  @Path("{id}")
  @Operation(operationId = "deleteCampaign", summary = "Delete a campaign", description = "Answers "
      + "`{id, deleted: true}`.")
  @APIResponse(responseCode = "200", description = ApiDocs.DELETED, content = @Content(
      mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = Deleted.class)))
  public Deleted delete(@PathParam("id") String id) {
    return removeAt(id);
  }

  @DELETE
  @Consumes(MediaType.WILDCARD)
  @Operation(operationId = "deleteCampaignById", summary = "Delete a campaign" + ApiDocs.NAMED_BY_ID,
      description = "As DELETE " + PATH + "/{id}" + ApiDocs.FOR_QUERY_OR_BODY + ".")
  @APIResponse(responseCode = "200", description = ApiDocs.DELETED, content = @Content(
      mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = Deleted.class)))
  public Deleted deleteById(@QueryParam("id") String id,
      @RequestBody(ref = ApiDocs.DELETE_BODY) String body) {
    return removeNamed(id, body);
  }
}

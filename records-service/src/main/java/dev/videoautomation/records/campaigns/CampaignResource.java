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

@Path("/v1/campaigns")
@Tag(name = "Campaigns", description = "Campaigns: a config, the generated videos used, and the credits the config is estimated to cost.")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
@Blocking
public class CampaignResource {
  static final String KIND = "campaign";
  private final CampaignService service;
  private final CurrentCaller caller;

  public CampaignResource(CampaignService service, CurrentCaller caller) {
    this.service = service;
    this.caller = caller;
  }

  @POST
  @Operation(summary = "Create a campaign", description = "Body: `name`, `config` (object, at most 64 KiB), "
      + "`status` (`draft`, the default, `active` or `completed`), `videoIds` (ids of generated videos, `vid_…`, at "
      + "most 500), `tags`. Answers with `campaignId`. `estimatedCredits` prices these config keys with the current "
      + "price list (/v1/pricing): `videoCount` × clone.render, `imageCount` × image.generate at `imageResolution` "
      + "(1K/2K/4K), `musicCount` × music.generate, `accountCount` × account.create; counts are whole numbers 0–100000. "
      + "Other config keys are kept and not priced. It is recomputed whenever `config` changes. Nothing is charged.")
  @APIResponse(responseCode = "201", description = "Created")
  public Response create(CampaignDtos.Create body) {
    var campaign = service.create(caller.requireClientId(), body);
    return Response.status(Response.Status.CREATED).entity(CampaignDtos.View.from(campaign)).build();
  }

  @GET
  @Operation(summary = "List campaigns", description = "Newest first; items name the id `campaignId`. `limit` "
      + "(1–200, default 50), `cursor`, `status` (draft|active|completed), and `tag.<key>=<value>` filters, ANDed.")
  public Page<CampaignDtos.View> list(@QueryParam("limit") String limit, @QueryParam("cursor") String cursor,
      @QueryParam("status") String status, @Context UriInfo uri) {
    return service.list(caller.requireClientId(), TagFilters.parse(uri.getQueryParameters()),
        PageRequest.of(limit, cursor), status);
  }

  @GET
  @Path("{id}")
  @Operation(summary = "Get a campaign", description = "Another client's campaign is 404.")
  public CampaignDtos.View get(@PathParam("id") String id) {
    var clientId = caller.requireClientId();
    return service.find(clientId, Inputs.id("id", IdPrefix.CMP, id)).map(CampaignDtos.View::from)
        .orElseThrow(() -> CollectionIds.notFound(KIND, id));
  }

  @PUT
  @Path("{id}")
  @Operation(summary = "Update a campaign", description = "Partial: fields given replace the stored ones; a new "
      + "`config` recomputes `estimatedCredits`. The collection-level PUT takes the id from ?id=, `id` or "
      + "`campaignId`.")
  public CampaignDtos.View update(@PathParam("id") String id, CampaignDtos.Update body) {
    return doUpdate(CollectionIds.samePath(IdPrefix.CMP, id, body == null ? null : body.anyId()), body);
  }

  @PUT
  @Operation(summary = "Update a campaign named by ?id= or the body's id", description = "As PUT /v1/campaigns/{id}.")
  public CampaignDtos.View updateById(@QueryParam("id") String id, CampaignDtos.Update body) {
    return doUpdate(CollectionIds.resolve(IdPrefix.CMP, id, body == null ? null : body.anyId()), body);
  }

  @DELETE
  @Path("{id}")
  @Operation(summary = "Delete a campaign", description = "Answers `{id, deleted: true}`.")
  public Deleted delete(@PathParam("id") String id) {
    return doDelete(Inputs.id("id", IdPrefix.CMP, id));
  }

  @DELETE
  @Consumes(MediaType.WILDCARD)
  @Operation(summary = "Delete a campaign named by ?id= or the body's id", description = "As DELETE /v1/campaigns/{id}.")
  public Deleted deleteById(@QueryParam("id") String id, String body) {
    return doDelete(CollectionIds.fromDeleteBody(IdPrefix.CMP, id, body));
  }

  private CampaignDtos.View doUpdate(String id, CampaignDtos.Update body) {
    return service.update(caller.requireClientId(), id, body).map(CampaignDtos.View::from)
        .orElseThrow(() -> CollectionIds.notFound(KIND, id));
  }

  private Deleted doDelete(String id) {
    if (!service.delete(caller.requireClientId(), id)) {
      throw CollectionIds.notFound(KIND, id);
    }
    return Deleted.of(id);
  }
}

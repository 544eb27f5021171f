package dev.videoautomation.records.posts;

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

@Path("/v1/posts")
@Tag(name = "Posts", description = "Videos scheduled for publishing to one of your accounts: `scheduled` → "
    + "`publishing` → `published` | `failed`.")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
@Blocking
public class PostResource {
  static final String KIND = "post";
  private final PostService service;
  private final CurrentCaller caller;

  public PostResource(PostService service, CurrentCaller caller) {
    this.service = service;
    this.caller = caller;
  }

  @POST
  @Operation(summary = "Schedule a post", description = "Body: `accountId` (required: one of your accounts, not "
      + "`failed`), `videoId` (required, any of your published media: an asset `ast_…`, published from its CDN URL; "
      + "a generated video `vid_…`; or an upload `med_…`, the id `POST /v1/upload` answered, which must be a video "
      + "and is published from its CDN URL, with no second copy), `caption` (≤ 2200), `scheduledAt` (epoch ms, "
      + "default now), `tags`. Answers 201 with `postId` and status `scheduled`. At `scheduledAt` the publisher "
      + "posts it through Ayrshare (TikTok for shortvideo accounts, Instagram for photo accounts): `published` with "
      + "`externalId` and `postUrl`, or `failed` with `errorCode` and `errorMessage`. A generated video is checked "
      + "again at publish time and must have `succeeded` (else `video_not_ready`). With no publisher configured on "
      + "the deployment, due posts fail with `publisher_not_configured` (never a pretend success). A post "
      + "interrupted mid-publish fails with `publish_interrupted` and is never re-sent automatically: a double post "
      + "is worse than a failed one. 503 `service_unavailable` when a `vid_` or `med_` cannot be checked because "
      + "the clone or media service is down.")
  @APIResponse(responseCode = "201", description = "Scheduled")
  public Response create(PostDtos.Create body) {
    var post = service.create(caller.requireClientId(), body);
    return Response.status(Response.Status.CREATED).entity(PostDtos.View.from(post)).build();
  }

  @GET
  @Operation(summary = "List posts", description = "Newest first (by creation); items name the id `postId`. "
      + "`limit` (1–200, default 50), `cursor`, `status` (scheduled|publishing|published|failed), `accountId`, and "
      + "`tag.<key>=<value>` filters, ANDed.")
  public Page<PostDtos.View> list(@QueryParam("limit") String limit, @QueryParam("cursor") String cursor,
      @QueryParam("status") String status, @QueryParam("accountId") String accountId, @Context UriInfo uri) {
    return service.list(caller.requireClientId(), TagFilters.parse(uri.getQueryParameters()),
        PageRequest.of(limit, cursor), status, accountId);
  }

  @GET
  @Path("{id}")
  @Operation(summary = "Get a post", description = "Another client's post is 404.")
  public PostDtos.View get(@PathParam("id") String id) {
    var clientId = caller.requireClientId();
    return service.find(clientId, Inputs.id("id", IdPrefix.PST, id)).map(PostDtos.View::from)
        .orElseThrow(() -> CollectionIds.notFound(KIND, id));
  }

  @PUT
  @Path("{id}")
  @Operation(summary = "Update a scheduled post", description = "Partial: `accountId`, `videoId`, `caption`, "
      + "`scheduledAt`, `tags` replace the stored ones when given (checked as on creation). Only while `scheduled`; "
      + "otherwise 409 `conflict`. The collection-level PUT takes the id from ?id=, `id` or `postId`.")
  public PostDtos.View update(@PathParam("id") String id, PostDtos.Update body) {
    return doUpdate(CollectionIds.samePath(IdPrefix.PST, id, body == null ? null : body.anyId()), body);
  }

  @PUT
  @Operation(summary = "Update a post named by ?id= or the body's id", description = "As PUT /v1/posts/{id}.")
  public PostDtos.View updateById(@QueryParam("id") String id, PostDtos.Update body) {
    return doUpdate(CollectionIds.resolve(IdPrefix.PST, id, body == null ? null : body.anyId()), body);
  }

  @DELETE
  @Path("{id}")
  @Operation(summary = "Delete a post", description = "Answers `{id, deleted: true}`. A post being published "
      + "right now is 409 `conflict`. Deleting a published post does not remove it from the network.")
  public Deleted delete(@PathParam("id") String id) {
    return doDelete(Inputs.id("id", IdPrefix.PST, id));
  }

  @DELETE
  @Consumes(MediaType.WILDCARD)
  @Operation(summary = "Delete a post named by ?id= or the body's id", description = "As DELETE /v1/posts/{id}.")
  public Deleted deleteById(@QueryParam("id") String id, String body) {
    return doDelete(CollectionIds.fromDeleteBody(IdPrefix.PST, id, body));
  }

  private PostDtos.View doUpdate(String id, PostDtos.Update body) {
    return service.update(caller.requireClientId(), id, body).map(PostDtos.View::from)
        .orElseThrow(() -> CollectionIds.notFound(KIND, id));
  }

  private Deleted doDelete(String id) {
    if (!service.delete(caller.requireClientId(), id)) {
      throw CollectionIds.notFound(KIND, id);
    }
    return Deleted.of(id);
  }
}

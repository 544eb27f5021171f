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

@Path(PostResource.PATH)
@Tag(name = PostResource.TAG, description = "Videos scheduled for publishing to one of your accounts: `scheduled` "
    + "→ `publishing` → `published` | `failed`.")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
@Blocking
public class PostResource extends OwnedRecordResource<Post, PostDtos.View, PostDtos.Update, Deleted> {
  static final String TAG = "Records: posts";
  static final String PATH = "/v1/posts";
  static final String CONFLICT_CHANGED = "`conflict`: the post is no longer `scheduled` (`status` says what it is); "
      + "schedule a new post instead.";
  static final String CONFLICT_PUBLISHING = "`conflict`: the post is being published right now; read it again in a "
      + "minute.";
  private static final String UPDATED = "The post as updated.";
  private final PostService service;

  public PostResource(PostService service, CurrentCaller caller) {
    super(service, caller, RecordKind.deleting("post", IdPrefix.PST, PostDtos.View::from, PostDtos.Update::anyId));
    this.service = service;
  }

  @POST
  @Operation(operationId = "createPost", summary = "Schedule a post", description = "Body: `accountId` (required: "
      + "one of your accounts, not `failed`), `videoId` (required, any of your published media: an asset `ast_…`, "
      + "published from its CDN URL; a generated video `vid_…`; or an upload `med_…`, the id `POST /v1/upload` "
      + "answered, which must be a video and is published from its CDN URL, with no second copy), `caption` "
      + "(≤ 2200), `scheduledAt` (epoch ms, default now), `tags`. Answers 201 with `postId` and status "
      + "`scheduled`. At `scheduledAt` the publisher posts it through Ayrshare (TikTok for shortvideo accounts, "
      + "Instagram for photo accounts): `published` with `externalId` and `postUrl`, or `failed` with `errorCode` "
      + "and `errorMessage`. A generated video is checked again at publish time and must have `succeeded` (else "
      + "`video_not_ready`). With no publisher configured on the deployment, due posts fail with "
      + "`publisher_not_configured` (never a pretend success). A post interrupted mid-publish fails with "
      + "`publish_interrupted` and is never re-sent automatically: a double post is worse than a failed one. 503 "
      + "`service_unavailable` when a `vid_` or `med_` cannot be checked because the clone or media service is "
      + "down.")
  @APIResponse(responseCode = "201", description = "Scheduled.", content = @Content(
      mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = PostDtos.View.class)))
  public Response create(PostDtos.Create body) {
    return created(service.create(clientId(), body));
  }

  @GET
  @Operation(operationId = "listPosts", summary = "List posts", description = "Newest first (by creation), a page "
      + "at a time (`limit`, `cursor`); items name the id `postId`. Optionally only one `status` or `accountId`."
      + ApiDocs.TAG_FILTERS)
  @Parameter(ref = ApiDocs.TAG_FILTER)
  @APIResponse(responseCode = "200", description = "One page of posts.", content = @Content(
      mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = PostDtos.Listed.class)))
  public Page<PostDtos.View> list(@QueryParam("limit") @Parameter(ref = ApiDocs.LIMIT) String limit,
      @QueryParam("cursor") @Parameter(ref = ApiDocs.CURSOR) String cursor,
      @QueryParam("status") @Parameter(description = "Only posts in this status.", schema = @Schema(
          type = SchemaType.STRING, enumeration = {"scheduled", "publishing", "published", "failed"})) String status,
      @QueryParam("accountId") @Parameter(description = "Only posts to this account.", schema = @Schema(
          type = SchemaType.STRING, maxLength = ApiDocs.ID_MAX, pattern = ApiDocs.ACCOUNT_ID)) String accountId,
      @Context UriInfo uri) {
    return service.list(clientId(), TagFilters.parse(uri.getQueryParameters()),
        PageRequest.of(limit, cursor), status, accountId);
  }

  @GET
  @Path("{id}")
  @Operation(operationId = "getPost", summary = "Get a post", description = "Another client's post is 404.")
  @APIResponse(responseCode = "200", description = "The post.", content = @Content(
      mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = PostDtos.View.class)))
  public PostDtos.View get(@PathParam("id") String id) {
    return read(id);
  }

  @PUT
  @Path("{id}")
  @Operation(operationId = "updatePost", summary = "Update a scheduled post", description = "Partial: `accountId`, "
      + "`videoId`, `caption`, `scheduledAt`, `tags` replace the stored ones when given (checked as on creation). "
      + "Only while `scheduled`; otherwise 409 `conflict`.")
  @APIResponse(responseCode = "200", description = UPDATED, content = @Content(
      mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = PostDtos.View.class)))
  @APIResponse(responseCode = "409", description = CONFLICT_CHANGED, content = @Content(
      mediaType = MediaType.APPLICATION_JSON, schema = @Schema(ref = "Error")))
  public PostDtos.View update(@PathParam("id") String id, PostDtos.Update body) {
    return updateAt(id, body);
  }

  @PUT
  @Operation(operationId = "updatePostById", summary = "Update a post" + ApiDocs.NAMED_BY_ID,
      description = "As PUT " + PATH + "/{id}" + ApiDocs.FOR_QUERY_OR_BODY + " (`id` or `postId`).")
  @APIResponse(responseCode = "200", description = UPDATED, content = @Content(
      mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = PostDtos.View.class)))
  @APIResponse(responseCode = "409", description = CONFLICT_CHANGED, content = @Content(
      mediaType = MediaType.APPLICATION_JSON, schema = @Schema(ref = "Error")))
  public PostDtos.View updateById(@QueryParam("id") String id, PostDtos.Update body) {
    return updateNamed(id, body);
  }

  @DELETE
  @Path("{id}")
  @Operation(operationId = "deletePost", summary = "Delete a post", description = "Answers `{id, deleted: true}`. "
      + "A post being published right now is 409 `conflict`. Deleting a published post does not remove it from the "
      + "network.")
  @APIResponse(responseCode = "200", description = ApiDocs.DELETED, content = @Content(
      mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = Deleted.class)))
  @APIResponse(responseCode = "409", description = CONFLICT_PUBLISHING, content = @Content(
      mediaType = MediaType.APPLICATION_JSON, schema = @Schema(ref = "Error")))
  public Deleted delete(@PathParam("id") String id) {
    return removeAt(id);
  }

  @DELETE
  @Consumes(MediaType.WILDCARD)
  @Operation(operationId = "deletePostById", summary = "Delete a post" + ApiDocs.NAMED_BY_ID,
      description = "As DELETE " + PATH + "/{id}" + ApiDocs.FOR_QUERY_OR_BODY + ".")
  @APIResponse(responseCode = "200", description = ApiDocs.DELETED, content = @Content(
      mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = Deleted.class)))
  @APIResponse(responseCode = "409", description = CONFLICT_PUBLISHING, content = @Content(
      mediaType = MediaType.APPLICATION_JSON, schema = @Schema(ref = "Error")))
  public Deleted deleteById(@QueryParam("id") String id,
      @RequestBody(ref = ApiDocs.DELETE_BODY) String body) {
    return removeNamed(id, body);
  }
}

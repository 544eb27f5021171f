package dev.videoautomation.gateway.jobs;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.extensions.Extension;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

import io.smallrye.mutiny.Uni;
import io.vertx.core.Future;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.RoutingContext;

import dev.videoautomation.gateway.admission.Admission;
import dev.videoautomation.gateway.admission.Admitted;
import dev.videoautomation.gateway.routing.Owner;
import dev.videoautomation.platform.errors.ApiError;
import dev.videoautomation.platform.errors.ApiException;
import dev.videoautomation.platform.errors.ErrorCode;
import dev.videoautomation.platform.errors.ErrorResponses;
import dev.videoautomation.platform.http.ResponseHeadersFilter;
import dev.videoautomation.platform.lists.Cursor;
import dev.videoautomation.platform.lists.PageRequest;
import dev.videoautomation.platform.openapi.SharedAnswers;
import dev.videoautomation.platform.token.InternalTokens;

/**
 * The public {@code /v1/jobs} paths, which the gateway owns (docs/jobs.md): one job read from its owner by the id's
 * prefix; the list merged from both owners under one cursor; cancel relayed to the owner. A read with
 * {@code Prefer: wait=N} is {@link JobWaitRoute}'s and the event stream {@link JobEventStream}'s: both hold the answer
 * open on Vert.x routes ahead of this resource.
 */
@Path("/v1/jobs")
@Tag(name = JobsResource.TAG)
public class JobsResource {
  static final String TAG = "Jobs";
  /** Any job id's form; an id of another prefix is still answered (404), so the pattern only documents it. */
  static final String ID_PATTERN = "^[a-z]{3}_[0-9A-Za-z]+$";

  private final OwnerJobs owners;
  private final InternalTokens tokens;

  JobsResource(OwnerJobs owners, InternalTokens tokens) {
    this.owners = owners;
    this.tokens = tokens;
  }

  @GET
  @Path("/{id}")
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(operationId = "getJob", summary = "One job, any kind; optionally wait for it to end")
  @APIResponse(responseCode = "200", content = @Content(schema = @Schema(implementation = JobDocs.View.class)))
  @APIResponse(responseCode = "429")
  @Extension(name = SharedAnswers.ANSWERS, value = "404")
  public Uni<Response> getJob(
      @PathParam("id") @Parameter(schema = @Schema(type = SchemaType.STRING, maxLength = 64, pattern = ID_PATTERN))
      String id,
      @Context RoutingContext rc) {
    // With Prefer: wait=N the read is JobWaitRoute's, ahead of this method.
    var caller = new Caller(rc, tokens);
    return uni(owners.view(ownerOf(id), id, caller.token, caller.requestId)
        .map(JobsResource::relayed).otherwise(JobsResource::unreachable));
  }

  @GET
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(operationId = "listJobs", summary = "The caller's jobs of every kind, newest first")
  @APIResponse(responseCode = "200", content = @Content(schema = @Schema(implementation = JobDocs.Page.class)))
  @Extension(name = SharedAnswers.ANSWERS, value = "400")
  public Uni<Response> listJobs(@QueryParam("limit") @Parameter(ref = "Limit") String limit,
      @QueryParam("cursor") @Parameter(ref = "Cursor") String cursor,
      @QueryParam("status") @Parameter(schema = @Schema(enumeration = {"pending", "running", "succeeded", "failed",
          "canceled"})) String status, @QueryParam("kind") @Parameter(schema = @Schema(enumeration = {"clone.video",
          "image", "music", "account.verify", "post.publish"})) String kind, @Context RoutingContext rc) {
    var caller = new Caller(rc, tokens);
    var page = PageRequest.of(limit, cursor);
    checkOneOf("status", status, JobOwners.STATUSES);
    checkOneOf("kind", kind, JobOwners.KINDS);
    var tags = tagFilters(rc.request().query());
    var asked = new ArrayList<Owner>();
    for (var owner : List.of(Owner.CLONE, Owner.RECORDS)) {
      var holdsKind = kind == null || JobOwners.ofKind(kind) == owner;
      // Only accounts and posts carry tags: with a tag filter, clone's jobs never match.
      var holdsTags = tags.isEmpty() || owner == Owner.RECORDS;
      if (holdsKind && holdsTags) {
        asked.add(owner);
      }
    }
    var query = new StringBuilder("limit=").append(page.limit());
    page.after().ifPresent(after -> query.append("&before=").append(after.createdAt()).append('.').append(after.id()));
    if (status != null) {
      query.append("&status=").append(status);
    }
    if (kind != null) {
      query.append("&kind=").append(kind);
    }
    var pages = new ArrayList<Future<OwnerJobs.Answer>>();
    for (var owner : asked) {
      pages.add(owners.list(owner, owner == Owner.RECORDS ? query + tags : query.toString(), caller.token,
          caller.requestId));
    }
    return uni(Future.join(pages).transform(all -> {
      for (var answered : pages) {
        if (answered.failed() || answered.result().status() >= 500) {
          return Future.succeededFuture(unavailable("A job list could not be read from every owner; retry in a "
              + "few seconds."));
        }
        if (!answered.result().ok()) {
          return Future.succeededFuture(relayed(answered.result()));
        }
      }
      return Future.succeededFuture(merged(pages.stream().map(Future::result).toList(), page.limit()));
    }));
  }

  @POST
  @Path("/{id}/cancel")
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(operationId = "cancelJob", summary = "Cancel an open job; its credits are refunded once")
  @APIResponse(responseCode = "200", content = @Content(schema = @Schema(implementation = JobDocs.View.class)))
  @APIResponse(responseCode = "409")
  @Extension(name = SharedAnswers.ANSWERS, value = "404")
  public Uni<Response> cancelJob(
      @PathParam("id") @Parameter(schema = @Schema(type = SchemaType.STRING, maxLength = 64, pattern = ID_PATTERN))
      String id,
      @Context RoutingContext rc) {
    var caller = new Caller(rc, tokens);
    return uni(owners.cancel(ownerOf(id), id, caller.token, caller.requestId)
        .map(JobsResource::relayed).otherwise(JobsResource::unreachable));
  }

  /** Both owners' pages as one: newest first by (createdAt, id), cut at {@code limit}, the cursor after the last. */
  static Response merged(List<OwnerJobs.Answer> pages, int limit) {
    var all = new ArrayList<JsonObject>();
    var more = false;
    for (var page : pages) {
      var json = page.json();
      more |= json.getBoolean("more", false);
      json.getJsonArray("data", new JsonArray()).forEach(item -> all.add((JsonObject) item));
    }
    all.sort(Comparator.comparingLong((JsonObject job) -> job.getLong("createdAt", 0L)).reversed()
        .thenComparing((JsonObject job) -> job.getString("id", ""), Comparator.reverseOrder()));
    more |= all.size() > limit;
    var data = all.subList(0, Math.min(limit, all.size()));
    var next = more && !data.isEmpty()
        ? new Cursor(data.getLast().getLong("createdAt", 0L), data.getLast().getString("id")).encode() : null;
    var body = new JsonObject().put("data", new JsonArray(new ArrayList<>(data))).put("nextCursor", next);
    return Response.ok(body.encode(), MediaType.APPLICATION_JSON).build();
  }

  /** A raw query string's tag filters ({@code tag.k=v}, {@code tag[k]=v}, encoded or not), each {@code &…}. */
  static String tagFilters(String rawQuery) {
    if (rawQuery == null || rawQuery.isEmpty()) {
      return "";
    }
    var tags = new StringBuilder();
    for (var pair : rawQuery.split("&")) {
      var name = pair.split("=", 2)[0];
      if (name.startsWith("tag.") || name.startsWith("tag[") || name.regionMatches(true, 0, "tag%5B", 0, 6)
          || name.equals("tag")) {
        tags.append('&').append(pair);
      }
    }
    return tags.toString();
  }

  private static void checkOneOf(String field, String value, java.util.Set<String> allowed) {
    if (value != null && !allowed.contains(value)) {
      throw ApiException.invalidField(field, "must be one of " + allowed.stream().sorted().toList());
    }
  }

  /** The owner of {@code id}, or the 404 that names it. */
  static Owner ownerOf(String id) {
    return JobOwners.ofId(id).orElseThrow(() -> new ApiException(ErrorCode.NOT_FOUND, "No job has the id '"
        + (id.length() > 64 ? id.substring(0, 64) + "…" : id) + "'. Job ids start with vid_, img_, trk_, acc_ or "
        + "pst_."));
  }

  /** The owner's answer as it is: status, content type, body. */
  static Response relayed(OwnerJobs.Answer answer) {
    var builder = Response.status(answer.status()).entity(answer.body().getBytes()).type(answer.contentType());
    var retryAfter = answer.headers().get("Retry-After");
    if (retryAfter != null) {
      builder.header("Retry-After", retryAfter);
    }
    return builder.build();
  }

  private static Response unreachable(Throwable failure) {
    return ErrorResponses.toResponse("/v1/jobs", ApiError.of(ErrorCode.UPSTREAM_ERROR,
        "The service that holds this job is unavailable. Retry shortly."));
  }

  static Response unavailable(String message) {
    return ErrorResponses.toResponse("/v1/jobs", ApiError.of(ErrorCode.SERVICE_UNAVAILABLE, message)
        .with("retryAfter", 5));
  }

  /**
   * The answer, handed back on the request's own Vert.x context (Quarkus keeps the request context there): an owner's
   * answer or a notification may complete {@code future} on another.
   */
  private static Uni<Response> uni(Future<Response> future) {
    var context = io.vertx.core.Vertx.currentContext();
    return Uni.createFrom().emitter(emitter -> future.onComplete(done -> {
      Runnable emit = () -> {
        if (done.succeeded()) {
          emitter.complete(done.result());
        } else {
          emitter.fail(done.cause());
        }
      };
      if (context == null || context == io.vertx.core.Vertx.currentContext()) {
        emit.run();
      } else {
        context.runOnContext(ignored -> emit.run());
      }
    }));
  }

  /** The admitted caller, with the client token the owners take and the request id to carry. */
  static final class Caller {
    final String clientId;
    final String token;
    final String requestId;

    Caller(RoutingContext rc, InternalTokens tokens) {
      Admitted admitted = rc.get(Admitted.CONTEXT_KEY);
      if (admitted == null) {
        throw new ApiException(ErrorCode.UNAUTHORIZED, Admission.NO_KEY);
      }
      this.clientId = admitted.clientId();
      this.token = tokens.forClient(admitted.clientId(), admitted.keyId(), admitted.scopes(), admitted.plan());
      this.requestId = rc.get(ResponseHeadersFilter.ROUTING_KEY);
    }
  }
}

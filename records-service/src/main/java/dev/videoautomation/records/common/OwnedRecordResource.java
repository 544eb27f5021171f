package dev.videoautomation.records.common;

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

import org.eclipse.microprofile.openapi.annotations.extensions.Extension;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponses;

import io.smallrye.common.annotation.Blocking;

import dev.videoautomation.platform.lists.Page;
import dev.videoautomation.platform.lists.PageRequest;
import dev.videoautomation.platform.lists.TagFilters;
import dev.videoautomation.platform.openapi.SharedAnswers;
import dev.videoautomation.platform.token.CurrentCaller;

/**
 * The seven operations of every record kind, declared once (design §4): create, list, and get, update and delete by
 * path or by {@code ?id=} (or the body's id) on the collection. A kind's resource extends this with its path, its
 * tag, its types and a {@link RecordKind}; a new kind of owned record is one more such class, its service and its
 * block of {@code META-INF/openapi.yaml}.
 * <p>
 * The answers every kind shares are named here ({@code x-answers}). What differs between kinds is in
 * {@code META-INF/openapi.yaml} under the kind's paths: each operation's {@code operationId}, summary and description,
 * the form of its {@code id}, the list's parameters, the 2xx answer with the kind's schema in the kind's words, and
 * any status only that kind answers (an account's 402, a post's 409). {@code @APIResponses} without entries keeps
 * SmallRye from inventing a bare "OK" over those.
 *
 * @param <V> the kind's view
 * @param <F> its list filters
 * @param <C> its create body
 * @param <U> its update body
 * @param <D> the answer to a DELETE
 */
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
@Blocking
public abstract class OwnedRecordResource<V, F, C, U, D> {
  /**
   * The shared answers of a list, a create, and the operations that name one record (with a body: 415 too). A 503 is
   * records' own {@code RecordsUnavailable}, which names the services a call may need; the others are the platform's.
   */
  private static final String LIST_ANSWERS = "400,503=RecordsUnavailable";
  private static final String CREATE_ANSWERS = "400,415,503=RecordsUnavailable";
  private static final String NAMED_ANSWERS = "400,404,503=RecordsUnavailable";
  private static final String NAMED_BODY_ANSWERS = "400,404,415,503=RecordsUnavailable";
  /** The optional {@code {"id"}} body of a collection-level DELETE (openapi.yaml). */
  private static final String DELETE_BODY = "RecordDeleteBody";

  private final OwnedRecordService<V, F, C, U, D> service;
  private final CurrentCaller caller;
  private final RecordKind<F, U> kind;

  protected OwnedRecordResource(OwnedRecordService<V, F, C, U, D> service, CurrentCaller caller,
      RecordKind<F, U> kind) {
    this.service = service;
    this.caller = caller;
    this.kind = kind;
  }

  @POST
  @APIResponses
  @Extension(name = SharedAnswers.ANSWERS, value = CREATE_ANSWERS)
  public Response create(C body) {
    return Response.status(kind.created()).entity(service.create(clientId(), body)).build();
  }

  /**
   * Newest first. Its parameters are read from the query: the page ({@code limit}, {@code cursor}), the tag filters
   * ({@code tag[k]=v} or {@code tag.k=v}) and the kind's own filters; they are declared in the kind's block of
   * openapi.yaml, since a {@code @BeanParam} of a type variable cannot be bound.
   */
  @GET
  @APIResponses
  @Extension(name = SharedAnswers.ANSWERS, value = LIST_ANSWERS)
  public Page<V> list(@Context UriInfo uri) {
    var clientId = clientId();
    var parameters = uri.getQueryParameters();
    var query = ListQuery.of(clientId, TagFilters.parse(parameters),
        PageRequest.of(parameters.getFirst("limit"), parameters.getFirst("cursor")));
    return service.list(query, kind.filters().apply(parameters));
  }

  @GET
  @Path("{id}")
  @APIResponses
  @Extension(name = SharedAnswers.ANSWERS, value = NAMED_ANSWERS)
  public V get(@PathParam("id") String id) {
    var clientId = clientId();
    return service.find(clientId, Inputs.id("id", kind.prefix(), id)).orElseThrow(() -> notFound(id));
  }

  /** A body id, when given, must be the path's. */
  @PUT
  @Path("{id}")
  @APIResponses
  @Extension(name = SharedAnswers.ANSWERS, value = NAMED_BODY_ANSWERS)
  public V update(@PathParam("id") String id, U body) {
    return updated(CollectionIds.samePath(kind.prefix(), id, bodyId(body)), body);
  }

  /** The record is named by {@code ?id=} or the body's id. */
  @PUT
  @APIResponses
  @Extension(name = SharedAnswers.ANSWERS, value = NAMED_BODY_ANSWERS)
  public V updateById(@QueryParam("id") String id, U body) {
    return updated(CollectionIds.resolve(kind.prefix(), id, bodyId(body)), body);
  }

  @DELETE
  @Path("{id}")
  @APIResponses
  @Extension(name = SharedAnswers.ANSWERS, value = NAMED_ANSWERS)
  public D delete(@PathParam("id") String id) {
    return removed(Inputs.id("id", kind.prefix(), id));
  }

  /** The record is named by {@code ?id=} or the optional {@code {"id"}} body, read whatever its content type. */
  @DELETE
  @Consumes(MediaType.WILDCARD)
  @APIResponses
  @Extension(name = SharedAnswers.ANSWERS, value = NAMED_ANSWERS)
  public D deleteById(@QueryParam("id") String id, @RequestBody(ref = DELETE_BODY) String body) {
    return removed(CollectionIds.fromDeleteBody(kind.prefix(), id, body));
  }

  private String clientId() {
    return caller.requireClientId();
  }

  private String bodyId(U body) {
    return body == null ? null : kind.bodyId().apply(body);
  }

  private V updated(String id, U body) {
    return service.update(clientId(), id, body).orElseThrow(() -> notFound(id));
  }

  private D removed(String id) {
    return service.remove(clientId(), id).orElseThrow(() -> notFound(id));
  }

  private RuntimeException notFound(String id) {
    return CollectionIds.notFound(kind.noun(), id);
  }
}

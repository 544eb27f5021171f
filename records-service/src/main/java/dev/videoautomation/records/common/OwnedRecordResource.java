package dev.videoautomation.records.common;

import jakarta.ws.rs.core.Response;

import dev.videoautomation.platform.token.CurrentCaller;

/**
 * What every record kind answers the same way: get by id, update by path or by {@code ?id=}/body id, delete by path
 * or by {@code ?id=}/body. A kind's resource declares its JAX-RS methods with its own OpenAPI text and delegates here
 * in one line, so the wording stays the kind's and the behaviour is written once. (The JAX-RS methods stay on the
 * kinds: an annotation on a shared method could not carry a per-kind operationId or summary.)
 *
 * @param <R> the entity
 * @param <V> its view
 * @param <U> its update body
 * @param <D> the answer to a DELETE
 */
public abstract class OwnedRecordResource<R extends OwnedRecord, V, U, D> {
  private final OwnedRecordService<R, U> service;
  private final CurrentCaller caller;
  private final RecordKind<R, V, U, D> kind;

  protected OwnedRecordResource(OwnedRecordService<R, U> service, CurrentCaller caller, RecordKind<R, V, U, D> kind) {
    this.service = service;
    this.caller = caller;
    this.kind = kind;
  }

  protected String clientId() {
    return caller.requireClientId();
  }

  /** 201 with the new record's view. */
  protected Response created(R record) {
    return Response.status(Response.Status.CREATED).entity(kind.view().apply(record)).build();
  }

  protected V read(String pathId) {
    var clientId = clientId();
    return service.find(clientId, Inputs.id("id", kind.prefix(), pathId)).map(kind.view())
        .orElseThrow(() -> CollectionIds.notFound(kind.noun(), pathId));
  }

  /** PUT /{id}: a body id, when given, must be the path's. */
  protected V updateAt(String pathId, U body) {
    return update(CollectionIds.samePath(kind.prefix(), pathId, bodyId(body)), body);
  }

  /** The collection PUT: the record is named by {@code ?id=} or the body's id. */
  protected V updateNamed(String queryId, U body) {
    return update(CollectionIds.resolve(kind.prefix(), queryId, bodyId(body)), body);
  }

  protected D removeAt(String pathId) {
    return remove(Inputs.id("id", kind.prefix(), pathId));
  }

  /** The collection DELETE: the record is named by {@code ?id=} or the optional {@code {"id"}} body. */
  protected D removeNamed(String queryId, String body) {
    return remove(CollectionIds.fromDeleteBody(kind.prefix(), queryId, body));
  }

  private String bodyId(U body) {
    return body == null ? null : kind.bodyId().apply(body);
  }

  private V update(String id, U body) {
    return service.update(clientId(), id, body).map(kind.view())
        .orElseThrow(() -> CollectionIds.notFound(kind.noun(), id));
  }

  private D remove(String id) {
    return service.remove(clientId(), id).map(kind.removed())
        .orElseThrow(() -> CollectionIds.notFound(kind.noun(), id));
  }
}

package dev.videoautomation.records.accounts;

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

@Path("/v1/accounts")
@Tag(name = "Accounts", description = "Social accounts to publish to. Creation costs credits (`account.create`, see "
    + "/v1/pricing) and is verified asynchronously: `creating` → `active` | `failed`.")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
@Blocking
public class AccountResource {
  static final String KIND = "account";
  private final AccountService service;
  private final CurrentCaller caller;

  public AccountResource(AccountService service, CurrentCaller caller) {
    this.service = service;
    this.caller = caller;
  }

  @POST
  @Operation(summary = "Create an account (asynchronous, paid)", description = "Body: `platform` (required, "
      + "`shortvideo` or `photo`), `name` (required, the handle, with or without @), optional `tags` and `metadata` "
      + "(object, at most 16 KiB). Charges `account.create` under the new account id before anything is stored (402 "
      + "`insufficient_credits` stores nothing) and answers 202 with the record in status `creating`. A worker then "
      + "looks the handle up: found → `active` with `verified: true` and the provider's `displayName`, `followers`, "
      + "`profileUrl`; not found → `failed` with `failureReason: account_not_found` and the credits refunded once; "
      + "lookup failing repeatedly → `failed` with `verification_unavailable`, refunded. When this deployment has no "
      + "scraping provider configured the account becomes `active` with `verified: false`: it was never checked.")
  @APIResponse(responseCode = "202", description = "Accepted; poll GET /v1/accounts/{id} for the outcome")
  public Response create(AccountDtos.Create body) {
    var account = service.create(caller.requireClientId(), body);
    return Response.accepted(AccountDtos.View.from(account)).build();
  }

  @GET
  @Operation(summary = "List accounts", description = "Newest first. `limit` (1–200, default 50), `cursor` "
      + "(nextCursor of the last page), `status` (creating|active|failed), `platform`, and `tag.<key>=<value>` "
      + "filters, ANDed.")
  public Page<AccountDtos.View> list(@QueryParam("limit") String limit, @QueryParam("cursor") String cursor,
      @QueryParam("status") String status, @QueryParam("platform") String platform, @Context UriInfo uri) {
    return service.list(caller.requireClientId(), TagFilters.parse(uri.getQueryParameters()),
        PageRequest.of(limit, cursor), status, platform);
  }

  @GET
  @Path("{id}")
  @Operation(summary = "Get an account", description = "Another client's account is 404.")
  public AccountDtos.View get(@PathParam("id") String id) {
    var clientId = caller.requireClientId();
    return service.find(clientId, Inputs.id("id", IdPrefix.ACC, id)).map(AccountDtos.View::from)
        .orElseThrow(() -> CollectionIds.notFound(KIND, id));
  }

  @PUT
  @Path("{id}")
  @Operation(summary = "Update an account", description = "Partial: `tags` and `metadata` replace the stored ones "
      + "when given; absent fields stay. `platform` and `name` cannot change (create a new account).")
  public AccountDtos.View update(@PathParam("id") String id, AccountDtos.Update body) {
    return doUpdate(CollectionIds.samePath(IdPrefix.ACC, id, body == null ? null : body.id()), body);
  }

  @PUT
  @Operation(summary = "Update an account named by ?id= or the body's id", description = "As PUT /v1/accounts/{id}.")
  public AccountDtos.View updateById(@QueryParam("id") String id, AccountDtos.Update body) {
    return doUpdate(CollectionIds.resolve(IdPrefix.ACC, id, body == null ? null : body.id()), body);
  }

  @DELETE
  @Path("{id}")
  @Operation(summary = "Delete an account", description = "Answers `{id, deleted: true}`. Credits are not refunded.")
  public Deleted delete(@PathParam("id") String id) {
    return doDelete(Inputs.id("id", IdPrefix.ACC, id));
  }

  @DELETE
  @Consumes(MediaType.WILDCARD)
  @Operation(summary = "Delete an account named by ?id= or the body's id", description = "As DELETE /v1/accounts/{id}.")
  public Deleted deleteById(@QueryParam("id") String id, String body) {
    return doDelete(CollectionIds.fromDeleteBody(IdPrefix.ACC, id, body));
  }

  private AccountDtos.View doUpdate(String id, AccountDtos.Update body) {
    return service.update(caller.requireClientId(), id, body).map(AccountDtos.View::from)
        .orElseThrow(() -> CollectionIds.notFound(KIND, id));
  }

  private Deleted doDelete(String id) {
    if (!service.delete(caller.requireClientId(), id)) {
      throw CollectionIds.notFound(KIND, id);
    }
    return Deleted.of(id);
  }
}

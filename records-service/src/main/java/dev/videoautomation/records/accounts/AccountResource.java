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

@Path(AccountResource.PATH)
@Tag(name = AccountResource.TAG, description = "Social accounts to publish to. Creation costs credits "
    + "(`account.create`, see /v1/pricing) and is verified asynchronously: `creating` → `active` | `failed`.")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
@Blocking
public class AccountResource extends OwnedRecordResource<Account, AccountDtos.View, AccountDtos.Update, Deleted> {
  static final String TAG = "Records: accounts";
  static final String PATH = "/v1/accounts";
  private static final String UPDATED = "The account as updated.";
  private final AccountService service;

  public AccountResource(AccountService service, CurrentCaller caller) {
    super(service, caller, RecordKind.deleting("account",
        IdPrefix.ACC, AccountDtos.View::from, AccountDtos.Update::id));
    this.service = service;
  }

  @POST
  @Operation(operationId = "createAccount", summary = "Create an account (asynchronous, paid)", description = "Body: "
      + "`platform` (required, `shortvideo` or `photo`), `name` (required, the handle, with or without @), optional "
      + "`tags` and `metadata` (object, at most 16 KiB). Charges `account.create` under the new account id before "
      + "anything is stored (402 `insufficient_credits` stores nothing) and answers 202 with the record in status "
      + "`creating`. A worker then looks the handle up: found → `active` with `verified: true` and the provider's "
      + "`displayName`, `followers`, `profileUrl`; not found → `failed` with `failureReason: account_not_found` and "
      + "the credits refunded once; lookup failing repeatedly → `failed` with `verification_unavailable`, refunded. "
      + "When this deployment has no scraping provider configured the account becomes `active` with "
      + "`verified: false`: it was never checked.")
  @APIResponse(responseCode = "202", description = "Accepted, status `creating`; poll GET /v1/accounts/{id} for the "
      + "outcome.", content = @Content(mediaType = MediaType.APPLICATION_JSON,
          schema = @Schema(implementation = AccountDtos.View.class)))
  @APIResponse(responseCode = "402", description = "`insufficient_credits`: the balance does not cover "
      + "`account.create` (`balance` and `cost` say by how much); nothing was stored.", content = @Content(
          mediaType = MediaType.APPLICATION_JSON, schema = @Schema(ref = "Error")))
  @APIResponse(responseCode = "502", ref = ApiDocs.UPSTREAM_ERROR)
  @APIResponse(responseCode = "504", ref = ApiDocs.UPSTREAM_TIMEOUT)
  public Response create(AccountDtos.Create body) {
    var account = service.create(clientId(), body);
    return Response.accepted(AccountDtos.View.from(account)).build();
  }

  @GET
  @Operation(operationId = "listAccounts", summary = "List accounts", description = "Newest first, a page at a "
      + "time (`limit`, `cursor`), optionally only one `status` or `platform`." + ApiDocs.TAG_FILTERS)
  @Parameter(ref = ApiDocs.TAG_FILTER)
  @APIResponse(responseCode = "200", description = "One page of accounts.", content = @Content(
      mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = AccountDtos.Listed.class)))
  public Page<AccountDtos.View> list(@QueryParam("limit") @Parameter(ref = ApiDocs.LIMIT) String limit,
      @QueryParam("cursor") @Parameter(ref = ApiDocs.CURSOR) String cursor,
      @QueryParam("status") @Parameter(description = "Only accounts in this status.", schema = @Schema(
          type = SchemaType.STRING, enumeration = {"creating", "active", "failed"})) String status,
      @QueryParam("platform") @Parameter(description = "Only accounts of this platform.", schema = @Schema(
          type = SchemaType.STRING, enumeration = {"shortvideo", "photo"})) String platform,
      @Context UriInfo uri) {
    return service.list(clientId(), TagFilters.parse(uri.getQueryParameters()),
        PageRequest.of(limit, cursor), status, platform);
  }

  @GET
  @Path("{id}")
  @Operation(operationId = "getAccount", summary = "Get an account", description = "Another client's account is "
      + "404.")
  @APIResponse(responseCode = "200", description = "The account.", content = @Content(
      mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = AccountDtos.View.class)))
  public AccountDtos.View get(@PathParam("id") String id) {
    return read(id);
  }

  @PUT
  @Path("{id}")
  @Operation(operationId = "updateAccount", summary = "Update an account", description = "Partial: `tags` and "
      + "`metadata` replace the stored ones when given; absent (or null) fields stay. `platform` and `name` cannot "
      + "change (create a new account).")
  @APIResponse(responseCode = "200", description = UPDATED, content = @Content(
      mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = AccountDtos.View.class)))
  public AccountDtos.View update(@PathParam("id") String id, AccountDtos.Update body) {
    return updateAt(id, body);
  }

  @PUT
  @Operation(operationId = "updateAccountById", summary = "Update an account" + ApiDocs.NAMED_BY_ID,
      description = "As PUT " + PATH + "/{id}" + ApiDocs.FOR_QUERY_OR_BODY + ".")
  @APIResponse(responseCode = "200", description = UPDATED, content = @Content(
      mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = AccountDtos.View.class)))
  public AccountDtos.View updateById(@QueryParam("id") String id, AccountDtos.Update body) {
    return updateNamed(id, body);
  }

  @DELETE
  @Path("{id}")
  @Operation(operationId = "deleteAccount", summary = "Delete an account", description = "Answers "
      + "`{id, deleted: true}`. Credits are not refunded.")
  @APIResponse(responseCode = "200", description = ApiDocs.DELETED, content = @Content(
      mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = Deleted.class)))
  public Deleted delete(@PathParam("id") String id) {
    return removeAt(id);
  }

  @DELETE
  @Consumes(MediaType.WILDCARD)
  @Operation(operationId = "deleteAccountById", summary = "Delete an account" + ApiDocs.NAMED_BY_ID,
      description = "As DELETE " + PATH + "/{id}" + ApiDocs.FOR_QUERY_OR_BODY + ".")
  @APIResponse(responseCode = "200", description = ApiDocs.DELETED, content = @Content(
      mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = Deleted.class)))
  public Deleted deleteById(@QueryParam("id") String id,
      @RequestBody(ref = ApiDocs.DELETE_BODY) String body) {
    return removeNamed(id, body);
  }
}

package dev.videoautomation.auth.subkeys;

import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.extensions.Extension;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

import dev.videoautomation.auth.subkeys.SubKeyDtos.Created;
import dev.videoautomation.auth.subkeys.SubKeyDtos.CreateRequest;
import dev.videoautomation.auth.subkeys.SubKeyDtos.Deleted;
import dev.videoautomation.auth.subkeys.SubKeyDtos.Listing;
import dev.videoautomation.auth.subkeys.SubKeyDtos.UpdateRequest;
import dev.videoautomation.auth.subkeys.SubKeyDtos.View;
import dev.videoautomation.platform.openapi.SharedAnswers;
import dev.videoautomation.platform.token.CurrentCaller;

/**
 * {@code /v1/api_keys}: the client's keys and its sub-keys for sub-agents (issue 32 §3). Every operation needs the
 * client's primary key with {@code api.write}; a sub-key is 403. Answers never hold a secret but the new credential.
 */
@Path("/v1/api_keys")
@Tag(name = "API keys")
@Produces(MediaType.APPLICATION_JSON)
public class SubKeysResource {
  private final SubKeys subKeys;
  private final CurrentCaller caller;

  SubKeysResource(SubKeys subKeys, CurrentCaller caller) {
    this.subKeys = subKeys;
    this.caller = caller;
  }

  @POST
  @Consumes(MediaType.APPLICATION_JSON)
  @Operation(operationId = "createApiKey", summary = "Create a sub-key for a sub-agent")
  @Extension(name = SharedAnswers.ANSWERS, value = "400,409,415")
  @APIResponse(responseCode = "201", description = "The sub-key, its credential shown once", content = @Content(
      mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = Created.class)))
  @APIResponse(responseCode = "401")
  @APIResponse(responseCode = "403")
  @APIResponse(responseCode = "503")
  public Response create(CreateRequest body) {
    var manager = subKeys.manager(caller.get());
    return Response.status(Response.Status.CREATED).entity(subKeys.create(manager, body)).build();
  }

  @GET
  @Operation(operationId = "listApiKeys", summary = "List the client's keys and sub-keys")
  @APIResponse(responseCode = "200", description = "The client's working keys, oldest first, without secrets",
      content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = Listing.class)))
  @APIResponse(responseCode = "401")
  @APIResponse(responseCode = "403")
  public Listing list() {
    return subKeys.list(subKeys.manager(caller.get()));
  }

  @GET
  @Path("{id}")
  @Operation(operationId = "getApiKey", summary = "Get one of the client's keys")
  @Extension(name = SharedAnswers.ANSWERS, value = "404")
  @APIResponse(responseCode = "200", description = "The key, without its secret", content = @Content(
      mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = View.class)))
  @APIResponse(responseCode = "401")
  @APIResponse(responseCode = "403")
  public View get(@PathParam("id") String id) {
    return subKeys.get(subKeys.manager(caller.get()), id);
  }

  @PUT
  @Path("{id}")
  @Consumes(MediaType.APPLICATION_JSON)
  @Operation(operationId = "updateApiKey", summary = "Change a sub-key's name, budget, caps or expiry")
  @Extension(name = SharedAnswers.ANSWERS, value = "400,404,409,415")
  @APIResponse(responseCode = "200", description = "The sub-key as it now is", content = @Content(
      mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = View.class)))
  @APIResponse(responseCode = "401")
  @APIResponse(responseCode = "403")
  @APIResponse(responseCode = "503")
  public View update(@PathParam("id") String id, UpdateRequest body) {
    var manager = subKeys.manager(caller.get());
    subKeys.update(manager, id, body);
    return subKeys.get(manager, id);
  }

  @DELETE
  @Path("{id}")
  @Operation(operationId = "deleteApiKey", summary = "Delete (revoke) a sub-key")
  @Extension(name = SharedAnswers.ANSWERS, value = "404,409")
  @APIResponse(responseCode = "200", description = "Revoked: it stops working on every gateway within a second",
      content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = Deleted.class)))
  @APIResponse(responseCode = "401")
  @APIResponse(responseCode = "403")
  public Deleted delete(@PathParam("id") String id) {
    subKeys.delete(subKeys.manager(caller.get()), id);
    return new Deleted(id, true);
  }
}

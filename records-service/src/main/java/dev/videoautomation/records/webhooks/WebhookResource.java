package dev.videoautomation.records.webhooks;

import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.extensions.Extension;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponses;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

import io.smallrye.common.annotation.Blocking;

import dev.videoautomation.platform.lists.Page;
import dev.videoautomation.platform.lists.PageRequest;
import dev.videoautomation.platform.openapi.SharedAnswers;
import dev.videoautomation.platform.token.CurrentCaller;

/**
 * {@code /v1/webhooks}: a client's Standard Webhooks endpoints, their secrets and their delivery log (docs/jobs.md,
 * "Webhooks"). The words of each operation are in META-INF/openapi.yaml under its path.
 */
@Path("/v1/webhooks")
@Produces(MediaType.APPLICATION_JSON)
@Blocking
@Tag(name = "Records: webhooks", description = "Endpoints that receive signed job and key events (Standard "
    + "Webhooks), their secrets and their delivery log.")
public class WebhookResource {
  private static final String NAMED = "400,404,503=WebhooksUnavailable";

  private final WebhookEndpoints endpoints;
  private final CurrentCaller caller;

  public WebhookResource(WebhookEndpoints endpoints, CurrentCaller caller) {
    this.endpoints = endpoints;
    this.caller = caller;
  }

  @POST
  @Consumes(MediaType.APPLICATION_JSON)
  @Operation(operationId = "createWebhook", summary = "Create a webhook endpoint")
  @APIResponses
  @Extension(name = SharedAnswers.ANSWERS, value = "400,415,503=WebhooksUnavailable")
  public Response create(WebhookDtos.Create body) {
    return Response.status(Response.Status.CREATED).entity(endpoints.create(caller.requireClientId(), body)).build();
  }

  @GET
  @Operation(operationId = "listWebhooks", summary = "List webhook endpoints")
  @APIResponses
  @Extension(name = SharedAnswers.ANSWERS, value = "400,503=WebhooksUnavailable")
  public Page<WebhookDtos.View> list(@Parameter(ref = "Limit") @QueryParam("limit") String limit,
      @Parameter(ref = "Cursor") @QueryParam("cursor") String cursor) {
    return endpoints.list(caller.requireClientId(), PageRequest.of(limit, cursor));
  }

  @GET
  @Path("{id}")
  @Operation(operationId = "getWebhook", summary = "Get a webhook endpoint")
  @APIResponses
  @Extension(name = SharedAnswers.ANSWERS, value = NAMED)
  public WebhookDtos.View get(@PathParam("id") String id) {
    return endpoints.find(caller.requireClientId(), id);
  }

  @DELETE
  @Path("{id}")
  @Operation(operationId = "deleteWebhook", summary = "Delete a webhook endpoint")
  @APIResponses
  @Extension(name = SharedAnswers.ANSWERS, value = NAMED)
  public WebhookDtos.Deleted delete(@PathParam("id") String id) {
    return endpoints.delete(caller.requireClientId(), id);
  }

  @POST
  @Path("{id}/rotate_secret")
  @Operation(operationId = "rotateWebhookSecret", summary = "Rotate a webhook endpoint's secret")
  @APIResponses
  @Extension(name = SharedAnswers.ANSWERS, value = NAMED)
  public WebhookDtos.WithSecret rotate(@PathParam("id") String id) {
    return endpoints.rotate(caller.requireClientId(), id);
  }

  @POST
  @Path("{id}/enable")
  @Operation(operationId = "enableWebhook", summary = "Enable a disabled webhook endpoint")
  @APIResponses
  @Extension(name = SharedAnswers.ANSWERS, value = NAMED)
  public WebhookDtos.View enable(@PathParam("id") String id) {
    return endpoints.enable(caller.requireClientId(), id);
  }

  @GET
  @Path("{id}/deliveries")
  @Operation(operationId = "listWebhookDeliveries", summary = "List a webhook endpoint's deliveries")
  @APIResponses
  @Extension(name = SharedAnswers.ANSWERS, value = NAMED)
  public Page<WebhookDtos.Delivery> deliveries(@PathParam("id") String id,
      @Parameter(ref = "Limit") @QueryParam("limit") String limit,
      @Parameter(ref = "Cursor") @QueryParam("cursor") String cursor) {
    return endpoints.deliveries(caller.requireClientId(), id, PageRequest.of(limit, cursor));
  }

  @POST
  @Path("deliveries/{deliveryId}/redeliver")
  @Operation(operationId = "redeliverWebhookDelivery", summary = "Send a delivery's event again")
  @APIResponses
  @Extension(name = SharedAnswers.ANSWERS, value = NAMED)
  public Response redeliver(@PathParam("deliveryId") String deliveryId) {
    return Response.accepted(endpoints.redeliver(caller.requireClientId(), deliveryId)).build();
  }
}

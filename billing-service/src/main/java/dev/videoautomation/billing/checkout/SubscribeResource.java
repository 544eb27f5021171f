package dev.videoautomation.billing.checkout;

import static jakarta.ws.rs.core.MediaType.APPLICATION_JSON;

import java.nio.charset.StandardCharsets;

import jakarta.validation.ConstraintViolationException;
import jakarta.validation.Validator;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.videoautomation.billing.checkout.CheckoutDtos.Started;
import dev.videoautomation.billing.checkout.CheckoutDtos.Status;
import dev.videoautomation.billing.checkout.CheckoutDtos.SubscribeRequest;
import dev.videoautomation.platform.errors.ApiException;
import dev.videoautomation.platform.errors.ErrorCode;
import dev.videoautomation.platform.ids.IdPrefix;
import dev.videoautomation.platform.ids.Ids;
import dev.videoautomation.platform.json.RequestBodyMapper;
import dev.videoautomation.platform.token.CurrentCaller;

/** Subscribing: {@code POST /v1/subscribe} (key optional) and {@code GET /v1/credits/status} (public). */
@Path("/v1")
@Tag(name = "Billing", description = "Subscribing (checkout, with or without a key), where a checkout stands, "
    + "and the plans, daily limits and credit costs.")
@Produces(MediaType.APPLICATION_JSON)
public class SubscribeResource {
  private final Checkouts checkouts;
  private final CheckoutStatuses statuses;
  private final CurrentCaller caller;
  private final ObjectMapper json;
  private final Validator validator;

  SubscribeResource(Checkouts checkouts, CheckoutStatuses statuses, CurrentCaller caller, RequestBodyMapper bodies,
      Validator validator) {
    this.json = bodies.strict();
    this.validator = validator;
    this.checkouts = checkouts;
    this.statuses = statuses;
    this.caller = caller;
  }

  @POST
  @Path("/subscribe")
  @Consumes(MediaType.WILDCARD)
  @Operation(operationId = "createCheckoutSession", summary = "Start a $99/month subscription")
  @RequestBody(required = false, content = @Content(mediaType = APPLICATION_JSON,
      schema = @Schema(implementation = SubscribeRequest.class)))
  @APIResponse(responseCode = "201", content = @Content(schema = @Schema(implementation = Started.class)))
  @APIResponse(responseCode = "400")
  @APIResponse(responseCode = "502")
  @APIResponse(responseCode = "503")
  @APIResponse(responseCode = "504")
  public Response subscribe(@Parameter(hidden = true) byte[] bytes) throws JsonProcessingException {
    var rawBody = bytes == null ? null : new String(bytes, StandardCharsets.UTF_8);
    // The body is optional (a bare POST subscribes to pro), so it is read here rather than by the JSON reader, with
    // the mapper that reader uses: a key given twice or a number where text belongs is refused as everywhere else.
    var request = rawBody == null || rawBody.isBlank() ? null : json.readValue(rawBody, SubscribeRequest.class);
    if (request != null) {
      var violations = validator.validate(request);
      if (!violations.isEmpty()) {
        throw new ConstraintViolationException(violations);
      }
    }
    var clientId = caller.get().filter(c -> !c.isService()).map(c -> c.clientId()).orElse(null);
    var plan = request == null || request.plan() == null ? "pro" : request.plan();
    var started = checkouts.start(clientId, plan, request == null ? null : request.email());
    return Response.status(Response.Status.CREATED).entity(started).build();
  }

  @GET
  @Path("/credits/status")
  @Operation(operationId = "getCheckoutStatus", summary = "Where a checkout stands")
  @APIResponse(responseCode = "200", description = "The checkout", content = @Content(
      mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = Status.class)))
  @APIResponse(responseCode = "400", description = "invalid_request: `sessionId` is missing or not a checkout "
      + "session id")
  @APIResponse(responseCode = "404", description = "not_found: no such checkout session")
  public Status status(@QueryParam("sessionId") String sessionId) {
    if (sessionId == null || sessionId.isBlank()) {
      throw ApiException.invalidField("sessionId", "is required (the sessionId POST /v1/subscribe gave)");
    }
    if (!Ids.looksLike(IdPrefix.CS, sessionId)) {
      throw ApiException.invalidField("sessionId", "must be a checkout session id (cs_...)");
    }
    return statuses.of(sessionId).orElseThrow(() -> new ApiException(ErrorCode.NOT_FOUND,
        "This checkout session does not exist."));
  }
}

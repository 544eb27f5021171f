package dev.videoautomation.billing.checkout;

import java.nio.charset.StandardCharsets;
import java.util.List;

import jakarta.transaction.Transactional;
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
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.ExampleObject;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.videoautomation.billing.credits.LedgerRepository;
import dev.videoautomation.billing.subscriptions.Entitlements;
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
  private final Entitlements entitlements;
  private final LedgerRepository ledger;
  private final CurrentCaller caller;
  private final ObjectMapper json;
  private final Validator validator;

  SubscribeResource(Checkouts checkouts, Entitlements entitlements, LedgerRepository ledger, CurrentCaller caller,
      RequestBodyMapper bodies, Validator validator) {
    this.json = bodies.strict();
    this.validator = validator;
    this.checkouts = checkouts;
    this.entitlements = entitlements;
    this.ledger = ledger;
    this.caller = caller;
  }

  @POST
  @Path("/subscribe")
  @Consumes(MediaType.WILDCARD)
  @Operation(operationId = "createCheckoutSession", summary = "Start a $99/month subscription", description = "With "
      + "a key (Authorization or X-Api-Key) the subscription is for that key's client; without one, a new client is "
      + "created when checkout completes and GET /v1/credits/status?sessionId=… returns its svc_live_ key once. Body "
      + "(optional, JSON): plan (default pro), email (the receipt address; for a new client also its key-recovery "
      + "address, once verified: completing the checkout mails a 6-digit code to it, which the client sends with its "
      + "key to POST /v1/api_keys/verify_email). Answers 201 with sessionId, checkoutUrl (open it to pay) and "
      + "expiresAt.")
  @RequestBody(required = false, description = "Optional: an empty body subscribes to pro with no receipt address.",
      content = @Content(mediaType = MediaType.APPLICATION_JSON,
          schema = @Schema(implementation = CheckoutDtos.SubscribeRequest.class), examples = @ExampleObject(
              name = "pro with a receipt address", value = "{\"plan\":\"pro\",\"email\":\"buyer@example.com\"}")))
  @APIResponse(responseCode = "201", description = "The checkout to pay", content = @Content(
      mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = CheckoutDtos.Started.class),
      examples = @ExampleObject(name = "started", value = "{\"sessionId\":\"" + CheckoutDtos.SESSION_ID_EXAMPLE
          + "\",\"checkoutUrl\":\"https://api.example.com/checkout/" + CheckoutDtos.SESSION_ID_EXAMPLE + "\","
          + "\"expiresAt\":1763700600000}")))
  @APIResponse(responseCode = "400", description = "invalid_request, naming the field: the body is not JSON, `plan` "
      + "is not a plan, `email` is not an email address, or a field is too long", content = @Content(
      mediaType = MediaType.APPLICATION_JSON, schema = @Schema(ref = "Error")))
  @APIResponse(responseCode = "502", description = "provider_auth_failed (Stripe refused this server's key) or "
      + "upstream_error (Stripe could not start the checkout)", content = @Content(
      mediaType = MediaType.APPLICATION_JSON, schema = @Schema(ref = "Error")))
  @APIResponse(responseCode = "503", description = "provider_not_configured (Stripe is the provider but has no key) "
      + "or service_unavailable (checkout without a key is switched off on this server), with `setup`",
      content = @Content(mediaType = MediaType.APPLICATION_JSON,
          schema = @Schema(ref = "Error")))
  @APIResponse(responseCode = "504", description = "upstream_timeout: Stripe did not answer in time", content =
      @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(ref = "Error")))
  public Response subscribe(@Parameter(hidden = true) byte[] bytes) throws JsonProcessingException {
    var rawBody = bytes == null ? null : new String(bytes, StandardCharsets.UTF_8);
    // The body is optional (a bare POST subscribes to pro), so it is read here rather than by the JSON reader, with
    // the mapper that reader uses: a key given twice or a number where text belongs is refused as everywhere else.
    var request = rawBody == null || rawBody.isBlank() ? null
        : json.readValue(rawBody, CheckoutDtos.SubscribeRequest.class);
    if (request != null) {
      var violations = validator.validate(request);
      if (!violations.isEmpty()) {
        throw new ConstraintViolationException(violations);
      }
    }
    var clientId = caller.get().filter(c -> !c.isService()).map(c -> c.clientId()).orElse(null);
    var plan = request == null || request.plan() == null ? "pro" : request.plan();
    var started = checkouts.start(clientId, plan, request == null ? null : request.email());
    var session = started.session();
    return Response.status(Response.Status.CREATED).entity(new CheckoutDtos.Started(session.id,
        started.checkoutUrl(), session.expiresAt.toEpochMilli())).build();
  }

  @GET
  @Path("/credits/status")
  @Operation(operationId = "getCheckoutStatus", summary = "Where a checkout stands", description = "status pending "
      + "| complete | expired, the subscription and the credit balance once complete. After a checkout made without "
      + "a key completes, the answer carries the new client's API key in `credential` exactly once; every later "
      + "answer has `credential: null` (recover a lost key with POST /v1/api_keys/recover).")
  @APIResponse(responseCode = "200", description = "The checkout", content = @Content(
      mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = CheckoutDtos.Status.class),
      examples = @ExampleObject(name = "pending", value = "{\"sessionId\":\"" + CheckoutDtos.SESSION_ID_EXAMPLE
          + "\",\"status\":\"pending\",\"clientId\":null,\"subscription\":null,\"credits\":null,"
          + "\"credential\":null}")))
  @APIResponse(responseCode = "400", description = "invalid_request: `sessionId` is missing or not a checkout "
      + "session id", content = @Content(mediaType = MediaType.APPLICATION_JSON,
          schema = @Schema(ref = "Error")))
  @APIResponse(responseCode = "404", description = "not_found: no such checkout session", content = @Content(
      mediaType = MediaType.APPLICATION_JSON, schema = @Schema(ref = "Error")))
  public CheckoutDtos.Status status(@QueryParam("sessionId") @Parameter(required = true, description = "The "
      + "sessionId POST /v1/subscribe answered.", schema = @Schema(type = SchemaType.STRING,
          maxLength = CheckoutDtos.ID_MAX_LENGTH, pattern = CheckoutDtos.SESSION_ID)) String sessionId) {
    if (sessionId == null || sessionId.isBlank()) {
      throw ApiException.invalidField("sessionId", "is required (the sessionId POST /v1/subscribe gave)");
    }
    if (!Ids.looksLike(IdPrefix.CS, sessionId)) {
      throw ApiException.invalidField("sessionId", "must be a checkout session id (cs_...)");
    }
    var session = checkouts.current(sessionId).orElseThrow(() -> new ApiException(ErrorCode.NOT_FOUND,
        "This checkout session does not exist."));
    if (!CheckoutSession.COMPLETE.equals(session.status)) {
      return new CheckoutDtos.Status(session.id, session.status, session.clientId, null, null, null, null, null);
    }
    var entitlement = entitlements.of(session.clientId);
    var subscription = new CheckoutDtos.SubscriptionState(entitlement.plan(), entitlement.status(),
        entitlement.active(), entitlement.periodEnd());
    var credits = new CheckoutDtos.CreditBalance(balance(session.clientId));
    var credential = checkouts.takeCredential(session.id).orElse(null);
    return credential == null
        ? new CheckoutDtos.Status(session.id, session.status, session.clientId, subscription, credits, null, null, null)
        : new CheckoutDtos.Status(session.id, session.status, session.clientId, subscription, credits, credential,
            "api_key", List.of("api.read", "api.write"));
  }

  @Transactional
  int balance(String clientId) {
    return ledger.balance(clientId);
  }
}

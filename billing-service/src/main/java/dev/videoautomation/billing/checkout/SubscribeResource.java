package dev.videoautomation.billing.checkout;

import java.util.LinkedHashMap;
import java.util.Map;

import jakarta.validation.constraints.Email;
import jakarta.validation.constraints.Size;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

import dev.videoautomation.billing.credits.LedgerRepository;
import dev.videoautomation.billing.subscriptions.Entitlements;
import dev.videoautomation.platform.errors.ApiException;
import dev.videoautomation.platform.errors.ErrorCode;
import dev.videoautomation.platform.ids.IdPrefix;
import dev.videoautomation.platform.ids.Ids;
import dev.videoautomation.platform.token.CurrentCaller;

/** Subscribing: {@code POST /v1/subscribe} (key optional) and {@code GET /v1/credits/status} (public). */
@Path("/v1")
@Tag(name = "Billing")
@Produces(MediaType.APPLICATION_JSON)
public class SubscribeResource {
  private final Checkouts checkouts;
  private final Entitlements entitlements;
  private final LedgerRepository ledger;
  private final CurrentCaller caller;
  private final com.fasterxml.jackson.databind.ObjectMapper json;
  private final jakarta.validation.Validator validator;

  SubscribeResource(Checkouts checkouts, Entitlements entitlements, LedgerRepository ledger, CurrentCaller caller,
      com.fasterxml.jackson.databind.ObjectMapper json, jakarta.validation.Validator validator) {
    this.json = json;
    this.validator = validator;
    this.checkouts = checkouts;
    this.entitlements = entitlements;
    this.ledger = ledger;
    this.caller = caller;
  }

  public record SubscribeRequest(@Size(max = 32) String plan, @Email @Size(max = 254) String email) {
  }

  @POST
  @Path("/subscribe")
  @Operation(summary = "Start a $99/month subscription", description = "With a key (Authorization or X-Api-Key) the "
      + "subscription is for that key's client; without one, a new client is created when checkout completes and "
      + "GET /v1/credits/status?sessionId=… returns its svc_live_ key once. Body (optional): plan (default pro), "
      + "email (the receipt address; for a new client also its key-recovery address, once verified: completing the "
      + "checkout mails a 6-digit code to it, which the client sends with its key to POST "
      + "/v1/api_keys/verify_email). Answer 201: sessionId, checkoutUrl (open it to pay), expiresAt.")
  @jakarta.ws.rs.Consumes(MediaType.WILDCARD)
  public Response subscribe(byte[] bytes) throws com.fasterxml.jackson.core.JsonProcessingException {
    var rawBody = bytes == null ? null : new String(bytes, java.nio.charset.StandardCharsets.UTF_8);
    // The body is optional (a bare POST subscribes to pro), so it is read here rather than by the JSON reader.
    var request = rawBody == null || rawBody.isBlank() ? null : json.readValue(rawBody, SubscribeRequest.class);
    if (request != null) {
      var violations = validator.validate(request);
      if (!violations.isEmpty()) {
        throw new jakarta.validation.ConstraintViolationException(violations);
      }
    }
    var clientId = caller.get().filter(c -> !c.isService()).map(c -> c.clientId()).orElse(null);
    var plan = request == null || request.plan() == null ? "pro" : request.plan();
    var started = checkouts.start(clientId, plan, request == null ? null : request.email());
    var session = started.session();
    var body = new LinkedHashMap<String, Object>();
    body.put("sessionId", session.id);
    body.put("checkoutUrl", started.checkoutUrl());
    body.put("expiresAt", session.expiresAt.toEpochMilli());
    return Response.status(201).entity(body).build();
  }

  @GET
  @Path("/credits/status")
  @Operation(summary = "Where a checkout stands", description = "status pending | complete | expired, the "
      + "subscription and the credit balance once complete. After a checkout made without a key completes, the "
      + "answer carries the new client's API key in `credential` exactly once; every later answer has "
      + "`credential: null` (recover a lost key with POST /v1/api_keys/recover).")
  public Map<String, Object> status(@QueryParam("sessionId") String sessionId) {
    if (sessionId == null || sessionId.isBlank()) {
      throw ApiException.invalidField("sessionId", "is required (the sessionId POST /v1/subscribe gave)");
    }
    if (!Ids.looksLike(IdPrefix.CS, sessionId)) {
      throw ApiException.invalidField("sessionId", "must be a checkout session id (cs_...)");
    }
    var session = checkouts.current(sessionId).orElseThrow(() -> new ApiException(ErrorCode.NOT_FOUND,
        "This checkout session does not exist."));
    var body = new LinkedHashMap<String, Object>();
    body.put("sessionId", session.id);
    body.put("status", session.status);
    body.put("clientId", session.clientId);
    var complete = CheckoutSession.COMPLETE.equals(session.status);
    if (complete) {
      var entitlement = entitlements.of(session.clientId);
      var subscription = new LinkedHashMap<String, Object>();
      subscription.put("plan", entitlement.plan());
      subscription.put("status", entitlement.status());
      subscription.put("active", entitlement.active());
      subscription.put("periodEnd", entitlement.periodEnd());
      body.put("subscription", subscription);
      body.put("credits", Map.of("balance", balance(session.clientId)));
    } else {
      body.put("subscription", null);
      body.put("credits", null);
    }
    var credential = complete ? checkouts.takeCredential(session.id).orElse(null) : null;
    body.put("credential", credential);
    if (credential != null) {
      body.put("credentialType", "api_key");
      body.put("scopes", java.util.List.of("api.read", "api.write"));
    }
    return body;
  }

  @jakarta.transaction.Transactional
  int balance(String clientId) {
    return ledger.balance(clientId);
  }
}

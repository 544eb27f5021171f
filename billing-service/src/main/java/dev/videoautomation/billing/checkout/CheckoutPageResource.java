package dev.videoautomation.billing.checkout;

import java.math.BigDecimal;
import java.util.List;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Request;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.Variant;

import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponses;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

import io.quarkus.logging.Log;

import dev.videoautomation.billing.plans.PriceList;
import dev.videoautomation.platform.errors.ApiError;
import dev.videoautomation.platform.errors.ApiException;
import dev.videoautomation.platform.errors.ErrorCode;
import dev.videoautomation.platform.errors.ErrorResponses;
import dev.videoautomation.platform.ids.IdPrefix;
import dev.videoautomation.platform.ids.Ids;

/**
 * The local provider's checkout page (the embedded default, for self-hosting and demos): no card is taken; the
 * "Pay" button completes the session as a payment provider's success would. No script; ids are validated before
 * they are echoed. A client that asks for JSON ({@code Accept: application/json}) gets the session's status from GET,
 * and from POST a 406 naming GET /v1/credits/status, rather than a bare 406.
 */
@Path("/checkout/{sessionId}")
@Tag(name = "Billing")
public class CheckoutPageResource {
  /** The path of the error answers (the page's own path holds the session id). */
  private static final String PATH = "/checkout";
  private static final List<Variant> PAGE_OR_JSON = Variant.mediaTypes(MediaType.TEXT_HTML_TYPE,
      MediaType.APPLICATION_JSON_TYPE).build();

  private final Checkouts checkouts;
  private final PriceList prices;

  CheckoutPageResource(Checkouts checkouts, PriceList prices) {
    this.checkouts = checkouts;
    this.prices = prices;
  }

  @GET
  @Produces({MediaType.TEXT_HTML, MediaType.APPLICATION_JSON})
  @Operation(operationId = "showCheckoutPage", summary = "The local checkout page (HTML)")
  @APIResponse(responseCode = "200", description = "The page with the Pay button, or saying it is paid; in JSON, "
      + "the session's status", content = {@Content(mediaType = MediaType.TEXT_HTML), @Content(
          mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = CheckoutDtos.PageStatus.class))})
  @APIResponse(responseCode = "404")
  @APIResponse(responseCode = "410")
  public Response show(@PathParam("sessionId") String sessionId, @Context Request request) {
    var session = Ids.looksLike(IdPrefix.CS, sessionId) ? checkouts.current(sessionId).orElse(null) : null;
    if (wantsJson(request)) {
      return session == null ? ErrorResponses.toResponse(PATH, ApiError.of(ErrorCode.NOT_FOUND, "No such checkout "
          + "session; start one with POST /v1/subscribe."))
          : Response.ok(new CheckoutDtos.PageStatus(session.status())).header("Cache-Control", "no-store").build();
    }
    if (session == null) {
      return page(404, "<h1>No such checkout</h1><p>Start again with POST /v1/subscribe.</p>");
    }
    if (session.complete()) {
      return page(200, done(session));
    }
    if (session.expired()) {
      return page(410, "<h1>This checkout has expired</h1><p>Start again with POST /v1/subscribe.</p>");
    }
    return page(200, "<h1>Subscribe to " + session.plan() + "</h1><p>" + price(session.plan()) + " per month, "
        + "with monthly credits. This server uses the local checkout: no card is charged.</p>"
        + "<form method=\"post\" action=\"/checkout/" + session.id() + "\"><button type=\"submit\">Pay "
        + price(session.plan()) + "</button></form>");
  }

  @POST
  @Produces({MediaType.TEXT_HTML, MediaType.APPLICATION_JSON})
  @Operation(operationId = "payCheckoutPage", summary = "Pay a local checkout (the page's form; completes the "
      + "session)")
  @APIResponse(responseCode = "200", description = "A page saying it is paid (and how to verify a recovery "
      + "address)", content = @Content(mediaType = MediaType.TEXT_HTML))
  @APIResponses({@APIResponse(responseCode = "404"), @APIResponse(responseCode = "406"),
      @APIResponse(responseCode = "410"), @APIResponse(responseCode = "503")})
  public Response pay(@PathParam("sessionId") String sessionId, @Context Request request) {
    if (wantsJson(request)) {
      // Paying is the person's button; an agent follows the checkout in JSON, and is told where.
      return ErrorResponses.toResponse(PATH, ApiError.of(ErrorCode.NOT_ACCEPTABLE, "This button answers HTML, for "
          + "people. Agents follow a checkout with GET /v1/credits/status?sessionId=… (the person pays at "
          + "checkoutUrl)."));
    }
    if (!Ids.looksLike(IdPrefix.CS, sessionId)) {
      return page(404, "<h1>No such checkout</h1>");
    }
    try {
      var session = checkouts.completeLocally(sessionId);
      return session.expired()
          ? page(410, "<h1>This checkout has expired</h1><p>Start again with POST /v1/subscribe.</p>")
          : page(200, done(session));
    } catch (ApiException e) {
      return page(e.error().status(), "<h1>Not paid</h1><p>" + escape(e.error().getMessage()) + "</p>");
    } catch (RuntimeException e) {
      Log.errorf(e, "Completing checkout %s failed", sessionId);
      return page(503, "<h1>Not paid yet</h1><p>Something did not answer; nothing was charged. Try again in a "
          + "moment.</p><form method=\"post\" action=\"/checkout/" + sessionId + "\"><button type=\"submit\">Try "
          + "again</button></form>");
    }
  }

  /**
   * Whether the caller prefers JSON to the page ({@code Accept: application/json}, as generated clients send). No
   * {@code Accept}, {@code *}{@code /*} and a browser's list get the page: it comes first.
   */
  private static boolean wantsJson(Request request) {
    var chosen = request.selectVariant(PAGE_OR_JSON);
    return chosen != null && MediaType.APPLICATION_JSON_TYPE.isCompatible(chosen.getMediaType());
  }

  private static String done(Checkouts.View session) {
    return "<h1>Paid</h1><p>The subscription is active. The agent can go on: it reads the result with "
        + "GET /v1/credits/status?sessionId=….</p>" + recoveryAddress(session);
  }

  /**
   * A keyless checkout's email recovers the new key only once its owner proves it (auth mails the code when the
   * client is minted; docs/auth-service.md, "Recovery addresses"), so the page says how.
   */
  private static String recoveryAddress(Checkouts.View session) {
    if (session.email() == null || !session.mintedAKey()) {
      return "";
    }
    return "<p>We mailed a 6-digit code to " + escape(session.email()) + ". It makes that address the one to recover "
        + "the new API key with: send it with the key to POST /v1/api_keys/verify_email as {\"code\": \"…\"} "
        + "within 10 minutes (the agent holding the key can do it; sending {} mails a new code). Until then the "
        + "address recovers nothing.</p>";
  }

  private String price(String plan) {
    return prices.plan(plan).map(p -> "$" + BigDecimal.valueOf(p.priceCents()).movePointLeft(2).stripTrailingZeros()
        .toPlainString()).orElse("");
  }

  private static Response page(int status, String body) {
    return Response.status(status).type("text/html; charset=utf-8").header("Cache-Control", "no-store")
        .entity("<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" "
            + "content=\"width=device-width, initial-scale=1\"><title>Checkout · Video Automation Service</title>"
            + "</head><body>" + body + "</body></html>").build();
  }

  private static String escape(String text) {
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
  }
}

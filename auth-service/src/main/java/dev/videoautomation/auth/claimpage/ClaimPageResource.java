package dev.videoautomation.auth.claimpage;

import java.util.List;

import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.FormParam;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.WebApplicationException;
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
import org.jboss.resteasy.reactive.server.ServerExceptionMapper;

import io.quarkus.logging.Log;
import io.vertx.core.http.HttpServerRequest;

import dev.videoautomation.auth.addresses.AddressLimits;
import dev.videoautomation.auth.mail.Emails;
import dev.videoautomation.auth.registrations.Onboarding;
import dev.videoautomation.platform.errors.ApiError;
import dev.videoautomation.platform.errors.ApiException;
import dev.videoautomation.platform.errors.ErrorCode;
import dev.videoautomation.platform.errors.ErrorResponses;
import dev.videoautomation.platform.http.RequestIds;

/**
 * The claim page for a human principal (design §5): email, then the mailed code, then the new key, shown once. It
 * drives the same {@link Onboarding} methods as the JSON endpoints. No script; every echoed value is escaped; the
 * forms post back to the page's own URL. The path holds the claim token, so nothing here logs the path. A client
 * that asks for JSON ({@code Accept: application/json}) gets where the claim stands from GET, and from POST a 406
 * naming the JSON endpoints, rather than a bare 406.
 */
@Path("/claim/{claimToken}")
@Tag(name = "Agent registration")
public class ClaimPageResource {
  /** The path of the error answers: not the request's, which holds the claim token. */
  private static final String PATH = "/claim";
  private static final List<Variant> PAGE_OR_JSON = Variant.mediaTypes(MediaType.TEXT_HTML_TYPE,
      MediaType.APPLICATION_JSON_TYPE).build();

  private final Onboarding onboarding;

  ClaimPageResource(Onboarding onboarding) {
    this.onboarding = onboarding;
  }

  @GET
  @Produces({MediaType.TEXT_HTML, MediaType.APPLICATION_JSON})
  @Operation(operationId = "showClaimPage", summary = "The claim page (HTML) a human principal opens from claim_url")
  @APIResponse(responseCode = "200", description = "The page with the next form; in JSON, the claim's step",
      content = {@Content(mediaType = MediaType.TEXT_HTML), @Content(mediaType = MediaType.APPLICATION_JSON,
          schema = @Schema(implementation = ClaimStatus.class))})
  @APIResponse(responseCode = "404")
  public Response show(@PathParam("claimToken") String claimToken, @Context Request request) {
    if (wantsJson(request)) {
      return onboarding.claimStep(claimToken)
          .map(step -> Response.ok(new ClaimStatus(step.wireName())).header("Cache-Control", "no-store").build())
          .orElseGet(() -> ErrorResponses.toResponse(PATH, ApiError.of(ErrorCode.NOT_FOUND, "No registration has "
              + "this claim token; the agent can register again with POST /v1/auth/agent.")));
    }
    try {
      var state = onboarding.pageState(claimToken);
      return ClaimPages.page(200, state.codeSent() ? ClaimPages.codeForm(null, state.anonymous())
          : ClaimPages.emailForm(null));
    } catch (ApiException e) {
      return ClaimPages.gone();
    }
  }

  @POST
  @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
  @Produces({MediaType.TEXT_HTML, MediaType.APPLICATION_JSON})
  @Operation(operationId = "submitClaimPage", summary = "A step of the claim page (HTML form)")
  @APIResponse(responseCode = "200", description = "The next step: the code form, or the new key shown once",
      content = @Content(mediaType = MediaType.TEXT_HTML))
  @APIResponses({@APIResponse(responseCode = "400"), @APIResponse(responseCode = "401"),
      @APIResponse(responseCode = "404"), @APIResponse(responseCode = "406"), @APIResponse(responseCode = "413"),
      @APIResponse(responseCode = "415"), @APIResponse(responseCode = "429")})
  public Response step(@PathParam("claimToken") String claimToken, @FormParam("email") String email,
      @FormParam("code") String code, @Context HttpServerRequest http, @Context Request request) {
    if (wantsJson(request)) {
      return ErrorResponses.toResponse(PATH, ApiError.of(ErrorCode.NOT_ACCEPTABLE, "This form answers HTML, for "
          + "people. Agents claim in JSON: POST /v1/auth/agent/claim with claim_token and email mails the code, "
          + "POST /v1/auth/agent/claim/complete with claim_token and code answers the key."));
    }
    try {
      if (code != null) {
        return completeStep(claimToken, code.trim());
      }
      if (!Emails.looksValid(email)) {
        return ClaimPages.page(400, ClaimPages.emailForm("Enter an email address."));
      }
      onboarding.startClaim(claimToken, email, AddressLimits.addressOf(http));
      return ClaimPages.page(200, ClaimPages.codeForm(null, true));
    } catch (ApiException e) {
      if (e.error().status() == 404) {
        return ClaimPages.gone();
      }
      var emailRegistration = ErrorCode.NOT_ANONYMOUS_REGISTRATION.code().equals(e.error().getError());
      return ClaimPages.page(e.error().status(), emailRegistration ? ClaimPages.codeForm(e.error().getMessage(), false)
          : ClaimPages.emailForm(e.error().getMessage()));
    }
  }

  private Response completeStep(String claimToken, String code) {
    if (!code.matches("\\d{6}")) {
      return ClaimPages.page(400, ClaimPages.codeForm("The code is the 6 digits from the mail.",
          anonymous(claimToken)));
    }
    try {
      return ClaimPages.page(200, ClaimPages.claimed(onboarding.complete(claimToken, code).credential()));
    } catch (ApiException e) {
      return e.error().status() == 404 ? ClaimPages.gone()
          : ClaimPages.page(e.error().status(), ClaimPages.codeForm(e.error().getMessage(), anonymous(claimToken)));
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

  /** Whether the registration is anonymous (it may then ask for a new code); null when the token no longer opens. */
  private Boolean anonymous(String claimToken) {
    try {
      return onboarding.pageState(claimToken).anonymous();
    } catch (ApiException e) {
      return null;
    }
  }

  /** This page's own failures: an HTML answer, logged without the path (it holds the claim token). */
  @ServerExceptionMapper
  Response failure(Throwable e) {
    if (e instanceof WebApplicationException web && web.getResponse().getStatus() < 500) {
      var status = web.getResponse().getStatus();
      return ClaimPages.page(status, "<h1>This request did not work</h1><p>Open the claim link again and use the "
          + "form on the page (HTTP " + status + ").</p>");
    }
    Log.errorf(e, "The claim page failed (request id %s)", RequestIds.current());
    return ClaimPages.page(500, "<h1>Something went wrong on our side</h1><p>Try again in a minute. If it goes on, "
        + "report request id " + ClaimPages.escape(RequestIds.current()) + ".</p>");
  }
}

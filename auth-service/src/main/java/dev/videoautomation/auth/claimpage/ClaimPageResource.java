package dev.videoautomation.auth.claimpage;

import static dev.videoautomation.auth.openapi.DocumentedForms.CODE_PATTERN;
import static dev.videoautomation.auth.openapi.DocumentedForms.ID_MAX_LENGTH;

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
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.extensions.Extension;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
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
  private static final String TOKEN = "The claim token from claim_url (clm_…). It is in the path because the link is "
      + "what the human opens; it works once and expires after 24 hours.";

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
  @Operation(operationId = "showClaimPage", summary = "The claim page (HTML) a human principal opens from claim_url",
      description = "For people, not agents: shows a form for an email (anonymous registrations), or for the mailed "
          + "code. Unknown, used or expired token: a 404 page. With `Accept: application/json` it answers where the "
          + "claim stands instead (never a key, code or address): 200 `{\"status\"}`, 404 for an unknown token.",
      extensions = @Extension(name = "x-mcp", value = "false", parseValue = true))
  @APIResponse(responseCode = "200", description = "The page with the next form; in JSON, the claim's step",
      content = {@Content(mediaType = MediaType.TEXT_HTML), @Content(mediaType = MediaType.APPLICATION_JSON,
          schema = @Schema(implementation = ClaimStatus.class))})
  @APIResponse(responseCode = "404", description = "A page saying the link is unknown, used or expired; in JSON, "
      + "not_found for an unknown token", content = {@Content(mediaType = MediaType.TEXT_HTML),
          @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(ref = "Error"))})
  public Response show(
      @PathParam("claimToken") @Parameter(description = TOKEN, schema = @Schema(type = SchemaType.STRING,
          maxLength = ID_MAX_LENGTH))
      String claimToken,
      @Context Request request) {
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
  @Operation(operationId = "submitClaimPage", summary = "A step of the claim page (HTML form)", description = "For "
      + "people, not agents (they use POST /v1/auth/agent/claim and claim/complete). Form fields: `email` mails a "
      + "code (anonymous registrations), `code` completes the claim and shows the new svc_live_ key once. A refused "
      + "step answers the page again with the reason and the status the JSON endpoints would give.",
      extensions = @Extension(name = "x-mcp", value = "false", parseValue = true))
  @APIResponse(responseCode = "200", description = "The next step: the code form, or the new key shown once",
      content = @Content(mediaType = MediaType.TEXT_HTML))
  @APIResponse(responseCode = "400", description = "The form again: not an email address, not 6 digits, or an "
      + "email registration (its code was mailed at registration)", content = @Content(mediaType = MediaType.TEXT_HTML))
  @APIResponse(responseCode = "401", description = "The code form again: the code is wrong or expired, or the "
      + "attempts are used up", content = @Content(mediaType = MediaType.TEXT_HTML))
  @APIResponse(responseCode = "404", description = "A page saying the link is unknown, used or expired",
      content = @Content(mediaType = MediaType.TEXT_HTML))
  @APIResponse(responseCode = "406", description = "not_acceptable: `Accept: application/json`; the steps in JSON "
      + "are POST /v1/auth/agent/claim and /v1/auth/agent/claim/complete", content = @Content(
          mediaType = MediaType.APPLICATION_JSON, schema = @Schema(ref = "Error")))
  @APIResponse(responseCode = "413", description = "A page saying the form was larger than it takes",
      content = @Content(mediaType = MediaType.TEXT_HTML))
  @APIResponse(responseCode = "415", description = "A page asking to use the form: the body was not "
      + "application/x-www-form-urlencoded", content = @Content(mediaType = MediaType.TEXT_HTML))
  @APIResponse(responseCode = "429", description = "The form again: too many claim starts from this address, or "
      + "codes for this email address, this hour", content = @Content(mediaType = MediaType.TEXT_HTML))
  public Response step(
      @PathParam("claimToken") @Parameter(description = TOKEN, schema = @Schema(type = SchemaType.STRING,
          maxLength = ID_MAX_LENGTH))
      String claimToken,
      @FormParam("email") @Schema(maxLength = Emails.MAX_LENGTH, format = "email", description = "The email to mail "
          + "the code to (first step of an anonymous registration).") String email,
      @FormParam("code") @Schema(maxLength = 6, pattern = CODE_PATTERN, description = "The 6-digit code from the "
          + "mail (last step).") String code,
      @Context HttpServerRequest http, @Context Request request) {
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

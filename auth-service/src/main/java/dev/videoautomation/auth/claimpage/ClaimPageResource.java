package dev.videoautomation.auth.claimpage;

import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.FormParam;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

import dev.videoautomation.auth.codes.OneTimeCode;
import dev.videoautomation.auth.mail.CodeMail;
import dev.videoautomation.auth.registrations.Registration;
import dev.videoautomation.auth.registrations.Registrations;
import dev.videoautomation.platform.errors.ApiException;

/**
 * The claim page for a human principal (design §5): email, then the mailed code, then the new key, shown once.
 * It drives the same {@link Registrations} methods as the JSON endpoints. No script; every echoed value is escaped.
 */
@Path("/claim/{claimToken}")
@Tag(name = "Agent registration")
@Produces(MediaType.TEXT_HTML)
public class ClaimPageResource {
  private final Registrations registrations;
  private final CodeMail mail;

  ClaimPageResource(Registrations registrations, CodeMail mail) {
    this.registrations = registrations;
    this.mail = mail;
  }

  @GET
  @Operation(summary = "The claim page (HTML) a human principal opens from claim_url")
  public Response show(@PathParam("claimToken") String claimToken) {
    Registration registration;
    try {
      registration = registrations.openRegistration(claimToken, false);
    } catch (ApiException e) {
      return gone();
    }
    var codeSent = Registration.EMAIL.equals(registration.type)
        || OneTimeCode.count("registrationId", registration.id) > 0;
    return page(200, codeSent ? codeForm(claimToken, null) : emailForm(claimToken, null));
  }

  @POST
  @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
  @Operation(summary = "A step of the claim page: an email starts the claim, a code completes it")
  public Response step(@PathParam("claimToken") String claimToken, @FormParam("email") String email,
      @FormParam("code") String code) {
    try {
      if (code != null) {
        if (!code.trim().matches("\\d{6}")) {
          return page(400, codeForm(claimToken, "The code is the 6 digits from the mail."));
        }
        return switch (registrations.complete(claimToken, code.trim())) {
          case Registrations.Completed completed -> page(200, "<h1>Claimed</h1><p>The agent's new API key (shown "
              + "once; give it to the agent, which must use it from now on):</p><p><code>" + escape(completed
                  .credential()) + "</code></p><p>The earlier key no longer works.</p>");
          case Registrations.Refused refused -> page(refused.reason().error().status(),
              codeForm(claimToken, refused.reason().error().getMessage()));
        };
      }
      if (email == null || !email.trim().matches("[^@\\s]+@[^@\\s]+\\.[^@\\s]+")) {
        return page(400, emailForm(claimToken, "Enter an email address."));
      }
      var claimed = registrations.startClaim(claimToken, email);
      mail.claimCode(claimed.registration().email, claimed.code().digits(), registrations.codeTtl());
      return page(200, codeForm(claimToken, null));
    } catch (ApiException e) {
      if (e.error().status() == 404) {
        return gone();
      }
      return page(e.error().status(), emailForm(claimToken, e.error().getMessage()));
    }
  }

  private static String emailForm(String claimToken, String problem) {
    return "<h1>Claim this agent</h1>" + problem(problem) + "<p>Enter your email; we send a 6-digit code.</p>"
        + "<form method=\"post\" action=\"/claim/" + escape(claimToken) + "\"><label>Email <input type=\"email\" "
        + "name=\"email\" required></label> <button type=\"submit\">Send the code</button></form>";
  }

  private static String codeForm(String claimToken, String problem) {
    return "<h1>Enter the code</h1>" + problem(problem) + "<p>We mailed a 6-digit code. It works for 10 minutes "
        + "and 5 attempts.</p><form method=\"post\" action=\"/claim/" + escape(claimToken) + "\"><label>Code "
        + "<input name=\"code\" inputmode=\"numeric\" pattern=\"[0-9]{6}\" required></label> "
        + "<button type=\"submit\">Claim</button></form>";
  }

  private static String problem(String problem) {
    return problem == null ? "" : "<p role=\"alert\"><strong>" + escape(problem) + "</strong></p>";
  }

  private static Response gone() {
    return page(404, "<h1>This claim link does not work</h1><p>It is unknown, expired (links last 24 hours) or "
        + "already used. The agent can register again.</p>");
  }

  private static Response page(int status, String body) {
    var html = "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" "
        + "content=\"width=device-width\"><title>Claim an agent · Video Automation Service</title></head><body>"
        + body + "</body></html>";
    return Response.status(status).type("text/html; charset=utf-8").header("Cache-Control", "no-store")
        .header("Referrer-Policy", "no-referrer").entity(html).build();
  }

  static String escape(String text) {
    var out = new StringBuilder(text.length());
    for (var c : text.toCharArray()) {
      switch (c) {
        case '<' -> out.append("&lt;");
        case '>' -> out.append("&gt;");
        case '&' -> out.append("&amp;");
        case '"' -> out.append("&quot;");
        case '\'' -> out.append("&#39;");
        default -> out.append(c);
      }
    }
    return out.toString();
  }
}

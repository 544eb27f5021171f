package dev.videoautomation.auth.claimpage;

import jakarta.ws.rs.core.Response;

/** The HTML of the claim page: small, script-free, every echoed value escaped. */
final class ClaimPages {
  private ClaimPages() {
  }

  static String emailForm(String problem) {
    return "<h1>Claim this agent</h1>" + problem(problem) + "<p>An agent registered and sent you here so that you "
        + "can claim it. Enter your email; we send a 6-digit code to it.</p>"
        + "<form method=\"post\"><label>Email <input type=\"email\" name=\"email\" autocomplete=\"email\" required>"
        + "</label> <button type=\"submit\">Send the code</button></form>";
  }

  /** The code form; {@code anonymous} (null: unknown) adds a form to mail a new code to another address. */
  static String codeForm(String problem, Boolean anonymous) {
    var resend = Boolean.TRUE.equals(anonymous) ? "<p>No mail, or the code stopped working?</p><form method=\"post\">"
        + "<label>Email <input type=\"email\" name=\"email\" autocomplete=\"email\" required></label> "
        + "<button type=\"submit\">Send a new code</button></form>" : "";
    return "<h1>Enter the code</h1>" + problem(problem) + "<p>We mailed a 6-digit code. It works for 10 minutes "
        + "and 5 attempts.</p><form method=\"post\"><label>Code <input name=\"code\" inputmode=\"numeric\" "
        + "pattern=\"[0-9]{6}\" maxlength=\"6\" autocomplete=\"one-time-code\" required></label> "
        + "<button type=\"submit\">Claim</button></form>" + resend;
  }

  static String claimed(String credential) {
    return "<h1>Claimed</h1><p>This is the agent's new API key. It is shown only this once: copy it now and give it "
        + "to the agent, which must use it from now on (the key it had before no longer works).</p>"
        + "<p><code>" + escape(credential) + "</code></p>";
  }

  static Response gone() {
    return page(404, "<h1>This claim link does not work</h1><p>It is unknown, expired (links last 24 hours) or "
        + "already used. The agent can register again.</p>");
  }

  static Response page(int status, String body) {
    var html = "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" "
        + "content=\"width=device-width, initial-scale=1\"><meta name=\"robots\" content=\"noindex\"><title>Claim an "
        + "agent · Video Automation Service</title></head><body>" + body + "</body></html>";
    return Response.status(status).type("text/html; charset=utf-8")
        .header("Cache-Control", "no-store")
        .header("Referrer-Policy", "no-referrer")
        .header("X-Content-Type-Options", "nosniff")
        .header("X-Frame-Options", "DENY")
        .header("Content-Security-Policy", "default-src 'none'; form-action 'self'; frame-ancestors 'none'")
        .entity(html).build();
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

  private static String problem(String problem) {
    return problem == null ? "" : "<p role=\"alert\"><strong>" + escape(problem) + "</strong></p>";
  }
}

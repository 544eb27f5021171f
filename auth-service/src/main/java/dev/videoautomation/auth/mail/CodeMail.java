package dev.videoautomation.auth.mail;

import java.time.Duration;
import java.time.Instant;

import jakarta.enterprise.context.ApplicationScoped;

import io.quarkus.logging.Log;
import io.quarkus.mailer.Mail;
import io.quarkus.mailer.Mailer;
import io.smallrye.mutiny.TimeoutException;
import io.smallrye.mutiny.infrastructure.Infrastructure;

/**
 * Mails one-time codes, and the notice that a leaked key was revoked, through Quarkus Mailer: real SMTP when
 * configured; in mock mode (the embedded default) the mailer writes the mail to the log, the one place a code may
 * appear. This class never logs a code itself. No mail holds a key or a key's hash.
 *
 * <p>Sending does not hold up the answer: callers mail after their transaction committed, and an answer that
 * waited for SMTP would take longer exactly when an address is registered (recovery must not reveal that). The
 * blocking mailer runs on a worker thread of its own, outside the request (a send subscribed from the request's
 * context was seen to stall when the request ended first).
 *
 * <p>A send that times out ({@code quarkus.mailer.timeout}) is tried again, up to {@link #ATTEMPTS} times: the
 * Vert.x SMTP client now and then opens a connection and never reads the server's greeting, so the mail never left;
 * a new attempt takes another connection. A timeout after the server took the mail would send it twice, which is
 * harmless (the same code).
 */
@ApplicationScoped
public class CodeMail {
  static final int ATTEMPTS = 3;

  private final Mailer mailer;

  CodeMail(Mailer mailer) {
    this.mailer = mailer;
  }

  public void claimCode(String to, String code, Duration ttl) {
    send(to, "Your Video Automation Service claim code", "Your one-time code is " + code + ".\n\n"
        + "Enter it to finish claiming the agent registration. It works for " + ttl.toMinutes()
        + " minutes and 5 attempts. If you did not expect this mail, ignore it.\n");
  }

  public void recoveryCode(String to, String code, Duration ttl) {
    send(to, "Your Video Automation Service recovery code", "Your one-time code is " + code + ".\n\n"
        + "Send it with your email to POST /v1/api_keys/recover to get a new API key; every older key stops "
        + "working. It works for " + ttl.toMinutes() + " minutes and 5 attempts. If you did not ask for it, "
        + "ignore this mail.\n");
  }

  /** The code that makes a keyless checkout's email (or, on request, the same email again) the recovery address. */
  public void addressCode(String to, String code, Duration ttl) {
    send(to, "Confirm your Video Automation Service recovery address", "Your one-time code is " + code + ".\n\n"
        + "A subscription was bought naming this address as the place to recover its API key. The address is used "
        + "for that only once this code is entered: send it with the subscription's API key to "
        + "POST /v1/api_keys/verify_email as {\"code\": \"...\"} (the agent holding the key can do it for you). "
        + "It works for " + ttl.toMinutes() + " minutes and 5 attempts. If you did not buy a subscription, ignore "
        + "this mail: the address stays unused.\n");
  }

  /**
   * Tells a client's verified recovery address that one of its keys was reported as leaked and revoked. Names the
   * key by its id only: the key itself is what leaked, and its hash is never shown.
   */
  /**
   * A reported key was revoked ({@code keyRevoked}; false when it had already ended and only sub-keys it created
   * were), with the sub-keys it created.
   */
  public void keyRevoked(String to, String keyId, boolean keyRevoked, java.util.List<String> subKeyIds,
      Instant revokedAt) {
    var what = keyRevoked ? "and it was revoked at " + revokedAt + ": it no longer works, for anyone."
        : "but it had already stopped working.";
    var subKeys = subKeyIds.isEmpty() ? "" : "\n\nThe sub-keys it created were revoked with it at " + revokedAt
        + ": " + String.join(", ", subKeyIds) + ". Create new ones with POST /v1/api_keys.";
    send(to, "A Video Automation Service API key was revoked", "Someone reported your API key " + keyId
        + " as leaked (found in public code, a log or a paste) with POST /v1/api_keys/revoke_leaked, " + what
        + subKeys + "\n\n"
        + "If you still hold another key of this account, carry on with it. Otherwise get a new key with "
        + "POST /v1/api_keys/recover and this email address. Then remove the old key from wherever it was found.\n");
  }

  private void send(String to, String subject, String text) {
    var mail = Mail.withText(to, subject, text);
    Infrastructure.getDefaultWorkerPool().execute(() -> {
      for (int attempt = 1; ; attempt++) {
        try {
          mailer.send(mail);
          Log.debug("A mail was handed to the mail server");
          return;
        } catch (TimeoutException e) {
          if (attempt == ATTEMPTS) {
            Log.errorf("Could not send a code mail: no answer from the mail server in %d attempts", ATTEMPTS);
            return;
          }
          Log.warnf("A code mail had no answer from the mail server in time (attempt %d of %d); trying again",
              attempt, ATTEMPTS);
        } catch (RuntimeException e) {
          // The answer never depends on delivery (a new code can be asked for); the cause is for operators. Only the
          // exception's class and message: never the mail, which holds the code.
          Log.errorf("Could not send a code mail: %s: %s", e.getClass().getSimpleName(), e.getMessage());
          return;
        }
      }
    });
  }
}

package dev.videoautomation.auth.mail;

import java.time.Duration;

import jakarta.enterprise.context.ApplicationScoped;

import io.quarkus.logging.Log;
import io.quarkus.mailer.Mail;
import io.quarkus.mailer.Mailer;

/**
 * Mails one-time codes through Quarkus Mailer: real SMTP when configured; in mock mode (the embedded default) the
 * mailer writes the mail to the log, the one place a code may appear. This class never logs a code itself.
 */
@ApplicationScoped
public class CodeMail {
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
        + "working. It works for " + ttl.toMinutes() + " minutes. If you did not ask for it, ignore this mail.\n");
  }

  private void send(String to, String subject, String text) {
    try {
      mailer.send(Mail.withText(to, subject, text));
    } catch (RuntimeException e) {
      // The caller's answer does not depend on delivery (a new code can be asked for); the cause is for operators.
      Log.errorf("Could not send a code mail: %s", e.getMessage());
    }
  }
}

package dev.videoautomation.auth.recovery;

import java.util.Optional;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.LockModeType;
import jakarta.transaction.Transactional;

import dev.videoautomation.auth.clients.Client;
import dev.videoautomation.auth.clients.RecoveryAddresses;
import dev.videoautomation.auth.codes.Codes;
import dev.videoautomation.auth.codes.OneTimeCode;
import dev.videoautomation.auth.keys.Keys;
import dev.videoautomation.auth.mail.Emails;
import dev.videoautomation.platform.errors.ApiError;
import dev.videoautomation.platform.errors.ApiException;
import dev.videoautomation.platform.errors.ErrorCode;
import dev.videoautomation.platform.keys.ApiKeys;

/**
 * Key recovery by email (design §5): a code goes to the client's verified recovery address; with it, every older key
 * stops and a new live key is issued. An unverified address (a keyless checkout's, before its code) recovers nothing. No answer says whether an address is registered: every refusal (no code, wrong,
 * expired, too many attempts) is the same 401 {@code invalid_code} with the same sentence.
 */
@ApplicationScoped
public class Recovery {
  static final String REFUSAL = "This email and code do not match a recovery in progress: the code is wrong, "
      + "expired or used up, or none was sent. Ask for a new code with POST /v1/api_keys/recover and the email alone.";

  private final Codes codes;
  private final Keys keys;
  private final RecoveryAddresses recoveryAddresses;

  Recovery(Codes codes, Keys keys, RecoveryAddresses recoveryAddresses) {
    this.codes = codes;
    this.keys = keys;
    this.recoveryAddresses = recoveryAddresses;
  }

  /**
   * The code to mail, when a client holds the address verified; an earlier recovery code for it stops working. An
   * address no client holds gets a code too, naming no client, never mailed and never accepted: both cases run the
   * same statements, so the answer's timing says nothing about the address.
   */
  @Transactional
  public Optional<Codes.Issued> requestCode(String email) {
    var normalised = Emails.normalise(email);
    var client = recoveryAddresses.verifiedClientOf(normalised);
    var issued = codes.issue(OneTimeCode.RECOVERY, null, client.map(c -> c.id).orElse(null), normalised);
    return client.map(c -> issued);
  }

  /** A new key, or the refusal (returned, so that the counted attempt commits). */
  public sealed interface Outcome permits Recovered, Refused {
  }

  public record Recovered(Keys.Issued issued) implements Outcome {
  }

  public record Refused(ApiException reason) implements Outcome {
  }

  /** Checks the code (its row locked: one recovery per code) and, when right, replaces every key of the client. */
  @Transactional
  public Outcome recover(String email, String presented) {
    OneTimeCode code = OneTimeCode.find("email = ?1 and purpose = ?2 and voidedAt is null order by createdAt desc",
        Emails.normalise(email), OneTimeCode.RECOVERY).withLock(LockModeType.PESSIMISTIC_WRITE).firstResult();
    if (codes.check(code, presented) != Codes.Check.ACCEPTED || !stillHolds(code)) {
      return new Refused(new ApiException(ApiError.of(ErrorCode.INVALID_CODE, REFUSAL).with("field", "code")));
    }
    keys.replaceAllOf(code.clientId);
    return new Recovered(keys.issue(code.clientId, ApiKeys.Kind.LIVE, Keys.LIVE_SCOPES));
  }

  /** A key goes only to the client holding the code's address verified now, never to another client's address. */
  private static boolean stillHolds(OneTimeCode code) {
    Client client = code.clientId == null ? null : Client.findById(code.clientId);
    return client != null && client.hasVerifiedRecoveryEmail() && client.recoveryEmail.equals(code.email);
  }

  public java.time.Duration codeTtl() {
    return codes.ttl();
  }
}

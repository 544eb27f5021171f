package dev.videoautomation.auth.recovery;

import java.util.Optional;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.LockModeType;
import jakarta.transaction.Transactional;

import dev.videoautomation.auth.clients.Client;
import dev.videoautomation.auth.clients.RecoveryAddresses;
import dev.videoautomation.auth.codes.Codes;
import dev.videoautomation.auth.codes.OneTimeCode;
import dev.videoautomation.auth.keys.KeyDtos.Credential;
import dev.videoautomation.auth.keys.Keys;
import dev.videoautomation.auth.mail.Emails;
import dev.videoautomation.platform.errors.ApiError;
import dev.videoautomation.platform.errors.ApiException;
import dev.videoautomation.platform.errors.ErrorCode;
import dev.videoautomation.platform.keys.ApiKeys;

/**
 * Key recovery by email (design §5): a code goes to the client's verified recovery address; with it, every older key
 * stops and a new live key is issued. An unverified address (a keyless checkout's, before its code) recovers
 * nothing. No answer says whether an address is registered: every refusal (no code, wrong, expired, too many
 * attempts) is the same 401 {@code invalid_code} with the same sentence.
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
   * The code to mail, when a client holds the address verified; an earlier recovery code for it stops working.
   * Recovery codes name the address only (the client is the address's verified holder when the code is used), and
   * one is stored whether or not a client holds the address, never mailed then: both cases run the same statements
   * on rows of the same shape, so the answer's timing says nothing about the address.
   */
  @Transactional
  public Optional<Codes.ToMail> requestCode(String email) {
    var normalised = Emails.normalise(email);
    var registered = recoveryAddresses.isVerified(normalised);
    var issued = codes.issue(OneTimeCode.RECOVERY, null, null, normalised);
    return registered ? Optional.of(issued.toMail()) : Optional.empty();
  }

  /** A new key, or the refusal (returned, so that the counted attempt commits). */
  public sealed interface Outcome permits Recovered, Refused {
  }

  public record Recovered(Credential credential) implements Outcome {
  }

  public record Refused(ApiException reason) implements Outcome {
  }

  /** Checks the code (its row locked: one recovery per code) and, when right, replaces every key of the client. */
  @Transactional
  public Outcome recover(String email, String presented) {
    OneTimeCode code = OneTimeCode.find("email = ?1 and purpose = ?2 and voidedAt is null order by createdAt desc",
        Emails.normalise(email), OneTimeCode.RECOVERY).withLock(LockModeType.PESSIMISTIC_WRITE).firstResult();
    // A key goes only to the client holding the code's address verified: never to another client's address.
    var client = codes.check(code, presented) == Codes.Check.ACCEPTED
        ? recoveryAddresses.verifiedClientOf(code.email) : Optional.<Client>empty();
    if (client.isEmpty()) {
      return new Refused(new ApiException(ApiError.of(ErrorCode.INVALID_CODE, REFUSAL).with("field", "code")));
    }
    keys.replaceAllOf(client.get().id);
    var issued = keys.issue(client.get().id, ApiKeys.Kind.LIVE, Keys.LIVE_SCOPES);
    return new Recovered(Credential.of(issued.credential(), issued.key().scopeList()));
  }

  public java.time.Duration codeTtl() {
    return codes.ttl();
  }
}

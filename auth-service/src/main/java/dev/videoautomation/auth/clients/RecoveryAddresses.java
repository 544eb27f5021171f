package dev.videoautomation.auth.clients;

import java.time.Clock;
import java.util.Optional;

import jakarta.enterprise.context.ApplicationScoped;

import dev.videoautomation.auth.codes.OneTimeCode;
import dev.videoautomation.auth.mail.Emails;

/**
 * Recovery addresses (docs/auth-service.md, "Recovery addresses"). An address a mailed code proved is bound
 * <em>verified</em>, by one client at most, and only such an address recovers a key. A keyless checkout's email is
 * bound <em>unverified</em> until its owner enters the code mailed to it; several clients may wait on one address so,
 * and the first proof of the address displaces them all. Nothing in any public answer says whether an address is
 * bound. Every change of an address happens under its advisory lock; callers hold the transaction.
 */
@ApplicationScoped
public class RecoveryAddresses {
  private final AdvisoryLocks locks;
  private final Clock clock = Clock.systemUTC();

  RecoveryAddresses(AdvisoryLocks locks) {
    this.locks = locks;
  }

  /**
   * Binds {@code email} unverified to a client that has no address yet (a keyless checkout), unless another client
   * holds it verified (then the binding could never be proved).
   */
  public boolean bindUnverified(Client client, String email) {
    if (email == null || !Emails.looksValid(email) || client.recoveryEmail != null) {
      return false;
    }
    var normalised = Emails.normalise(email);
    lock(normalised);
    if (Client.findByVerifiedRecoveryEmail(normalised) != null) {
      return false;
    }
    client.recoveryEmail = normalised;
    client.recoveryEmailVerifiedAt = null;
    return true;
  }

  /**
   * Binds {@code email} verified: a mailed code to it was just entered (a claim, or a checkout's code). Every other
   * client waiting on the address unverified loses it, and its code stops working. False when another client already
   * holds the address verified: the first proof keeps it.
   */
  public boolean bindVerified(Client client, String email) {
    if (email == null || !Emails.looksValid(email)) {
      return false;
    }
    var normalised = Emails.normalise(email);
    lock(normalised);
    var holder = Client.findByVerifiedRecoveryEmail(normalised);
    if (holder != null) {
      return holder.id.equals(client.id);
    }
    var now = clock.instant();
    Client.update("recoveryEmail = null where recoveryEmail = ?1 and recoveryEmailVerifiedAt is null and id <> ?2",
        normalised, client.id);
    OneTimeCode.update("voidedAt = ?1 where email = ?2 and purpose = ?3 and clientId <> ?4 and usedAt is null "
        + "and voidedAt is null", now, normalised, OneTimeCode.RECOVERY_EMAIL, client.id);
    client.recoveryEmail = normalised;
    client.recoveryEmailVerifiedAt = now;
    return true;
  }

  /** Serialises every change of {@code email}'s bindings (normalised) for the caller's transaction. */
  void lock(String normalised) {
    locks.lock("recovery-email:" + normalised);
  }

  /** Whether a client holds {@code email} (normalised) verified: one count, found or not. */
  public boolean isVerified(String normalised) {
    return Client.count("recoveryEmail = ?1 and recoveryEmailVerifiedAt is not null", normalised) > 0;
  }

  /** The client holding {@code email} verified, if any: the only client a recovery by this address may reach. */
  public Optional<Client> verifiedClientOf(String email) {
    return Optional.ofNullable(Client.findByVerifiedRecoveryEmail(Emails.normalise(email)));
  }

  /** The client's recovery address, when it is verified (the only kind auth mails anything but its own code to). */
  public Optional<String> verifiedAddressOf(String clientId) {
    return Optional.ofNullable(Client.<Client>findById(clientId)).filter(Client::hasVerifiedRecoveryEmail)
        .map(client -> client.recoveryEmail);
  }
}

package dev.videoautomation.auth.clients;

import jakarta.enterprise.context.ApplicationScoped;

import dev.videoautomation.auth.mail.Emails;

/**
 * Recovery addresses: one client per address. An address another client already has is not bound, and nothing in
 * any answer says so (a caller learns at most {@code emailBound} on the internal clients call).
 */
@ApplicationScoped
public class RecoveryAddresses {
  private final AdvisoryLocks locks;

  RecoveryAddresses(AdvisoryLocks locks) {
    this.locks = locks;
  }

  /** Makes {@code email} the client's recovery address unless it has one or another client has this one. */
  public boolean bind(Client client, String email) {
    if (email == null || !Emails.looksValid(email)) {
      return false;
    }
    var normalised = Emails.normalise(email);
    if (client.recoveryEmail != null) {
      return client.recoveryEmail.equals(normalised);
    }
    locks.lock("recovery-email:" + normalised);
    if (Client.findByRecoveryEmail(normalised) != null) {
      return false;
    }
    client.recoveryEmail = normalised;
    return true;
  }

  /** The client whose recovery address this is, if any. */
  public java.util.Optional<Client> clientOf(String email) {
    return java.util.Optional.ofNullable(Client.findByRecoveryEmail(Emails.normalise(email)));
  }
}

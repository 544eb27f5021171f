package dev.videoautomation.auth.clients;

import java.util.Optional;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.LockModeType;
import jakarta.transaction.Transactional;

import dev.videoautomation.auth.codes.Codes;
import dev.videoautomation.auth.codes.OneTimeCode;
import dev.videoautomation.platform.errors.ApiException;
import dev.videoautomation.platform.errors.ErrorCode;

/**
 * Proving a keyless checkout's address: the client's key plus the code mailed to the address. Until then the address
 * recovers nothing (see {@link RecoveryAddresses}).
 */
@ApplicationScoped
public class AddressVerification {
  static final String VERIFY_WITH = "POST /v1/api_keys/verify_email";

  private final RecoveryAddresses addresses;
  private final Codes codes;

  AddressVerification(RecoveryAddresses addresses, Codes codes) {
    this.addresses = addresses;
    this.codes = codes;
  }

  /** Where a client's recovery address stands. */
  public enum Standing {
    NONE, WAITING, VERIFIED
  }

  public record Address(Standing standing, String email) {
  }

  /** The outcome of entering a code: verified, or why not (returned, so that the counted attempt commits). */
  public sealed interface Outcome permits Verified, Refused {
  }

  public record Verified() implements Outcome {
  }

  public record Refused(ApiException reason) implements Outcome {
  }

  @Transactional(Transactional.TxType.SUPPORTS)
  public Address addressOf(String clientId) {
    Client client = Client.findById(clientId);
    return client == null ? new Address(Standing.NONE, null) : standing(client);
  }

  /** The code to mail to the address the client waits on (earlier ones stop working); empty when none waits. */
  @Transactional
  public Optional<Codes.ToMail> newCode(String clientId) {
    var client = locked(clientId);
    if (client == null || standing(client).standing() != Standing.WAITING) {
      return Optional.empty();
    }
    return Optional.of(codeFor(client).toMail());
  }

  /** The code for an address just bound unverified; the caller holds the transaction and mails it after commit. */
  Codes.Issued codeFor(Client client) {
    return codes.issue(OneTimeCode.RECOVERY_EMAIL, null, client.id, client.recoveryEmail);
  }

  /** Checks the code mailed to the address the client waits on and, when right, binds the address verified. */
  @Transactional
  public Outcome verify(String clientId, String presented) {
    var client = locked(clientId);
    var standing = client == null ? Standing.NONE : standing(client).standing();
    if (standing != Standing.WAITING) {
      return standing == Standing.VERIFIED ? new Verified() : new Refused(nothingWaits());
    }
    OneTimeCode code = OneTimeCode.find("clientId = ?1 and purpose = ?2 and email = ?3 and voidedAt is null "
        + "order by createdAt desc", client.id, OneTimeCode.RECOVERY_EMAIL, client.recoveryEmail)
        .withLock(LockModeType.PESSIMISTIC_WRITE).firstResult();
    var check = codes.check(code, presented);
    if (check != Codes.Check.ACCEPTED) {
      return new Refused(refusal(check));
    }
    // Always bound: a client holding the address verified would have displaced this client's binding.
    addresses.bindVerified(client, client.recoveryEmail);
    return new Verified();
  }

  public java.time.Duration codeTtl() {
    return codes.ttl();
  }

  /** 409: nothing to verify (no address, or another client proved this one first and displaced the binding). */
  public static ApiException nothingWaits() {
    return new ApiException(ErrorCode.CONFLICT, "This client has no recovery address waiting to be verified: only "
        + "the email of a keyless checkout waits, until another client proves the address first. A claimed "
        + "registration's address was verified by its claim.");
  }

  /** The client, locked after its address (the lock order of every change of an address), or null. */
  private Client locked(String clientId) {
    Client client = Client.findById(clientId);
    if (client != null && client.recoveryEmail != null) {
      addresses.lock(client.recoveryEmail);
      Client.getEntityManager().refresh(client, LockModeType.PESSIMISTIC_WRITE);
    }
    return client;
  }

  private static Address standing(Client client) {
    if (client.recoveryEmail == null) {
      return new Address(Standing.NONE, null);
    }
    return new Address(client.hasVerifiedRecoveryEmail() ? Standing.VERIFIED : Standing.WAITING,
        client.recoveryEmail);
  }

  private ApiException refusal(Codes.Check check) {
    return codes.refusal(check, "this address", "Ask for a new code with " + VERIFY_WITH + " and {}.");
  }
}

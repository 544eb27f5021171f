package dev.videoautomation.auth.clients;

import java.time.Clock;
import java.util.List;
import java.util.Optional;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;

import io.quarkus.runtime.annotations.RegisterForReflection;

import dev.videoautomation.auth.codes.Codes;
import dev.videoautomation.auth.keys.ApiKey;
import dev.videoautomation.auth.keys.Keys;
import dev.videoautomation.platform.errors.ApiException;
import dev.videoautomation.platform.errors.ErrorCode;
import dev.videoautomation.platform.ids.IdPrefix;
import dev.videoautomation.platform.ids.Ids;
import dev.videoautomation.platform.keys.ApiKeys;

/**
 * A new client with a live key for billing's keyless checkout (docs/internal-api.md §3.2): one client per
 * operationId, forever. The checkout's email is bound unverified, with a code to mail to it. Concurrent first calls
 * with one operationId are serialised by an advisory lock, so the second sees the first's client and answers as a
 * replay.
 */
@ApplicationScoped
public class ClientMinting {
  private final Keys keys;
  private final RecoveryAddresses recoveryAddresses;
  private final AddressVerification verification;
  private final AdvisoryLocks locks;
  private final Clock clock = Clock.systemUTC();

  ClientMinting(Keys keys, RecoveryAddresses recoveryAddresses, AddressVerification verification,
      AdvisoryLocks locks) {
    this.keys = keys;
    this.recoveryAddresses = recoveryAddresses;
    this.verification = verification;
    this.locks = locks;
  }

  /** The answer; {@code emailBound}: the email is the client's recovery address (unverified until its code). */
  @RegisterForReflection
  public record Minted(String clientId, String keyId, String credential, List<String> scopes, boolean created,
      boolean emailBound, long createdAt) {
  }

  /** The answer, and the code to mail to a newly bound address (never part of the answer). */
  public record Outcome(Minted minted, Optional<Codes.ToMail> addressCode) {
  }

  @Transactional
  public Outcome mint(String operationId, String email, boolean reissue) {
    locks.lock("operation:" + operationId);
    var existing = Client.findByOperationId(operationId);
    if (existing == null) {
      return create(operationId, email);
    }
    return new Outcome(again(existing, reissue), Optional.empty());
  }

  private Minted again(Client existing, boolean reissue) {
    var bound = existing.recoveryEmail != null;
    if (!reissue) {
      return new Minted(existing.id, currentKeyId(existing.id), null, Keys.LIVE_SCOPES, false, bound,
          existing.createdAt.toEpochMilli());
    }
    if (ApiKey.count("clientId = ?1 and firstVerifiedAt is not null", existing.id) > 0) {
      throw new ApiException(ErrorCode.CONFLICT, "A key of this client has already been used, so it was delivered: "
          + "it is not reissued. The customer can recover a key by email (POST /v1/api_keys/recover).");
    }
    ApiKey.activeOf(existing.id).forEach(keys::revoke);
    var issued = keys.issue(existing.id, ApiKeys.Kind.LIVE, Keys.LIVE_SCOPES);
    return new Minted(existing.id, issued.key().id, issued.credential(), Keys.LIVE_SCOPES, false, bound,
        existing.createdAt.toEpochMilli());
  }

  private Outcome create(String operationId, String email) {
    var client = new Client();
    client.id = Ids.newId(IdPrefix.CLI);
    client.operationId = operationId;
    client.createdAt = clock.instant();
    client.persist();
    var bound = recoveryAddresses.bindUnverified(client, email);
    var issued = keys.issue(client.id, ApiKeys.Kind.LIVE, Keys.LIVE_SCOPES);
    return new Outcome(new Minted(client.id, issued.key().id, issued.credential(), Keys.LIVE_SCOPES, true, bound,
        client.createdAt.toEpochMilli()), bound ? Optional.of(verification.codeFor(client).toMail()) : Optional.empty());
  }

  public java.time.Duration codeTtl() {
    return verification.codeTtl();
  }

  /** The key a replay names: the newest active key (the minted one until a reissue), else the newest of all. */
  private static String currentKeyId(String clientId) {
    ApiKey active = ApiKey.find("clientId = ?1 and status = ?2 order by createdAt desc", clientId, ApiKey.ACTIVE)
        .firstResult();
    if (active != null) {
      return active.id;
    }
    ApiKey newest = ApiKey.find("clientId = ?1 order by createdAt desc", clientId).firstResult();
    return newest == null ? null : newest.id;
  }
}

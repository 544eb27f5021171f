package dev.videoautomation.auth.registrations;

import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Locale;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.LockModeType;
import jakarta.transaction.Transactional;

import org.eclipse.microprofile.config.inject.ConfigProperty;

import dev.videoautomation.auth.clients.Client;
import dev.videoautomation.auth.codes.Codes;
import dev.videoautomation.auth.codes.OneTimeCode;
import dev.videoautomation.auth.keys.ApiKey;
import dev.videoautomation.auth.keys.Keys;
import dev.videoautomation.platform.errors.ApiError;
import dev.videoautomation.platform.errors.ApiException;
import dev.videoautomation.platform.errors.ErrorCode;
import dev.videoautomation.platform.ids.IdPrefix;
import dev.videoautomation.platform.ids.Ids;
import dev.videoautomation.platform.keys.ApiKeys;

/**
 * Registration and claim (design §5): anonymous registrations get an api.read key at once; email registrations get
 * a mailed code; both finish with claim/complete, which issues the live key of the same client and ends the
 * anonymous one at once. Codes are mailed by the caller after commit, so a failed transaction mails nothing.
 */
@ApplicationScoped
public class Registrations {
  private final Keys keys;
  private final Codes codes;
  private final Duration claimTtl;
  private final Clock clock = Clock.systemUTC();

  @Inject
  Registrations(Keys keys, Codes codes,
      @ConfigProperty(name = "auth.claim-token.ttl", defaultValue = "PT24H") Duration claimTtl) {
    this.keys = keys;
    this.codes = codes;
    this.claimTtl = claimTtl;
  }

  /** A new registration; {@code credential} only for anonymous ones, {@code code} only for email ones. */
  public record Registered(Registration registration, String claimToken, String credential, Codes.Issued code) {
  }

  /** A started claim: the code to mail. */
  public record Claimed(Registration registration, Codes.Issued code) {
  }

  /** The outcome of claim/complete: the new key, or why not (with the attempt already counted). */
  public sealed interface Completion permits Completed, Refused {
  }

  public record Completed(String credential, List<String> scopes, String clientId) implements Completion {
  }

  public record Refused(ApiException reason) implements Completion {
  }

  @Transactional
  public Registered registerAnonymously() {
    var client = newClient();
    var issued = keys.issue(client.id, ApiKeys.Kind.ANONYMOUS, Keys.ANONYMOUS_SCOPES);
    var registration = newRegistration(client.id, Registration.ANONYMOUS, null);
    registration.registration().anonymousKeyId = issued.key().id;
    return new Registered(registration.registration(), registration.claimToken(), issued.credential(), null);
  }

  @Transactional
  public Registered registerByEmail(String email) {
    var normalised = normalise(email);
    var client = newClient();
    var registration = newRegistration(client.id, Registration.EMAIL, normalised);
    var code = codes.issue(OneTimeCode.CLAIM, registration.registration().id, client.id, normalised);
    return new Registered(registration.registration(), registration.claimToken(), null, code);
  }

  @Transactional
  public Claimed startClaim(String claimToken, String email) {
    var registration = openRegistration(claimToken, false);
    if (!Registration.ANONYMOUS.equals(registration.type)) {
      throw new ApiException(ErrorCode.NOT_ANONYMOUS_REGISTRATION, "This registration was made with an email: its "
          + "code is already on the way. Finish with POST /v1/auth/agent/claim/complete.");
    }
    var normalised = normalise(email);
    registration.email = normalised;
    return new Claimed(registration, codes.issue(OneTimeCode.CLAIM, registration.id, registration.clientId,
        normalised));
  }

  @Transactional
  public Completion complete(String claimToken, String presentedCode) {
    var registration = openRegistration(claimToken, true);
    OneTimeCode code = OneTimeCode.find("registrationId = ?1 and voidedAt is null order by createdAt desc",
        registration.id).firstResult();
    if (code == null) {
      // The newest code may have been voided by its attempts: say so rather than "no code".
      code = OneTimeCode.find("registrationId = ?1 order by createdAt desc", registration.id).firstResult();
    }
    var check = codes.check(code, presentedCode);
    if (check != Codes.Check.ACCEPTED) {
      return new Refused(refusal(check, "POST /v1/auth/agent/claim"));
    }
    registration.claimedAt = clock.instant();
    if (registration.anonymousKeyId != null) {
      ApiKey anonymous = ApiKey.findById(registration.anonymousKeyId);
      if (anonymous != null && ApiKey.ACTIVE.equals(anonymous.status)) {
        keys.replace(anonymous);
      }
    }
    bindRecoveryEmail(registration.clientId, registration.email);
    var issued = keys.issue(registration.clientId, ApiKeys.Kind.LIVE, Keys.LIVE_SCOPES);
    return new Completed(issued.credential(), Keys.LIVE_SCOPES, registration.clientId);
  }

  /** The registration a claim token opens, or 404; locked when {@code forUpdate} so one claim completes once. */
  @Transactional
  public Registration openRegistration(String claimToken, boolean forUpdate) {
    if (claimToken == null || !claimToken.startsWith("clm_")) {
      throw notFound();
    }
    var query = Registration.<Registration>find("claimTokenHash", ApiKeys.hash(claimToken));
    Registration registration = forUpdate ? query.withLock(LockModeType.PESSIMISTIC_WRITE).firstResult()
        : query.firstResult();
    if (registration == null) {
      throw notFound();
    }
    if (registration.claimedAt != null || !clock.instant().isBefore(registration.claimExpiresAt)) {
      throw notFound();
    }
    return registration;
  }

  public Duration codeTtl() {
    return codes.ttl();
  }

  static ApiException refusal(Codes.Check check, String startAgain) {
    return switch (check) {
      case EXHAUSTED -> new ApiException(ErrorCode.CODE_ATTEMPTS_EXHAUSTED, "Five wrong codes: this code no longer "
          + "works. Ask for a new one with " + startAgain + ".");
      case EXPIRED -> new ApiException(ErrorCode.INVALID_CODE, "This code has expired (codes work for 10 minutes). "
          + "Ask for a new one with " + startAgain + ".");
      case NONE -> new ApiException(ErrorCode.INVALID_CODE, "No code is waiting here. Ask for one with "
          + startAgain + ".");
      default -> new ApiException(ApiError.of(ErrorCode.INVALID_CODE, "This code is not right. Check the mail and "
          + "try again (5 attempts in all).").with("field", "code"));
    };
  }

  private void bindRecoveryEmail(String clientId, String email) {
    if (email == null) {
      return;
    }
    Client client = Client.findById(clientId);
    if (client.recoveryEmail == null && Client.findByRecoveryEmail(email) == null) {
      client.recoveryEmail = email;
    }
  }

  private Client newClient() {
    var client = new Client();
    client.id = Ids.newId(IdPrefix.CLI);
    client.createdAt = clock.instant();
    client.persist();
    return client;
  }

  private record NewRegistration(Registration registration, String claimToken) {
  }

  private NewRegistration newRegistration(String clientId, String type, String email) {
    var claimToken = Ids.newId(IdPrefix.CLM);
    var registration = new Registration();
    registration.id = Ids.newId(IdPrefix.RGN);
    registration.clientId = clientId;
    registration.type = type;
    registration.claimTokenHash = ApiKeys.hash(claimToken);
    registration.claimExpiresAt = clock.instant().plus(claimTtl);
    registration.email = email;
    registration.createdAt = clock.instant();
    registration.persist();
    return new NewRegistration(registration, claimToken);
  }

  static String normalise(String email) {
    return email.trim().toLowerCase(Locale.ROOT);
  }

  private static ApiException notFound() {
    return new ApiException(ErrorCode.NOT_FOUND, "This claim token is unknown, expired or already used. Register "
        + "again at POST /v1/auth/agent.");
  }
}

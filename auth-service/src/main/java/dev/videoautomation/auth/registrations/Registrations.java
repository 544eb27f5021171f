package dev.videoautomation.auth.registrations;

import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.LockModeType;
import jakarta.transaction.Transactional;

import dev.videoautomation.auth.config.AuthConfig;
import dev.videoautomation.auth.clients.Client;
import dev.videoautomation.auth.clients.RecoveryAddresses;
import dev.videoautomation.auth.codes.Codes;
import dev.videoautomation.auth.codes.OneTimeCode;
import dev.videoautomation.auth.keys.ApiKey;
import dev.videoautomation.auth.keys.Keys;
import dev.videoautomation.auth.mail.Emails;
import dev.videoautomation.platform.errors.ApiException;
import dev.videoautomation.platform.errors.ErrorCode;
import dev.videoautomation.platform.ids.IdPrefix;
import dev.videoautomation.platform.ids.Ids;
import dev.videoautomation.platform.keys.ApiKeys;

/**
 * Registration and claim (design §5), the transactional half: anonymous registrations get an api.read key at once;
 * email registrations get a code; both finish with {@link #complete}, which issues the live key of the same client
 * and ends the anonymous one in the same transaction. Mailing is {@link Onboarding}'s, after commit.
 */
@ApplicationScoped
public class Registrations {
  /** Scopes a claim adds, as every registration record lists them. */
  public static final List<String> POST_CLAIM_SCOPES = Keys.LIVE_SCOPES;

  private final Keys keys;
  private final Codes codes;
  private final RecoveryAddresses recoveryAddresses;
  private final Duration claimTtl;
  private final Clock clock = Clock.systemUTC();

  @Inject
  Registrations(Keys keys, Codes codes, RecoveryAddresses recoveryAddresses,
      AuthConfig config) {
    this.keys = keys;
    this.codes = codes;
    this.recoveryAddresses = recoveryAddresses;
    this.claimTtl = config.claimToken().ttl();
  }

  /** A new registration; {@code credential} only for anonymous ones, {@code code} only for email ones. */
  public record Registered(Registration registration, String claimToken, String credential, Codes.Issued code) {
    /** The scopes of {@code credential}. */
    public List<String> credentialScopes() {
      return credential == null ? List.of() : Keys.ANONYMOUS_SCOPES;
    }
  }

  /** A started claim: the code to mail. */
  public record Claimed(Registration registration, Codes.Issued code) {
  }

  /** The outcome of claim/complete: the new key, or why not (returned, so the counted attempt commits). */
  public sealed interface Completion permits Completed, Refused {
  }

  public record Completed(String credential, List<String> scopes, String clientId) implements Completion {
  }

  public record Refused(ApiException reason) implements Completion {
  }

  /** What the claim page needs to know about an open registration. */
  public record PageState(boolean anonymous, boolean codeSent) {
  }

  /** Where a claim stands, as the claim page answers it in JSON: the step, and nothing the token could not show. */
  public enum ClaimStep {
    EMAIL_NEEDED, CODE_SENT, CLAIMED, EXPIRED;

    /** The name on the wire: {@code email_needed}, {@code code_sent}, {@code claimed}, {@code expired}. */
    public String wireName() {
      return name().toLowerCase(Locale.ROOT);
    }
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
    var normalised = Emails.normalise(email);
    var client = newClient();
    var registration = newRegistration(client.id, Registration.EMAIL, normalised);
    var code = codes.issue(OneTimeCode.CLAIM, registration.registration().id, client.id, normalised);
    return new Registered(registration.registration(), registration.claimToken(), null, code);
  }

  /** Mails a (new) code to {@code email} for an anonymous registration; an earlier code stops working. */
  @Transactional
  public Claimed startClaim(String claimToken, String email) {
    var registration = openRegistration(claimToken, true);
    if (!Registration.ANONYMOUS.equals(registration.type)) {
      throw new ApiException(ErrorCode.NOT_ANONYMOUS_REGISTRATION, "This registration was made with an email: its "
          + "code was mailed at registration. Finish with POST /v1/auth/agent/claim/complete and that code.");
    }
    var normalised = Emails.normalise(email);
    registration.email = normalised;
    return new Claimed(registration, codes.issue(OneTimeCode.CLAIM, registration.id, registration.clientId,
        normalised));
  }

  /**
   * Completes the claim with the mailed code. The registration row is locked, so of concurrent completes exactly one
   * wins and the others find the registration claimed (404).
   */
  @Transactional
  public Completion complete(String claimToken, String presentedCode) {
    var registration = openRegistration(claimToken, true);
    OneTimeCode code = OneTimeCode.find("registrationId = ?1 order by createdAt desc", registration.id)
        .firstResult();
    var check = codes.check(code, presentedCode);
    if (check != Codes.Check.ACCEPTED) {
      return new Refused(refusal(check, registration));
    }
    registration.claimedAt = clock.instant();
    if (registration.anonymousKeyId != null) {
      // Every key the anonymous client holds ends, not just the first one: a rotation may have issued another.
      ApiKey.activeOf(registration.clientId).forEach(keys::replace);
    }
    recoveryAddresses.bindVerified(Client.findById(registration.clientId), registration.email);
    var issued = keys.issue(registration.clientId, ApiKeys.Kind.LIVE, Keys.LIVE_SCOPES);
    return new Completed(issued.credential(), Keys.LIVE_SCOPES, registration.clientId);
  }

  /** The claim page's view of a registration; 404 {@code not_found} when the token is unknown, used or expired. */
  @Transactional
  public PageState pageState(String claimToken) {
    var registration = openRegistration(claimToken, false);
    var anonymous = Registration.ANONYMOUS.equals(registration.type);
    return new PageState(anonymous, !anonymous || OneTimeCode.count("registrationId", registration.id) > 0);
  }

  /** Where the claim behind {@code claimToken} stands; empty when no registration has this token. */
  @Transactional
  public Optional<ClaimStep> claimStep(String claimToken) {
    if (claimToken == null || !claimToken.startsWith(IdPrefix.CLM.prefix() + "_")) {
      return Optional.empty();
    }
    return Registration.<Registration>find("claimTokenHash", ApiKeys.hash(claimToken)).firstResultOptional()
        .map(registration -> {
          if (registration.claimedAt != null) {
            return ClaimStep.CLAIMED;
          }
          if (!clock.instant().isBefore(registration.claimExpiresAt)) {
            return ClaimStep.EXPIRED;
          }
          var anonymous = Registration.ANONYMOUS.equals(registration.type);
          return anonymous && OneTimeCode.count("registrationId", registration.id) == 0 ? ClaimStep.EMAIL_NEEDED
              : ClaimStep.CODE_SENT;
        });
  }

  public Duration codeTtl() {
    return codes.ttl();
  }

  /** The registration a claim token opens, or 404; locked when {@code forUpdate}. */
  private Registration openRegistration(String claimToken, boolean forUpdate) {
    if (claimToken == null || !claimToken.startsWith(IdPrefix.CLM.prefix() + "_")) {
      throw notFound();
    }
    var query = Registration.<Registration>find("claimTokenHash", ApiKeys.hash(claimToken));
    Registration registration = forUpdate ? query.withLock(LockModeType.PESSIMISTIC_WRITE).firstResult()
        : query.firstResult();
    if (registration == null || registration.claimedAt != null
        || !clock.instant().isBefore(registration.claimExpiresAt)) {
      throw notFound();
    }
    return registration;
  }

  private ApiException refusal(Codes.Check check, Registration registration) {
    var again = Registration.ANONYMOUS.equals(registration.type)
        ? "Ask for a new code with POST /v1/auth/agent/claim (claim_token and email)."
        : "An email registration gets one code: register again with POST /v1/auth/agent.";
    return codes.refusal(check, "this claim", again);
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

  private ApiException notFound() {
    return new ApiException(ErrorCode.NOT_FOUND, "This claim token is unknown, expired (claim tokens last "
        + claimTtl.toHours() + " hours) or already used. Register again with POST /v1/auth/agent.");
  }
}

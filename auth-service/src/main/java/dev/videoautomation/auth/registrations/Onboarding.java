package dev.videoautomation.auth.registrations;

import java.util.Optional;

import jakarta.enterprise.context.ApplicationScoped;

import dev.videoautomation.auth.addresses.AddressLimits;
import dev.videoautomation.auth.keys.KeyDtos.Credential;
import dev.videoautomation.auth.mail.CodeMail;
import dev.videoautomation.auth.registrations.RegistrationDtos.AnonymousRegistration;
import dev.videoautomation.auth.registrations.RegistrationDtos.ClaimAttempt;
import dev.videoautomation.auth.registrations.RegistrationDtos.EmailRegistration;

/**
 * The registration family as the JSON endpoints and the claim page both drive it: the hourly limits first (source
 * address, then the code mail's recipient), then the transaction ({@link Registrations}), then the mail, so that a
 * failed transaction mails nothing.
 */
@ApplicationScoped
public class Onboarding {
  private final Registrations registrations;
  private final AddressLimits addressLimits;
  private final CodeMail mail;
  private final PublicUrls urls;

  Onboarding(Registrations registrations, AddressLimits addressLimits, CodeMail mail, PublicUrls urls) {
    this.registrations = registrations;
    this.addressLimits = addressLimits;
    this.mail = mail;
    this.urls = urls;
  }

  /** An svc_anon_ key with api.read at once, and a claim token. Counts against {@code address}'s hourly limit. */
  public AnonymousRegistration registerAnonymously(String address) {
    addressLimits.take(address);
    var registered = registrations.registerAnonymously();
    var registration = registered.registration();
    return new AnonymousRegistration(registration.id, registration.type, "api_key", registered.credential(), null,
        registered.credentialScopes(), Registrations.POST_CLAIM_SCOPES, urls.claimUrl(registered.claimToken()),
        registered.claimToken(), registration.claimExpiresAt.toEpochMilli());
  }

  /** No key; a code mailed to {@code email}. Counts against {@code address}'s and {@code email}'s hourly limits. */
  public EmailRegistration registerByEmail(String email, String address) {
    addressLimits.take(address);
    addressLimits.takeForRecipient(email);
    var registered = registrations.registerByEmail(email);
    var registration = registered.registration();
    mail.claimCode(registration.email, registered.code().digits(), registrations.codeTtl());
    return new EmailRegistration(registration.id, registration.type, Registrations.POST_CLAIM_SCOPES,
        urls.claimUrl(registered.claimToken()), registered.claimToken(), registration.claimExpiresAt.toEpochMilli());
  }

  /** Mails a code for an anonymous registration. Counts against {@code address}'s and {@code email}'s limits. */
  public ClaimAttempt startClaim(String claimToken, String email, String address) {
    addressLimits.take(address);
    addressLimits.takeForRecipient(email);
    var claimed = registrations.startClaim(claimToken, email);
    var code = claimed.code();
    mail.claimCode(code.code().email, code.digits(), registrations.codeTtl());
    return new ClaimAttempt(claimed.registration().id, code.code().id, "initiated",
        code.code().expiresAt.toEpochMilli());
  }

  /** The live key; the refusal (wrong, expired or exhausted code) is thrown once its attempt is committed. */
  public Credential complete(String claimToken, String code) {
    return switch (registrations.complete(claimToken, code)) {
      case Registrations.Completed completed -> Credential.of(completed.credential(), completed.scopes());
      case Registrations.Refused refused -> throw refused.reason();
    };
  }

  /** See {@link Registrations#claimStep}. */
  public Optional<Registrations.ClaimStep> claimStep(String claimToken) {
    return registrations.claimStep(claimToken);
  }

  /** See {@link Registrations#pageState}. */
  public Registrations.PageState pageState(String claimToken) {
    return registrations.pageState(claimToken);
  }
}

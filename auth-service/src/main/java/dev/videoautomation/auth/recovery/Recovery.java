package dev.videoautomation.auth.recovery;

import java.util.Locale;
import java.util.Optional;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;

import dev.videoautomation.auth.clients.Client;
import dev.videoautomation.auth.codes.Codes;
import dev.videoautomation.auth.codes.OneTimeCode;
import dev.videoautomation.auth.keys.Keys;
import dev.videoautomation.platform.errors.ApiException;
import dev.videoautomation.platform.errors.ErrorCode;
import dev.videoautomation.platform.keys.ApiKeys;

/**
 * Key recovery by email (design §5): a code goes to the client's recovery address; with it, every older key stops
 * and a new live key is issued. Nothing in the answers says whether an address is registered.
 */
@ApplicationScoped
public class Recovery {
  private final Codes codes;
  private final Keys keys;

  Recovery(Codes codes, Keys keys) {
    this.codes = codes;
    this.keys = keys;
  }

  /** The code to mail, when the address belongs to a client. */
  @Transactional
  public Optional<Codes.Issued> requestCode(String email) {
    var normalised = email.trim().toLowerCase(Locale.ROOT);
    var client = Client.findByRecoveryEmail(normalised);
    if (client == null) {
      return Optional.empty();
    }
    return Optional.of(codes.issue(OneTimeCode.RECOVERY, null, client.id, normalised));
  }

  /** A new key, or the refusal (attempts are counted whatever the outcome). */
  public sealed interface Outcome permits Recovered, Refused {
  }

  public record Recovered(Keys.Issued issued) implements Outcome {
  }

  public record Refused(ApiException reason) implements Outcome {
  }

  @Transactional
  public Outcome recover(String email, String presented) {
    var normalised = email.trim().toLowerCase(Locale.ROOT);
    OneTimeCode code = OneTimeCode.find("email = ?1 and purpose = ?2 and voidedAt is null order by createdAt desc",
        normalised, OneTimeCode.RECOVERY).firstResult();
    var check = codes.check(code, presented);
    if (check != Codes.Check.ACCEPTED) {
      return new Refused(switch (check) {
        case EXHAUSTED -> new ApiException(ErrorCode.CODE_ATTEMPTS_EXHAUSTED, "Five wrong codes: ask for a new one "
            + "with POST /v1/api_keys/recover and the email alone.");
        case EXPIRED -> new ApiException(ErrorCode.INVALID_CODE, "This code has expired; ask for a new one.");
        default -> new ApiException(ErrorCode.INVALID_CODE, "This email and code do not match a recovery in "
            + "progress. Ask for a code with POST /v1/api_keys/recover and the email alone.");
      });
    }
    keys.replaceAllOf(code.clientId);
    return new Recovered(keys.issue(code.clientId, ApiKeys.Kind.LIVE, Keys.LIVE_SCOPES));
  }
}

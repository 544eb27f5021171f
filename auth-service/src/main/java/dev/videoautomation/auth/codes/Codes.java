package dev.videoautomation.auth.codes;

import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;

import io.quarkus.scheduler.Scheduled;

import dev.videoautomation.auth.config.AuthConfig;
import dev.videoautomation.platform.errors.ApiError;
import dev.videoautomation.platform.errors.ApiException;
import dev.videoautomation.platform.errors.ErrorCode;
import dev.videoautomation.platform.hashes.Hashes;
import dev.videoautomation.platform.ids.IdPrefix;
import dev.videoautomation.platform.ids.Ids;

/**
 * One-time codes (design §5): six random digits, ten minutes, five attempts, kept as a salted SHA-256 and compared in
 * constant time. A new code for the same purpose voids the earlier ones. Callers hold the transaction.
 */
@ApplicationScoped
public class Codes {
  private static final SecureRandom RANDOM = new SecureRandom();

  private final Duration ttl;
  private final int maxAttempts;
  private final Clock clock;

  @Inject
  Codes(AuthConfig config) {
    this(config.codes().ttl(), config.codes().maxAttempts(), Clock.systemUTC());
  }

  Codes(Duration ttl, int maxAttempts, Clock clock) {
    this.ttl = ttl;
    this.maxAttempts = maxAttempts;
    this.clock = clock;
  }

  /** A code and the plain digits to mail (never stored, never logged). */
  public record Issued(OneTimeCode code, String digits) {
    /** What a resource mails once the answer is settled: the code's row stays in this feature. */
    public ToMail toMail() {
      return new ToMail(code.email, digits);
    }
  }

  /** The address a code goes to and its plain digits (never stored, never logged). */
  public record ToMail(String email, String digits) {
  }

  /** What checking a presented code found. */
  public enum Check {
    ACCEPTED, WRONG, EXHAUSTED, EXPIRED, NONE
  }

  /**
   * A new code; the earlier open codes it supersedes stop working: those of the registration (claims), of the address
   * (recovery, whether or not a client holds it, so both cases run the same statements), or of the client (the code
   * that verifies a checkout's address: other clients waiting on the same address keep theirs).
   */
  public Issued issue(String purpose, String registrationId, String clientId, String email) {
    var now = clock.instant();
    if (registrationId != null) {
      OneTimeCode.update("voidedAt = ?1 where registrationId = ?2 and usedAt is null and voidedAt is null", now,
          registrationId);
    } else if (OneTimeCode.RECOVERY.equals(purpose)) {
      OneTimeCode.update("voidedAt = ?1 where email = ?2 and purpose = ?3 and usedAt is null and voidedAt is null",
          now, email, purpose);
    } else {
      OneTimeCode.update("voidedAt = ?1 where clientId = ?2 and purpose = ?3 and usedAt is null and voidedAt is null",
          now, clientId, purpose);
    }
    var digits = String.format("%06d", RANDOM.nextInt(1_000_000));
    var salt = new byte[16];
    RANDOM.nextBytes(salt);
    var code = new OneTimeCode();
    code.id = Ids.newId(IdPrefix.CLA);
    code.purpose = purpose;
    code.registrationId = registrationId;
    code.clientId = clientId;
    code.email = email;
    code.salt = Hashes.hex(salt);
    code.hash = hash(code.salt, digits);
    code.expiresAt = now.plus(ttl);
    code.createdAt = now;
    code.persist();
    return new Issued(code, digits);
  }

  /**
   * Checks {@code presented} against {@code code} (null when there is none), counting a wrong attempt; the last
   * allowed wrong attempt voids the code. The caller holds a lock that serialises checks of the same code.
   */
  public Check check(OneTimeCode code, String presented) {
    if (code == null || code.usedAt != null) {
      return Check.NONE;
    }
    if (code.voidedAt != null || code.attempts >= maxAttempts) {
      return code.attempts >= maxAttempts ? Check.EXHAUSTED : Check.NONE;
    }
    if (!clock.instant().isBefore(code.expiresAt)) {
      return Check.EXPIRED;
    }
    var matches = Hashes.constantTimeEquals(hash(code.salt, presented), code.hash);
    if (matches) {
      code.usedAt = clock.instant();
      return Check.ACCEPTED;
    }
    code.attempts++;
    if (code.attempts >= maxAttempts) {
      code.voidedAt = clock.instant();
      return Check.EXHAUSTED;
    }
    return Check.WRONG;
  }

  /**
   * The refusal of a code that was not {@link Check#ACCEPTED}: {@code subject} names what the code was for ("this
   * claim"), {@code again} says how to get a new one.
   */
  public ApiException refusal(Check check, String subject, String again) {
    return switch (check) {
      case EXHAUSTED -> new ApiException(ErrorCode.CODE_ATTEMPTS_EXHAUSTED, "Too many wrong codes (" + maxAttempts
          + "): this code no longer works. " + again);
      case EXPIRED -> new ApiException(ErrorCode.INVALID_CODE, "This code has expired (a code works for "
          + ttl.toMinutes() + " minutes). " + again);
      case NONE -> new ApiException(ErrorCode.INVALID_CODE, "No code is waiting for " + subject + ". " + again);
      default -> new ApiException(ApiError.of(ErrorCode.INVALID_CODE, "This code is not right. Check the mail "
          + "and try again (" + maxAttempts + " attempts in all).").with("field", "code"));
    };
  }

  /** Codes long past their life are of no use to anyone (a claim token lives a day; keep two). */
  @Scheduled(every = "1h", delayed = "7m")
  @Transactional
  void forgetOldCodes() {
    OneTimeCode.delete("expiresAt < ?1", clock.instant().minus(Duration.ofDays(2)));
  }

  public Duration ttl() {
    return ttl;
  }

  public int maxAttempts() {
    return maxAttempts;
  }

  private static String hash(String salt, String digits) {
    var digest = Hashes.sha256();
    digest.update(salt.getBytes(StandardCharsets.US_ASCII));
    digest.update(digits.getBytes(StandardCharsets.UTF_8));
    return Hashes.hex(digest.digest());
  }
}

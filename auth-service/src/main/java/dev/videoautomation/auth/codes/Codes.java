package dev.videoautomation.auth.codes;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.util.HexFormat;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import org.eclipse.microprofile.config.inject.ConfigProperty;

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
  Codes(@ConfigProperty(name = "auth.codes.ttl", defaultValue = "PT10M") Duration ttl,
      @ConfigProperty(name = "auth.codes.max-attempts", defaultValue = "5") int maxAttempts) {
    this(ttl, maxAttempts, Clock.systemUTC());
  }

  Codes(Duration ttl, int maxAttempts, Clock clock) {
    this.ttl = ttl;
    this.maxAttempts = maxAttempts;
    this.clock = clock;
  }

  /** A code and the plain digits to mail (never stored, never logged). */
  public record Issued(OneTimeCode code, String digits) {
  }

  /** What checking a presented code found. */
  public enum Check {
    ACCEPTED, WRONG, EXHAUSTED, EXPIRED, NONE
  }

  public Issued issue(String purpose, String registrationId, String clientId, String email) {
    var now = clock.instant();
    if (registrationId != null) {
      OneTimeCode.update("voidedAt = ?1 where registrationId = ?2 and usedAt is null and voidedAt is null", now,
          registrationId);
    } else {
      OneTimeCode.update("voidedAt = ?1 where email = ?2 and purpose = ?3 and usedAt is null and voidedAt is null",
          now, email, purpose);
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
    code.salt = HexFormat.of().formatHex(salt);
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
    var matches = MessageDigest.isEqual(hash(code.salt, presented).getBytes(StandardCharsets.US_ASCII),
        code.hash.getBytes(StandardCharsets.US_ASCII));
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

  public Duration ttl() {
    return ttl;
  }

  public int maxAttempts() {
    return maxAttempts;
  }

  private static String hash(String salt, String digits) {
    try {
      var digest = MessageDigest.getInstance("SHA-256");
      digest.update(salt.getBytes(StandardCharsets.US_ASCII));
      digest.update(digits.getBytes(StandardCharsets.UTF_8));
      return HexFormat.of().formatHex(digest.digest());
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }
}

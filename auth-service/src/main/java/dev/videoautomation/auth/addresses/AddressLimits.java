package dev.videoautomation.auth.addresses;

import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.transaction.Transactional;

import io.quarkus.scheduler.Scheduled;
import io.vertx.core.http.HttpServerRequest;

import dev.videoautomation.auth.config.AuthConfig;
import dev.videoautomation.auth.mail.Emails;
import dev.videoautomation.platform.errors.ApiError;
import dev.videoautomation.platform.errors.ApiException;
import dev.videoautomation.platform.errors.ErrorCode;
import dev.videoautomation.platform.keys.ApiKeys;

/**
 * Hourly limits of auth's mail-sending requests (design §5), per clock hour, counted in Postgres with one conditional
 * upsert so every replica shares one exact count. Two kinds of address are counted in the same table:
 * <ul>
 * <li>the source address of requests that create a registration or mail a code: the gateway's
 * {@code X-Client-Address} (docs/internal-api.md §1.2 rule 6), a rate-limit key, never identity; leaked-key reports
 * are counted per source address too, under a key of their own ({@code leak:}) and a limit of their own;</li>
 * <li>the recipient of every code mail (registration, claim, recovery, a checkout's address), counted per mailbox
 * ({@link Emails#mailbox}: case, a trailing dot and a {@code +tag} do not make a new recipient) and kept as a
 * SHA-256 of it, never in the plain. Recovery counts it whether or not the address is registered, so that the
 * limit reveals nothing.</li>
 * </ul>
 */
@ApplicationScoped
public class AddressLimits {
  static final String HEADER = "X-Client-Address";
  static final int MAX_ADDRESS_LENGTH = 64;
  /** Recipient keys cannot collide with source addresses (IPs never start so). */
  static final String RECIPIENT_PREFIX = "to:";
  /** Leaked-key reports are counted under their own key per source address. */
  static final String LEAK_REPORT_PREFIX = "leak:";
  private static final String TAKE = """
      INSERT INTO address_windows (address, window_start, count) VALUES (?1, ?2, 1)
      ON CONFLICT (address, window_start) DO UPDATE SET count = address_windows.count + 1
      WHERE address_windows.count < ?3
      RETURNING count""";

  private final EntityManager entityManager;
  private final int perAddress;
  private final int perRecipient;
  private final int leakReportsPerAddress;

  AddressLimits(EntityManager entityManager, AuthConfig config) {
    this.entityManager = entityManager;
    this.perAddress = config.registration().perAddressPerHour();
    this.perRecipient = config.codes().perRecipientPerHour();
    this.leakReportsPerAddress = config.leaks().perAddressPerHour();
  }

  /** Takes one unit for the source {@code address} in the current hour, or fails with 429 {@code rate_limited}. */
  @Transactional(Transactional.TxType.REQUIRES_NEW)
  public void take(String address) {
    takeOrRefuse(address, perAddress, "Too many registrations or code requests from this address");
  }

  /** Takes one leaked-key report for the source {@code address} in the current hour, or fails with 429. */
  @Transactional(Transactional.TxType.REQUIRES_NEW)
  public void takeForLeakReport(String address) {
    takeOrRefuse(LEAK_REPORT_PREFIX + address, leakReportsPerAddress, "Too many leaked-key reports from this address");
  }

  /** Takes one unit for the recipient {@code email} in the current hour, or fails with 429 {@code rate_limited}. */
  @Transactional(Transactional.TxType.REQUIRES_NEW)
  public void takeForRecipient(String email) {
    takeOrRefuse(recipientKey(email), perRecipient, "Too many codes were asked for this email address");
  }

  /** As {@link #takeForRecipient}, answering false instead of failing (a mail nobody asked for now). */
  @Transactional(Transactional.TxType.REQUIRES_NEW)
  public boolean tryTakeForRecipient(String email) {
    return tryTake(recipientKey(email), perRecipient, Instant.now());
  }

  private void takeOrRefuse(String key, int limit, String what) {
    var now = Instant.now();
    if (!tryTake(key, limit, now)) {
      var window = now.truncatedTo(ChronoUnit.HOURS);
      var retryAfter = Math.max(1, Duration.between(now, window.plus(1, ChronoUnit.HOURS)).toSeconds());
      throw new ApiException(ApiError.of(ErrorCode.RATE_LIMITED, what + " (" + limit + " an hour, counted per "
          + "clock hour); try again in " + retryAfter + " seconds.").with("limit", limit)
          .with("retryAfter", retryAfter));
    }
  }

  private boolean tryTake(String key, int limit, Instant now) {
    var window = now.truncatedTo(ChronoUnit.HOURS);
    return !entityManager.createNativeQuery(TAKE).setParameter(1, key).setParameter(2, Timestamp.from(window))
        .setParameter(3, limit).getResultList().isEmpty();
  }

  /** The agent's address: the gateway's {@code X-Client-Address}, else the TCP peer (a direct caller). */
  public static String addressOf(HttpServerRequest request) {
    var forwarded = request.getHeader(HEADER);
    var address = forwarded != null && !forwarded.isBlank() ? forwarded.trim()
        : request.remoteAddress() == null ? "unknown" : request.remoteAddress().hostAddress();
    return address.length() > MAX_ADDRESS_LENGTH ? address.substring(0, MAX_ADDRESS_LENGTH) : address;
  }

  static String recipientKey(String email) {
    return RECIPIENT_PREFIX + ApiKeys.hash(Emails.mailbox(email));
  }

  @Scheduled(every = "1h", delayed = "5m")
  @Transactional
  void forgetOldWindows() {
    entityManager.createNativeQuery("DELETE FROM address_windows WHERE window_start < now() - interval '2 hours'")
        .executeUpdate();
  }
}

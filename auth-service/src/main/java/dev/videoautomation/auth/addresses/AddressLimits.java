package dev.videoautomation.auth.addresses;

import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.transaction.Transactional;

import org.eclipse.microprofile.config.inject.ConfigProperty;

import io.quarkus.scheduler.Scheduled;
import io.vertx.core.http.HttpServerRequest;

import dev.videoautomation.platform.errors.ApiError;
import dev.videoautomation.platform.errors.ApiException;
import dev.videoautomation.platform.errors.ErrorCode;

/**
 * Requests that create a registration or mail a code, per source address per hour (design §5), counted in Postgres
 * with one conditional upsert so every replica shares one exact count. The address is the gateway's
 * {@code X-Client-Address} (docs/internal-api.md §1.2 rule 6): a rate-limit key, never identity.
 */
@ApplicationScoped
public class AddressLimits {
  static final String HEADER = "X-Client-Address";
  static final int MAX_ADDRESS_LENGTH = 64;
  private static final String TAKE = """
      INSERT INTO address_windows (address, window_start, count) VALUES (?1, ?2, 1)
      ON CONFLICT (address, window_start) DO UPDATE SET count = address_windows.count + 1
      WHERE address_windows.count < ?3
      RETURNING count""";

  private final EntityManager entityManager;
  private final int perHour;

  AddressLimits(EntityManager entityManager,
      @ConfigProperty(name = "auth.registration.per-address-per-hour", defaultValue = "30") int perHour) {
    this.entityManager = entityManager;
    this.perHour = perHour;
  }

  /** Takes one unit for {@code address} in the current hour, or fails with 429 {@code rate_limited}. */
  @Transactional(Transactional.TxType.REQUIRES_NEW)
  public void take(String address) {
    var now = Instant.now();
    var window = now.truncatedTo(ChronoUnit.HOURS);
    var taken = entityManager.createNativeQuery(TAKE).setParameter(1, address)
        .setParameter(2, Timestamp.from(window)).setParameter(3, perHour).getResultList();
    if (taken.isEmpty()) {
      var retryAfter = Math.max(1, Duration.between(now, window.plus(1, ChronoUnit.HOURS)).toSeconds());
      throw new ApiException(ApiError.of(ErrorCode.RATE_LIMITED, "Too many registrations or code requests from "
          + "this address (" + perHour + " an hour); try again in " + retryAfter + " seconds.")
          .with("limit", perHour).with("retryAfter", retryAfter));
    }
  }

  /** The agent's address: the gateway's {@code X-Client-Address}, else the TCP peer (a direct caller). */
  public static String addressOf(HttpServerRequest request) {
    var forwarded = request.getHeader(HEADER);
    var address = forwarded != null && !forwarded.isBlank() ? forwarded.trim()
        : request.remoteAddress() == null ? "unknown" : request.remoteAddress().hostAddress();
    return address.length() > MAX_ADDRESS_LENGTH ? address.substring(0, MAX_ADDRESS_LENGTH) : address;
  }

  @Scheduled(every = "1h", delayed = "5m")
  @Transactional
  void forgetOldWindows() {
    entityManager.createNativeQuery("DELETE FROM address_windows WHERE window_start < now() - interval '2 hours'")
        .executeUpdate();
  }
}

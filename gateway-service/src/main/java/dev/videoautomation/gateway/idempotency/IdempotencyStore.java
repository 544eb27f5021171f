package dev.videoautomation.gateway.idempotency;

import java.sql.SQLException;
import java.time.Duration;

import javax.sql.DataSource;

import jakarta.inject.Singleton;


import io.quarkus.scheduler.Scheduled;

/**
 * {@code Idempotency-Key} records (design §3.5), one per client and key for 24 hours. Claiming a key is one
 * statement: the first request inserts an in-flight row and runs; every other one finds the row and is answered from
 * it (replay, mismatch or in use). A row left in flight by a gateway that died is taken over after its lock expires.
 * An answer that issued a credential is never stored: its row records only that a credential was issued; a job's
 * {@code webhookSecret} is taken out of an answer before it is stored ({@link ShownOnce}).
 */
@Singleton
public class IdempotencyStore {
  static final Duration KEEP = Duration.ofHours(24);
  private static final String CLAIM = """
      INSERT INTO idempotency_keys (client_id, idempotency_key, request_hash, state, locked_until, expires_at)
      VALUES (?, ?, ?, 'in_flight', now() + make_interval(secs => ?), now() + make_interval(secs => ?))
      ON CONFLICT (client_id, idempotency_key) DO UPDATE
        SET request_hash = EXCLUDED.request_hash, state = 'in_flight', status = NULL, headers = NULL, body = NULL,
            created_at = now(), locked_until = EXCLUDED.locked_until, expires_at = EXCLUDED.expires_at
        WHERE idempotency_keys.expires_at < now()
           OR (idempotency_keys.state = 'in_flight' AND idempotency_keys.locked_until < now()
               AND idempotency_keys.request_hash = EXCLUDED.request_hash)
      RETURNING 1""";
  private static final String FIND = """
      SELECT request_hash, state, status, headers, body FROM idempotency_keys
      WHERE client_id = ? AND idempotency_key = ?""";
  private static final String COMPLETE = """
      UPDATE idempotency_keys SET state = 'completed', status = ?, headers = ?, body = ?
      WHERE client_id = ? AND idempotency_key = ? AND state = 'in_flight'""";
  private static final String REPLACE = """
      UPDATE idempotency_keys SET status = ?, headers = ?, body = ?
      WHERE client_id = ? AND idempotency_key = ? AND state = 'completed'""";
  private static final String ISSUED = """
      UPDATE idempotency_keys SET state = 'credential_issued', status = ?, headers = NULL, body = NULL
      WHERE client_id = ? AND idempotency_key = ? AND state = 'in_flight'""";
  private static final String RELEASE = """
      DELETE FROM idempotency_keys WHERE client_id = ? AND idempotency_key = ? AND state = 'in_flight'""";
  private static final String FORGET_EXPIRED = "DELETE FROM idempotency_keys WHERE expires_at < now()";

  private final DataSource database;
  private final Duration lock;

  IdempotencyStore(DataSource database, dev.videoautomation.gateway.config.GatewayConfig config) {
    this.database = database;
    this.lock = config.idempotency().lock();
  }

  /** What claiming a key found. */
  public sealed interface Claim permits Claimed, Replay, Issued, Mismatch, InUse {
  }

  /** This request owns the key: run it, then {@link #complete} or {@link #release}. */
  public record Claimed() implements Claim {
  }

  /** The key's first answer, to return as it was. {@code headers} is the stored header block. */
  public record Replay(int status, String headers, byte[] body) implements Claim {
  }

  /** The key's first request issued a credential, which is shown once and was not stored. */
  public record Issued() implements Claim {
  }

  /** The key was used with another request. */
  public record Mismatch() implements Claim {
  }

  /** The key's first request is still running. */
  public record InUse() implements Claim {
  }

  /** Claims {@code key} for this request (blocking). */
  public Claim claim(String clientId, String key, String requestHash) {
    for (int attempt = 0; attempt < 3; attempt++) {
      try (var connection = database.getConnection()) {
        try (var statement = connection.prepareStatement(CLAIM)) {
          statement.setString(1, clientId);
          statement.setString(2, key);
          statement.setString(3, requestHash);
          statement.setLong(4, lock.toSeconds());
          statement.setLong(5, KEEP.toSeconds());
          try (var rows = statement.executeQuery()) {
            if (rows.next()) {
              return new Claimed();
            }
          }
        }
        try (var statement = connection.prepareStatement(FIND)) {
          statement.setString(1, clientId);
          statement.setString(2, key);
          try (var rows = statement.executeQuery()) {
            if (!rows.next()) {
              continue; // released between the two statements: claim again
            }
            if (!rows.getString(1).equals(requestHash)) {
              return new Mismatch();
            }
            if ("in_flight".equals(rows.getString(2))) {
              return new InUse();
            }
            if ("credential_issued".equals(rows.getString(2))) {
              return new Issued();
            }
            return new Replay(rows.getInt(3), rows.getString(4), rows.getBytes(5));
          }
        }
      } catch (SQLException e) {
        throw new IllegalStateException("Could not claim the idempotency key", e);
      }
    }
    return new InUse();
  }

  /** Stores the first answer so later requests with the key replay it (blocking). */
  public void complete(String clientId, String key, int status, String headers, byte[] body) {
    try (var connection = database.getConnection(); var statement = connection.prepareStatement(COMPLETE)) {
      statement.setInt(1, status);
      statement.setString(2, headers);
      statement.setBytes(3, ShownOnce.withoutSecrets(body));
      statement.setString(4, clientId);
      statement.setString(5, key);
      statement.executeUpdate();
    } catch (SQLException e) {
      throw new IllegalStateException("Could not store the idempotent answer", e);
    }
  }

  /**
   * Replaces a stored answer with the one finally sent for the same request (a creating POST's answer after its
   * {@code Prefer: wait}), so that a replay shows what the first caller saw (blocking).
   */
  public void replace(String clientId, String key, int status, String headers, byte[] body) {
    try (var connection = database.getConnection(); var statement = connection.prepareStatement(REPLACE)) {
      statement.setInt(1, status);
      statement.setString(2, headers);
      statement.setBytes(3, ShownOnce.withoutSecrets(body));
      statement.setString(4, clientId);
      statement.setString(5, key);
      statement.executeUpdate();
    } catch (SQLException e) {
      throw new IllegalStateException("Could not store the idempotent answer", e);
    }
  }

  /**
   * Records that the key's request issued a credential, keeping nothing of the answer, so that a repeat is refused
   * instead of shown the credential again (blocking).
   */
  public void completeIssued(String clientId, String key, int status) {
    try (var connection = database.getConnection(); var statement = connection.prepareStatement(ISSUED)) {
      statement.setInt(1, status);
      statement.setString(2, clientId);
      statement.setString(3, key);
      statement.executeUpdate();
    } catch (SQLException e) {
      throw new IllegalStateException("Could not record the issued credential", e);
    }
  }

  /** Frees the key so the request can be tried again (the owner failed or never got it; blocking). */
  public void release(String clientId, String key) {
    try (var connection = database.getConnection(); var statement = connection.prepareStatement(RELEASE)) {
      statement.setString(1, clientId);
      statement.setString(2, key);
      statement.executeUpdate();
    } catch (SQLException e) {
      throw new IllegalStateException("Could not release the idempotency key", e);
    }
  }

  @Scheduled(every = "10m", delayed = "1m")
  void forgetExpired() {
    try (var connection = database.getConnection(); var statement = connection.prepareStatement(FORGET_EXPIRED)) {
      statement.executeUpdate();
    } catch (SQLException e) {
      throw new IllegalStateException("Could not delete expired idempotency keys", e);
    }
  }
}

package dev.videoautomation.gateway.mcp;

import java.security.SecureRandom;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Base64;
import java.util.Optional;

import javax.sql.DataSource;

import jakarta.enterprise.context.ApplicationScoped;

import io.quarkus.scheduler.Scheduled;

import dev.videoautomation.gateway.config.GatewayConfig;

/**
 * The whole answers behind truncated tool results ({@code vas://results/{id}}), kept in the gateway's schema so that
 * any replica can serve them, each readable only by the owner that made the call (a client, or for a call without a
 * key its MCP session) until it expires. An id is 192 random bits, base64url.
 */
@ApplicationScoped
class StoredResults {
  static final String URI_PREFIX = "vas://results/";
  private static final int ID_BYTES = 24;
  private static final String STORE = """
      INSERT INTO mcp_results (id, owner, body, expires_at)
      VALUES (?, ?, ?, now() + make_interval(secs => ?))""";
  private static final String FIND = """
      SELECT body FROM mcp_results WHERE id = ? AND owner = ? AND expires_at > now()""";
  private static final String FORGET_EXPIRED = "DELETE FROM mcp_results WHERE expires_at <= now()";

  private final SecureRandom random = new SecureRandom();
  private final DataSource database;
  private final Duration keep;

  StoredResults(DataSource database, GatewayConfig config) {
    this.database = database;
    this.keep = config.mcp().resultKeep();
  }

  /** Stores {@code body} for {@code owner}; its {@code vas://results/{id}} URI (blocking). */
  String store(String owner, byte[] body) {
    var bytes = new byte[ID_BYTES];
    random.nextBytes(bytes);
    var id = Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    try (var connection = database.getConnection(); var statement = connection.prepareStatement(STORE)) {
      statement.setString(1, id);
      statement.setString(2, owner);
      statement.setBytes(3, body);
      statement.setLong(4, keep.toSeconds());
      statement.executeUpdate();
    } catch (SQLException e) {
      throw new IllegalStateException("Could not store the whole answer of a tool result", e);
    }
    return URI_PREFIX + id;
  }

  /** The answer stored under {@code id} for {@code owner}, if it has not expired (blocking). */
  Optional<byte[]> find(String id, String owner) {
    try (var connection = database.getConnection(); var statement = connection.prepareStatement(FIND)) {
      statement.setString(1, id);
      statement.setString(2, owner);
      try (var rows = statement.executeQuery()) {
        return rows.next() ? Optional.of(rows.getBytes(1)) : Optional.empty();
      }
    } catch (SQLException e) {
      throw new IllegalStateException("Could not read the whole answer of a tool result", e);
    }
  }

  @Scheduled(every = "1m", delayed = "1m")
  void forgetExpired() {
    try (var connection = database.getConnection(); var statement = connection.prepareStatement(FORGET_EXPIRED)) {
      statement.executeUpdate();
    } catch (SQLException e) {
      throw new IllegalStateException("Could not delete expired tool results", e);
    }
  }
}

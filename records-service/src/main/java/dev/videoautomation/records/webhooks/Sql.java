package dev.videoautomation.records.webhooks;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import javax.sql.DataSource;

/**
 * The few JDBC calls of the webhooks package, on the pool's connection (inside a transaction the pool hands the
 * transaction's own). The statements are written here, never built from input; values are always bound.
 */
final class Sql {
  /** Reads one row into a value. */
  interface Row<T> {
    T read(ResultSet row) throws SQLException;
  }

  private final DataSource dataSource;

  Sql(DataSource dataSource) {
    this.dataSource = dataSource;
  }

  <T> List<T> list(String sql, Row<T> reader, Object... arguments) {
    try (Connection connection = dataSource.getConnection();
         var statement = prepare(connection, sql, arguments);
         var rows = statement.executeQuery()) {
      var found = new ArrayList<T>();
      while (rows.next()) {
        found.add(reader.read(rows));
      }
      return found;
    } catch (SQLException e) {
      throw new IllegalStateException("A webhooks query failed: " + e.getMessage(), e);
    }
  }

  <T> Optional<T> one(String sql, Row<T> reader, Object... arguments) {
    var found = list(sql, reader, arguments);
    return found.isEmpty() ? Optional.empty() : Optional.of(found.getFirst());
  }

  int update(String sql, Object... arguments) {
    try (Connection connection = dataSource.getConnection(); var statement = prepare(connection, sql, arguments)) {
      return statement.executeUpdate();
    } catch (SQLException e) {
      throw new IllegalStateException("A webhooks update failed: " + e.getMessage(), e);
    }
  }

  /** Holds a lock named {@code name} until the transaction ends: one writer at a time per client, job or endpoint. */
  void lock(String name) {
    list("SELECT pg_advisory_xact_lock(hashtext(?))", row -> 1, name);
  }

  static Long millis(ResultSet row, String column) throws SQLException {
    var value = row.getTimestamp(column);
    return value == null ? null : value.getTime();
  }

  static Instant instant(ResultSet row, String column) throws SQLException {
    var value = row.getTimestamp(column);
    return value == null ? null : value.toInstant();
  }

  private static PreparedStatement prepare(Connection connection, String sql, Object[] arguments)
      throws SQLException {
    var statement = connection.prepareStatement(sql);
    for (int i = 0; i < arguments.length; i++) {
      var value = arguments[i] instanceof Instant instant ? Timestamp.from(instant) : arguments[i];
      statement.setObject(i + 1, value);
    }
    return statement;
  }
}

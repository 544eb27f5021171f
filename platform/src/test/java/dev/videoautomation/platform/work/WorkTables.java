package dev.videoautomation.platform.work;

import java.sql.SQLException;

import javax.sql.DataSource;

import org.postgresql.ds.PGSimpleDataSource;

import dev.videoautomation.platform.testing.TestDatabases;

/** A fresh database on the real test PostgreSQL with one table of work rows, as the services keep theirs. */
final class WorkTables {
  private WorkTables() {
  }

  static DataSource freshWorkTable() {
    var database = TestDatabases.freshDatabase();
    var dataSource = new PGSimpleDataSource();
    dataSource.setURL(database.jdbcUrl());
    dataSource.setUser(database.username());
    dataSource.setPassword(database.password());
    execute(dataSource, "CREATE SCHEMA work; CREATE TABLE work.items (id text PRIMARY KEY, kind text NOT NULL, "
        + "status text NOT NULL, due_at timestamptz NOT NULL, lease_until timestamptz, lease_token text)");
    return dataSource;
  }

  /** Adds a row due {@code dueInSeconds} from now (negative: overdue). */
  static void insert(DataSource dataSource, String id, String kind, String status, int dueInSeconds) {
    execute(dataSource, "INSERT INTO work.items (id, kind, status, due_at) VALUES ('" + id + "', '" + kind + "', '"
        + status + "', now() + make_interval(secs => " + dueInSeconds + "))");
  }

  static void execute(DataSource dataSource, String sql) {
    try (var connection = dataSource.getConnection(); var statement = connection.createStatement()) {
      statement.execute(sql);
    } catch (SQLException e) {
      throw new IllegalStateException(e);
    }
  }

  static String text(DataSource dataSource, String sql) {
    try (var connection = dataSource.getConnection(); var statement = connection.createStatement();
         var rows = statement.executeQuery(sql)) {
      return rows.next() ? rows.getString(1) : null;
    } catch (SQLException e) {
      throw new IllegalStateException(e);
    }
  }
}

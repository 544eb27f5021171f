package dev.videoautomation.platform.events;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.SQLException;

import javax.sql.DataSource;

import org.postgresql.ds.PGSimpleDataSource;

import dev.videoautomation.platform.testing.TestDatabases;

/**
 * A fresh database on the real test PostgreSQL with an outbox made by the very DDL owners copy into their migration
 * (docs/internal-api.md §3.17), so a change to one shows here.
 */
final class OutboxTables {
  static final String TABLE = "events.outbox";
  /** The migration snippet of docs/internal-api.md §3.17, for schema {@code events}. */
  static final String DDL = """
      CREATE TABLE events.outbox (
          id           varchar(64)  PRIMARY KEY,
          position     bigint       GENERATED ALWAYS AS IDENTITY UNIQUE,
          job_id       varchar(64),
          client_id    varchar(64)  NOT NULL,
          seq          bigint,
          type         varchar(64)  NOT NULL,
          payload      jsonb        NOT NULL,
          webhook_url  text,
          created_at   timestamptz  NOT NULL,
          relayed_at   timestamptz,
          locked_until timestamptz
      );
      CREATE UNIQUE INDEX outbox_job_seq ON events.outbox (job_id, seq) WHERE job_id IS NOT NULL;
      CREATE INDEX outbox_unrelayed ON events.outbox (position) WHERE relayed_at IS NULL;
      CREATE INDEX outbox_relayed ON events.outbox (relayed_at) WHERE relayed_at IS NOT NULL;
      """;

  private OutboxTables() {
  }

  static PGSimpleDataSource freshOutbox() {
    var database = TestDatabases.freshDatabase();
    var dataSource = new PGSimpleDataSource();
    dataSource.setURL(database.jdbcUrl());
    dataSource.setUser(database.username());
    dataSource.setPassword(database.password());
    execute(dataSource, "CREATE SCHEMA events;\n" + DDL);
    return dataSource;
  }

  /**
   * A data source that hands out {@code connection} and leaves it open on close, as the pool does inside a
   * transaction (every {@code getConnection()} is the transaction's connection, released when it ends).
   */
  static DataSource boundTo(Connection connection) {
    var kept = (Connection) Proxy.newProxyInstance(OutboxTables.class.getClassLoader(),
        new Class<?>[] {Connection.class}, (proxy, method, args) -> {
          if (method.getName().equals("close")) {
            return null;
          }
          try {
            return method.invoke(connection, args);
          } catch (InvocationTargetException e) {
            throw e.getCause();
          }
        });
    var source = new PGSimpleDataSource() {
      @Override
      public Connection getConnection() {
        return kept;
      }
    };
    return source;
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

  static long count(DataSource dataSource, String where) {
    return Long.parseLong(text(dataSource, "SELECT count(*) FROM " + TABLE + " WHERE " + where));
  }
}

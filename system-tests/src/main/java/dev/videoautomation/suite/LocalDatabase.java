package dev.videoautomation.suite;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.DriverManager;
import java.sql.SQLException;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;

/**
 * The local run's embedded default database: a real PostgreSQL whose data directory persists between runs, so a
 * second start finds everything the first one left.
 */
public final class LocalDatabase implements AutoCloseable {
  public static final String DATABASE = "vas";

  private final EmbeddedPostgres postgres;

  private LocalDatabase(EmbeddedPostgres postgres) {
    this.postgres = postgres;
  }

  /** Starts PostgreSQL on {@code port} with its data in {@code dataDirectory}, creating the suite database once. */
  public static LocalDatabase start(Path dataDirectory, int port) throws IOException, SQLException {
    Files.createDirectories(dataDirectory);
    var postgres = EmbeddedPostgres.builder()
        .setDataDirectory(dataDirectory)
        .setCleanDataDirectory(false)
        .setPort(port)
        .start();
    var database = new LocalDatabase(postgres);
    database.ensureSuiteDatabase();
    return database;
  }

  public DatabaseAddress address() {
    return new DatabaseAddress("jdbc:postgresql://127.0.0.1:" + postgres.getPort() + "/" + DATABASE, "postgres", "");
  }

  private void ensureSuiteDatabase() throws SQLException {
    var admin = "jdbc:postgresql://127.0.0.1:" + postgres.getPort() + "/postgres";
    try (var connection = DriverManager.getConnection(admin, "postgres", "");
         var exists = connection.prepareStatement("SELECT 1 FROM pg_database WHERE datname = ?")) {
      exists.setString(1, DATABASE);
      if (!exists.executeQuery().next()) {
        try (var create = connection.createStatement()) {
          create.execute("CREATE DATABASE " + DATABASE);
        }
      }
    }
  }

  @Override
  public void close() throws IOException {
    postgres.close();
  }
}

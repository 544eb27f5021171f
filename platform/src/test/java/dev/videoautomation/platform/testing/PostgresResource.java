package dev.videoautomation.platform.testing;

import java.util.Map;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;

/** Gives an application under test a fresh database on the real test PostgreSQL of {@link TestDatabases}. */
public class PostgresResource implements QuarkusTestResourceLifecycleManager {

  @Override
  public Map<String, String> start() {
    var database = TestDatabases.freshDatabase();
    return Map.of(
        "quarkus.datasource.jdbc.url", database.jdbcUrl(),
        "quarkus.datasource.username", database.username(),
        "quarkus.datasource.password", database.password());
  }

  @Override
  public void stop() {
    // The server outlives a single application start; it stops with the JVM.
  }
}

package dev.videoautomation.suite;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.ServerSocket;
import java.nio.file.Path;
import java.sql.DriverManager;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The local run keeps its data: a second start of the embedded database finds what the first one wrote. */
class LocalDatabaseTest {

  @Test
  void shouldKeepDataAcrossRestarts(@TempDir Path dataDir) throws Exception {
    int port;
    try (var socket = new ServerSocket(0)) {
      port = socket.getLocalPort();
    }
    try (var first = LocalDatabase.start(dataDir, port);
         var connection = connect(first.address());
         var statement = connection.createStatement()) {
      statement.execute("CREATE TABLE kept (note text)");
      statement.execute("INSERT INTO kept VALUES ('written before the restart')");
    }
    try (var second = LocalDatabase.start(dataDir, port);
         var connection = connect(second.address());
         var rows = connection.createStatement().executeQuery("SELECT note FROM kept")) {
      assertThat(rows.next()).isTrue();
      assertThat(rows.getString(1)).isEqualTo("written before the restart");
    }
  }

  private static java.sql.Connection connect(DatabaseAddress address) throws Exception {
    return DriverManager.getConnection(address.jdbcUrl(), address.username(), address.password());
  }
}

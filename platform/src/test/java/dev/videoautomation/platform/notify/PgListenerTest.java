package dev.videoautomation.platform.notify;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.DriverManager;
import java.time.Duration;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

import dev.videoautomation.platform.testing.TestDatabases;

/** The listener against a real PostgreSQL: LISTEN first, then reconnect callbacks, then each channel's payloads. */
class PgListenerTest {
  @Test
  void handsEachChannelsPayloadsToItsCallbacksAfterTheReconnectCallback() throws Exception {
    var database = TestDatabases.freshDatabase();
    var seen = new LinkedBlockingQueue<String>();
    try (var listener = new PgListener("test-listener", database.jdbcUrl(), database.username(),
        database.password(), Duration.ofMillis(50), Duration.ofMillis(100))) {
      listener.on("job_events", payload -> seen.add("job:" + payload))
          .on("key_events", payload -> seen.add("key:" + payload))
          .onReconnect(() -> seen.add("reconnected"));
      listener.start();
      assertThat(seen.poll(10, TimeUnit.SECONDS)).isEqualTo("reconnected");
      assertThat(listener.listening()).isTrue();

      try (var connection = DriverManager.getConnection(database.jdbcUrl(), database.username(),
          database.password()); var statement = connection.createStatement()) {
        statement.execute("SELECT pg_notify('other_events', 'ignored')");
        statement.execute("SELECT pg_notify('job_events', '{\"jobId\":\"vid_1\"}')");
        statement.execute("SELECT pg_notify('key_events', '{\"keyId\":\"key_1\"}')");
      }

      assertThat(seen.poll(2, TimeUnit.SECONDS)).isEqualTo("job:{\"jobId\":\"vid_1\"}");
      assertThat(seen.poll(2, TimeUnit.SECONDS)).isEqualTo("key:{\"keyId\":\"key_1\"}");
      assertThat(seen.poll(300, TimeUnit.MILLISECONDS)).isNull();
    }
  }

  @Test
  void refusesAChannelThatIsNotAnIdentifier() {
    var listener = new PgListener("test", "jdbc:postgresql://127.0.0.1:1/x", null, null, Duration.ofMillis(50),
        Duration.ofMillis(50));
    assertThatThrownBy(() -> listener.on("job_events; DROP TABLE x", payload -> { }))
        .isInstanceOf(IllegalArgumentException.class);
  }
}

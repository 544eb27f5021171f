package dev.videoautomation.clone;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.DriverManager;
import java.sql.SQLException;

import org.flywaydb.core.Flyway;
import org.junit.jupiter.api.Test;

import dev.videoautomation.platform.testing.TestDatabases;

/**
 * The V3 migration on a database with work from before it: tasks and deliveries with a webhook stay with clone's own
 * scheme (legacy), every task gets a deadline (an open one a whole default from the upgrade on), and refunds already
 * done show as refunded.
 */
class MigrationTest {

  @Test
  void shouldMarkEarlierWebhooksLegacyAndGiveEveryTaskADeadline() throws SQLException {
    var database = TestDatabases.freshDatabase();
    migrate(database, "2");
    try (var connection = DriverManager.getConnection(database.jdbcUrl(), database.username(), database.password());
        var statement = connection.createStatement()) {
      statement.execute("""
          INSERT INTO clone.tasks (id, kind, purpose, client_id, status, model, input, operation, credits_charged,
            next_attempt_at, webhook_url, refund_state, created_at, updated_at) VALUES
          ('vid_open', 'video', 'clone', 'cli_a', 'running', 'm', '{}', 'clone.render', 60, now(),
            'https://agent.example/hook', 'none', now() - interval '2 hours', now()),
          ('img_done', 'image', 'generate', 'cli_a', 'failed', 'm', '{}', 'image.generate', 6, now(), null, 'done',
            now() - interval '1 day', now());
          INSERT INTO clone.webhook_deliveries (id, task_id, url, event, body, status, next_attempt_at, created_at)
          VALUES ('evt_1', 'vid_open', 'https://agent.example/hook', 'clone.video.failed', '{}', 'pending', now(),
            now());
          """);
    }
    migrate(database, "3");
    try (var connection = DriverManager.getConnection(database.jdbcUrl(), database.username(), database.password());
        var statement = connection.createStatement();
        var rows = statement.executeQuery("""
            SELECT id, webhook_legacy, credits_refunded, event_seq,
              deadline_at > now() + interval '59 minutes' AS open_deadline_ahead,
              deadline_at = created_at + interval '15 minutes' AS image_default,
              (SELECT bool_and(legacy) FROM clone.webhook_deliveries) AS deliveries_legacy
            FROM clone.tasks ORDER BY id""")) {
      rows.next();
      assertThat(rows.getString("id")).isEqualTo("img_done");
      assertThat(rows.getBoolean("webhook_legacy")).isFalse();
      assertThat(rows.getInt("credits_refunded")).isEqualTo(6);
      assertThat(rows.getBoolean("image_default")).isTrue();
      assertThat(rows.getBoolean("deliveries_legacy")).isTrue();
      rows.next();
      assertThat(rows.getString("id")).isEqualTo("vid_open");
      assertThat(rows.getBoolean("webhook_legacy")).isTrue();
      assertThat(rows.getInt("credits_refunded")).isZero();
      assertThat(rows.getLong("event_seq")).isZero();
      assertThat(rows.getBoolean("open_deadline_ahead")).as("not failed by the upgrade").isTrue();
    }
  }

  private static void migrate(TestDatabases.Database database, String version) {
    Flyway.configure().dataSource(database.jdbcUrl(), database.username(), database.password())
        .schemas("clone").createSchemas(true).locations("classpath:db/migration").target(version).load().migrate();
  }
}

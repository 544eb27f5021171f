package dev.videoautomation.clone.tasks;

import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import jakarta.enterprise.context.ApplicationScoped;

import io.agroal.api.AgroalDataSource;

/**
 * Claims due rows for one worker pass with {@code SELECT ... FOR UPDATE SKIP LOCKED}: two workers (threads or
 * replicas) claiming at once get disjoint sets, and a row whose lease ran out (its worker died) is due again. One
 * statement per claim, in its own transaction, so the lease is visible to every other worker as soon as it is taken.
 */
@ApplicationScoped
public class TaskClaims {
  private static final String CLAIM_TASKS = """
      UPDATE clone.tasks SET locked_until = now() + make_interval(secs => ?), lease_token = ?
      WHERE id IN (SELECT id FROM clone.tasks
                   WHERE status IN ('pending', 'running') AND next_attempt_at <= now()
                     AND (locked_until IS NULL OR locked_until < now())
                   ORDER BY next_attempt_at LIMIT ? FOR UPDATE SKIP LOCKED)
      RETURNING id""";
  private static final String CLAIM_REFUNDS = """
      UPDATE clone.tasks SET locked_until = now() + make_interval(secs => ?)
      WHERE id IN (SELECT id FROM clone.tasks
                   WHERE refund_state = 'due' AND (locked_until IS NULL OR locked_until < now()) AND (? OR id = ?)
                   ORDER BY updated_at LIMIT ? FOR UPDATE SKIP LOCKED)
      RETURNING id""";
  private static final String CLAIM_WEBHOOKS = """
      UPDATE clone.webhook_deliveries SET locked_until = now() + make_interval(secs => ?)
      WHERE id IN (SELECT id FROM clone.webhook_deliveries
                   WHERE status = 'pending' AND next_attempt_at <= now()
                     AND (locked_until IS NULL OR locked_until < now())
                   ORDER BY next_attempt_at LIMIT ? FOR UPDATE SKIP LOCKED)
      RETURNING id""";

  private final AgroalDataSource dataSource;

  public TaskClaims(AgroalDataSource dataSource) {
    this.dataSource = dataSource;
  }

  /** Up to {@code limit} due tasks, now held by {@code token} for {@code lease}. */
  public List<String> claim(int limit, Duration lease, String token) {
    return run(CLAIM_TASKS, lease, statement -> {
      statement.setString(2, token);
      statement.setInt(3, limit);
    });
  }

  /** Tasks whose refund is due (all when {@code onlyId} is null), held for a minute while billing is called. */
  public List<String> claimRefunds(int limit, String onlyId) {
    return run(CLAIM_REFUNDS, Duration.ofMinutes(1), statement -> {
      statement.setBoolean(2, onlyId == null);
      statement.setString(3, onlyId == null ? "" : onlyId);
      statement.setInt(4, limit);
    });
  }

  /** Webhook deliveries due, held for {@code lease} while they are sent. */
  public List<String> claimWebhooks(int limit, Duration lease) {
    return run(CLAIM_WEBHOOKS, lease, statement -> statement.setInt(2, limit));
  }

  private interface Binder {
    void bind(java.sql.PreparedStatement statement) throws SQLException;
  }

  private List<String> run(String sql, Duration lease, Binder binder) {
    try (var connection = dataSource.getConnection(); var statement = connection.prepareStatement(sql)) {
      connection.setAutoCommit(true);
      statement.setDouble(1, lease.toMillis() / 1000.0);
      binder.bind(statement);
      var ids = new ArrayList<String>();
      try (var rows = statement.executeQuery()) {
        while (rows.next()) {
          ids.add(rows.getString(1));
        }
      }
      return ids;
    } catch (SQLException e) {
      throw new IllegalStateException("Claiming work failed: " + e.getMessage(), e);
    }
  }
}

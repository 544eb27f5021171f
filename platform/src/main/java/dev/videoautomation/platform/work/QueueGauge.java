package dev.videoautomation.platform.work;

import java.sql.SQLException;
import java.util.ArrayList;

import javax.sql.DataSource;

import dev.videoautomation.platform.metrics.QueueDepth;

/**
 * Counts a service's waiting background work and publishes it as {@code vas_task_queue_depth{kind, status}}
 * ({@link QueueDepth}). The service gives the counting query, whose rows are {@code (kind, status, count)}, and runs
 * {@link #count()} on its own schedule.
 */
public final class QueueGauge {
  private final DataSource dataSource;
  private final String countSql;

  /** {@code countSql} is written by the service itself, never input. */
  public QueueGauge(DataSource dataSource, String countSql) {
    this.dataSource = dataSource;
    this.countSql = countSql;
  }

  /** Counts now and replaces every reported depth with what was counted. */
  public void count() {
    var counts = new ArrayList<QueueDepth.Count>();
    try (var connection = dataSource.getConnection(); var statement = connection.prepareStatement(countSql);
         var rows = statement.executeQuery()) {
      while (rows.next()) {
        counts.add(new QueueDepth.Count(rows.getString(1), rows.getString(2), rows.getLong(3)));
      }
    } catch (SQLException e) {
      throw new IllegalStateException("Counting queued work failed: " + e.getMessage(), e);
    }
    QueueDepth.report(counts);
  }
}

package dev.videoautomation.platform.work;

import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

import javax.sql.DataSource;

/**
 * Background work kept as rows of one table, claimed with a lease: the one way every service hands due rows to a
 * worker. A claim is one statement, {@code UPDATE … WHERE id IN (SELECT … FOR UPDATE SKIP LOCKED) RETURNING id}:
 * two workers (threads or replicas) claiming at once get disjoint rows, and a row whose lease ran out (its worker
 * died) is due again. The lease is measured on the database's clock, the one clock every replica shares.
 *
 * <p>A queue either only sets when the lease runs out, or also writes the claimer's token, so that a worker can later
 * prove the row is still its own (a row another worker took over after the lease ran out carries the other token).
 *
 * <p>The claim runs on the caller's transaction when there is one, so it commits together with what the caller then
 * writes to the claimed rows; otherwise it commits at once and the lease is visible to every other worker.
 *
 * <p>The table, conditions and columns are SQL written by the service itself, never input.
 */
public final class WorkQueue {
  private final DataSource dataSource;
  private final String table;
  private final String due;
  private final String order;
  private final String leaseColumn;
  private final String tokenColumn;
  private final String claimSql;

  private WorkQueue(DataSource dataSource, String table, String due, String order, String leaseColumn,
      String tokenColumn) {
    this.dataSource = dataSource;
    this.table = table;
    this.due = due;
    this.order = order;
    this.leaseColumn = leaseColumn;
    this.tokenColumn = tokenColumn;
    this.claimSql = claimSql();
  }

  /**
   * The rows of {@code table} that satisfy {@code due} (a condition that may hold {@code ?} for claim arguments),
   * taken in {@code order}, leased by the timestamp column {@code leaseColumn}. A row whose lease has not run out is
   * never due; the condition need not say so.
   */
  public static WorkQueue of(DataSource dataSource, String table, String due, String order, String leaseColumn) {
    return new WorkQueue(Objects.requireNonNull(dataSource), table, due, order, leaseColumn, null);
  }

  /** This queue, also writing the claimer's token into {@code column} at every claim. */
  public WorkQueue withToken(String column) {
    return new WorkQueue(dataSource, table, due, order, leaseColumn, column);
  }

  /**
   * Claims up to {@code limit} due rows for {@code lease} and answers their ids in the queue's order.
   * {@code dueArguments} fill the {@code ?} of the due condition.
   */
  public List<String> claim(int limit, Duration lease, Object... dueArguments) {
    if (tokenColumn != null) {
      throw new IllegalStateException(table + " is claimed with a token");
    }
    return run(null, limit, lease, dueArguments);
  }

  /** Like {@link #claim(int, Duration, Object...)}, the claimed rows marked as held by {@code token}. */
  public List<String> claim(String token, int limit, Duration lease, Object... dueArguments) {
    if (tokenColumn == null) {
      throw new IllegalStateException(table + " has no token column");
    }
    return run(Objects.requireNonNull(token), limit, lease, dueArguments);
  }

  private String claimSql() {
    var set = leaseColumn + " = now() + make_interval(secs => ?)" + (tokenColumn == null ? "" : ", " + tokenColumn
        + " = ?");
    // RETURNING follows no order, so the claimed ids are put back in the queue's order by a join: the main query
    // reads the table as it was before the UPDATE (one snapshot), so the order columns still hold what was ordered.
    return "WITH claimed AS (UPDATE " + table + " SET " + set
        + " WHERE id IN (SELECT id FROM " + table + " WHERE (" + due + ") AND (" + leaseColumn + " IS NULL OR "
        + leaseColumn + " < now()) ORDER BY " + order + " LIMIT ? FOR UPDATE SKIP LOCKED) RETURNING id) "
        + "SELECT id FROM " + table + " JOIN claimed USING (id) ORDER BY " + order;
  }

  private List<String> run(String token, int limit, Duration lease, Object[] dueArguments) {
    try (var connection = dataSource.getConnection(); var statement = connection.prepareStatement(claimSql)) {
      int index = bind(statement, token, lease, dueArguments);
      statement.setInt(index, limit);
      var ids = new ArrayList<String>();
      try (var rows = statement.executeQuery()) {
        while (rows.next()) {
          ids.add(rows.getString(1));
        }
      }
      return ids;
    } catch (SQLException e) {
      throw new IllegalStateException("Claiming work from " + table + " failed: " + e.getMessage(), e);
    }
  }

  /** Binds the lease, the token and the due arguments; answers the index of the next parameter. */
  private static int bind(PreparedStatement statement, String token, Duration lease, Object[] dueArguments)
      throws SQLException {
    int index = 1;
    statement.setDouble(index++, lease.toMillis() / 1000.0);
    if (token != null) {
      statement.setString(index++, token);
    }
    for (var argument : dueArguments) {
      statement.setObject(index++, argument);
    }
    return index;
  }
}

package dev.videoautomation.platform.errors;

import java.sql.SQLException;
import java.sql.SQLNonTransientConnectionException;
import java.sql.SQLTransientConnectionException;

/**
 * Database failures that are not bugs: "the database cannot be reached right now" (a restart, a failover, a full
 * pool) answers 503 {@code service_unavailable}, which agents retry; a value the database cannot store answers 400.
 */
final class DatabaseOutage {
  private DatabaseOutage() {
  }

  static boolean causedBy(Throwable failure) {
    for (Throwable cause = failure; cause != null; cause = cause.getCause() == cause ? null : cause.getCause()) {
      if (cause instanceof SQLTransientConnectionException || cause instanceof SQLNonTransientConnectionException) {
        return true;
      }
      if (cause instanceof SQLException sql && isConnectionState(sql.getSQLState())) {
        return true;
      }
      // Agroal's pool, when no connection comes back within the acquisition timeout.
      if (cause instanceof SQLException && String.valueOf(cause.getMessage()).contains("acquisition timeout")) {
        return true;
      }
    }
    return false;
  }

  /**
   * Whether the database refused a value the caller sent: SQLSTATE 22021 (a NUL byte in text) or 22P05 (the NUL
   * escape in jsonb). Bean Validation cannot see these; the database is the first to say no.
   */
  static boolean unstorableText(Throwable failure) {
    for (Throwable cause = failure; cause != null; cause = cause.getCause() == cause ? null : cause.getCause()) {
      if (cause instanceof SQLException sql && ("22021".equals(sql.getSQLState())
          || "22P05".equals(sql.getSQLState()))) {
        return true;
      }
    }
    return false;
  }

  /** SQLSTATE class 08 (connection exception) and 57P01–57P03 (server shutting down or starting). */
  private static boolean isConnectionState(String state) {
    return state != null && (state.startsWith("08") || state.startsWith("57P0"));
  }
}

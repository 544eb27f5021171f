package dev.videoautomation.gateway.mcp;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

import org.jboss.logmanager.ExtLogRecord;

/**
 * Every ERROR record (of any category) written while it listens, with its stack trace: a caller's mistake must leave
 * none.
 */
final class ErrorLog extends Handler implements AutoCloseable {
  private final List<String> lines = new CopyOnWriteArrayList<>();

  private ErrorLog() {
  }

  static ErrorLog listen() {
    var log = new ErrorLog();
    log.setLevel(Level.ALL);
    Logger.getLogger("").addHandler(log);
    return log;
  }

  List<String> lines() {
    return List.copyOf(lines);
  }

  @Override
  public void publish(LogRecord record) {
    if (record.getLevel().intValue() < Level.SEVERE.intValue()) {
      return;
    }
    var line = new StringBuilder(record.getLoggerName()).append(": ")
        .append(record instanceof ExtLogRecord ext ? ext.getFormattedMessage() : record.getMessage());
    if (record.getThrown() != null) {
      var trace = new StringWriter();
      record.getThrown().printStackTrace(new PrintWriter(trace));
      line.append('\n').append(trace);
    }
    lines.add(line.toString());
  }

  @Override
  public void flush() {
  }

  @Override
  public void close() {
    Logger.getLogger("").removeHandler(this);
  }
}

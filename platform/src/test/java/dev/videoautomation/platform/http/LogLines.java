package dev.videoautomation.platform.http;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

import org.jboss.logmanager.ExtLogRecord;

/** The log lines one category writes while listened to, each with the log context (MDC) it was written in. */
final class LogLines extends Handler implements AutoCloseable {
  private final String category;
  private final List<ExtLogRecord> lines = new CopyOnWriteArrayList<>();

  private LogLines(String category) {
    this.category = category;
  }

  static LogLines of(Class<?> category) {
    var lines = new LogLines(category.getName());
    Logger.getLogger(lines.category).addHandler(lines);
    return lines;
  }

  /** The first line whose message contains {@code text}. */
  ExtLogRecord first(String text) {
    return lines.stream().filter(line -> line.getFormattedMessage().contains(text)).findFirst()
        .orElseThrow(() -> new AssertionError("no log line contains '" + text + "'"));
  }

  @Override
  public void publish(LogRecord record) {
    var line = (ExtLogRecord) record;
    line.copyMdc();
    lines.add(line);
  }

  @Override
  public void flush() {
  }

  @Override
  public void close() {
    Logger.getLogger(category).removeHandler(this);
  }
}

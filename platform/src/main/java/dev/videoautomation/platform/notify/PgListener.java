package dev.videoautomation.platform.notify;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import java.util.regex.Pattern;

import org.jboss.logging.Logger;
import org.postgresql.PGConnection;

/**
 * The one LISTEN client of the suite (docs/internal-api.md §2): one dedicated connection outside the pool that
 * LISTENs on the channels it was given and polls every {@code poll} for notifications, each handed to that channel's
 * callbacks on the listener's own thread (callbacks return at once; slow work goes elsewhere). On every (re)connect it
 * LISTENs first and then runs the reconnect callbacks, so a caller can treat what it holds as stale (events missed
 * while disconnected are covered); while disconnected {@link #listening()} is false.
 *
 * <p>Not a bean: a service builds one with its channels and callbacks, {@link #start()}s it and {@link #close()}s it.
 */
public final class PgListener implements AutoCloseable {
  private static final Logger LOG = Logger.getLogger(PgListener.class);
  /** Channel names go into LISTEN as identifiers, which cannot be bound parameters. */
  private static final Pattern CHANNEL = Pattern.compile("[a-z_][a-z0-9_]{0,62}");

  private final String name;
  private final String jdbcUrl;
  private final String username;
  private final String password;
  private final Duration poll;
  private final Duration reconnectAfter;
  private final Map<String, List<Consumer<String>>> callbacks = new LinkedHashMap<>();
  private final List<Runnable> reconnectCallbacks = new CopyOnWriteArrayList<>();
  private volatile boolean listening;
  private volatile boolean stopped;
  private volatile Thread thread;

  /**
   * A listener named {@code name} (its thread's name, and the logs') on the database at {@code jdbcUrl}, polling
   * every {@code poll} and reconnecting {@code reconnectAfter} after a lost connection.
   */
  public PgListener(String name, String jdbcUrl, String username, String password, Duration poll,
      Duration reconnectAfter) {
    this.name = name;
    this.jdbcUrl = jdbcUrl;
    this.username = username;
    this.password = password;
    this.poll = poll;
    this.reconnectAfter = reconnectAfter;
  }

  /** Calls {@code callback} with each payload sent on {@code channel}; register every channel before {@link #start}. */
  public synchronized PgListener on(String channel, Consumer<String> callback) {
    if (thread != null) {
      throw new IllegalStateException("Channels are registered before the listener starts");
    }
    if (!CHANNEL.matcher(channel).matches()) {
      throw new IllegalArgumentException("Not a channel name: " + channel);
    }
    callbacks.computeIfAbsent(channel, ignored -> new CopyOnWriteArrayList<>()).add(callback);
    return this;
  }

  /** Runs {@code callback} each time the listener (re)connects, after its LISTENs and before any notification. */
  public PgListener onReconnect(Runnable callback) {
    reconnectCallbacks.add(callback);
    return this;
  }

  /** Whether notifications are arriving, so that what they keep fresh may be trusted. */
  public boolean listening() {
    return listening;
  }

  public synchronized void start() {
    if (thread == null) {
      thread = Thread.ofPlatform().daemon().name(name).start(this::run);
    }
  }

  @Override
  public void close() {
    stopped = true;
    var running = thread;
    if (running != null) {
      running.interrupt();
    }
  }

  /** Hands {@code payload} to the callbacks of {@code channel}, as a notification would; for tests and replays. */
  public void dispatch(String channel, String payload) {
    var forChannel = callbacks.get(channel);
    if (forChannel == null) {
      return;
    }
    for (var callback : forChannel) {
      try {
        callback.accept(payload);
      } catch (RuntimeException e) {
        LOG.warnf("A %s callback failed: %s", channel, e.toString());
      }
    }
  }

  private void run() {
    while (!stopped) {
      try (var connection = DriverManager.getConnection(jdbcUrl, username, password)) {
        listen(connection);
      } catch (SQLException | RuntimeException e) {
        if (!stopped) {
          LOG.warnf("%s: notifications unavailable (%s); reconnecting", name, e.getMessage());
        }
      } finally {
        listening = false;
      }
      sleep(reconnectAfter.toMillis());
    }
  }

  private void listen(Connection connection) throws SQLException {
    try (var statement = connection.createStatement()) {
      for (var channel : callbacks.keySet()) {
        statement.execute("LISTEN " + channel);
      }
    }
    // Listening from here: notifications wait on the connection while the callbacks re-read what they may have missed.
    listening = true;
    for (var callback : reconnectCallbacks) {
      try {
        callback.run();
      } catch (RuntimeException e) {
        LOG.warnf("%s: a reconnect callback failed: %s", name, e.toString());
      }
    }
    LOG.debugf("%s: listening on %s", name, callbacks.keySet());
    var pg = connection.unwrap(PGConnection.class);
    var pollMillis = (int) Math.max(1, poll.toMillis());
    while (!stopped) {
      var notifications = pg.getNotifications(pollMillis);
      if (notifications == null) {
        continue;
      }
      for (var notification : notifications) {
        dispatch(notification.getName(), notification.getParameter());
      }
    }
  }

  private static void sleep(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}

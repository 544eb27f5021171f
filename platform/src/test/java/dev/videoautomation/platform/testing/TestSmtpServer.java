package dev.videoautomation.platform.testing;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A small but real SMTP server on a loopback port, so mail is sent over the wire in tests and read back here. It
 * speaks enough of RFC 5321 for Quarkus Mailer (EHLO/HELO, MAIL, RCPT, DATA, RSET, NOOP, QUIT; no TLS, no auth).
 */
public final class TestSmtpServer implements AutoCloseable {
  /** One message as it arrived. */
  public record Message(String from, List<String> to, String data) {
    /**
     * The first run of exactly {@code digits} digits in the message body, e.g. a one-time code. Headers are skipped:
     * a Message-ID or boundary may hold digit runs of any length.
     */
    public Optional<String> firstNumber(int digits) {
      var matcher = java.util.regex.Pattern.compile("(?<!\\d)\\d{" + digits + "}(?!\\d)").matcher(body());
      return matcher.find() ? Optional.of(matcher.group()) : Optional.empty();
    }

    /** What follows the first blank line (the headers end there). */
    public String body() {
      var end = data.indexOf("\n\n");
      return end < 0 ? data : data.substring(end + 2);
    }
  }

  private final ServerSocket socket;
  private final ExecutorService workers = Executors.newCachedThreadPool(r -> {
    var thread = new Thread(r, "test-smtp");
    thread.setDaemon(true);
    return thread;
  });
  private final List<Message> messages = new CopyOnWriteArrayList<>();
  private final AtomicInteger toStall = new AtomicInteger();
  private final List<Socket> stalled = new CopyOnWriteArrayList<>();

  public TestSmtpServer() throws IOException {
    socket = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
    workers.submit(this::acceptLoop);
  }

  public int port() {
    return socket.getLocalPort();
  }

  public List<Message> messages() {
    return List.copyOf(messages);
  }

  /** Waits for the newest message to {@code recipient} that arrived after {@code after} messages in all. */
  public Message awaitMessageTo(String recipient, Duration timeout) {
    var deadline = Instant.now().plus(timeout);
    while (Instant.now().isBefore(deadline)) {
      var found = messages.reversed().stream()
          .filter(m -> m.to().stream().anyMatch(to -> to.equalsIgnoreCase(recipient)))
          .findFirst();
      if (found.isPresent()) {
        return found.get();
      }
      sleep();
    }
    throw new AssertionError("No mail to " + recipient + " arrived within " + timeout);
  }

  /**
   * The next {@code connections} connections are accepted and then left silent: no greeting, no answer, as a client
   * sees a server (or its own connection) that has hung. The client may close them.
   */
  public void stallNextConnections(int connections) {
    toStall.set(connections);
  }

  /** How many connections were left silent so far. */
  public int stalledConnections() {
    return stalled.size();
  }

  public void clear() {
    messages.clear();
  }

  @Override
  public void close() throws IOException {
    socket.close();
    for (var connection : stalled) {
      connection.close();
    }
    workers.shutdownNow();
  }

  private void acceptLoop() {
    while (!socket.isClosed()) {
      try {
        var client = socket.accept();
        workers.submit(() -> converse(client));
      } catch (IOException e) {
        return;
      }
    }
  }

  private void converse(Socket client) {
    if (toStall.getAndUpdate(n -> Math.max(0, n - 1)) > 0) {
      stalled.add(client);
      try (client; var in = client.getInputStream()) {
        in.transferTo(OutputStream.nullOutputStream());
      } catch (IOException e) {
        // Closed: what a stalled connection ends with.
      }
      return;
    }
    try (client;
         var in = new BufferedReader(new InputStreamReader(client.getInputStream(), StandardCharsets.UTF_8));
         var out = new OutputStreamWriter(client.getOutputStream(), StandardCharsets.UTF_8)) {
      reply(out, "220 localhost test SMTP ready");
      String from = null;
      var to = new ArrayList<String>();
      String line;
      while ((line = in.readLine()) != null) {
        var upper = line.toUpperCase(java.util.Locale.ROOT);
        if (upper.startsWith("EHLO")) {
          reply(out, "250-localhost\r\n250 8BITMIME");
        } else if (upper.startsWith("HELO") || upper.startsWith("NOOP")) {
          reply(out, "250 OK");
        } else if (upper.startsWith("MAIL FROM:")) {
          from = address(line);
          to.clear();
          reply(out, "250 OK");
        } else if (upper.startsWith("RCPT TO:")) {
          to.add(address(line));
          reply(out, "250 OK");
        } else if (upper.startsWith("DATA")) {
          reply(out, "354 End data with <CR><LF>.<CR><LF>");
          messages.add(new Message(from, List.copyOf(to), readData(in)));
          reply(out, "250 OK: queued");
        } else if (upper.startsWith("RSET")) {
          from = null;
          to.clear();
          reply(out, "250 OK");
        } else if (upper.startsWith("QUIT")) {
          reply(out, "221 Bye");
          return;
        } else {
          reply(out, "502 Command not implemented");
        }
      }
    } catch (IOException e) {
      // The client went away; nothing to record.
    }
  }

  private static String readData(BufferedReader in) throws IOException {
    var data = new StringBuilder();
    String line;
    while ((line = in.readLine()) != null && !line.equals(".")) {
      data.append(line.startsWith("..") ? line.substring(1) : line).append('\n');
    }
    return data.toString();
  }

  private static String address(String line) {
    var start = line.indexOf('<');
    var end = line.indexOf('>');
    return start >= 0 && end > start ? line.substring(start + 1, end) : line.substring(line.indexOf(':') + 1).trim();
  }

  private static void reply(Writer out, String text) throws IOException {
    out.write(text + "\r\n");
    out.flush();
  }

  private static void sleep() {
    try {
      Thread.sleep(Duration.ofMillis(25));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError("Interrupted while waiting for mail", e);
    }
  }
}

package dev.videoautomation.suite.bench;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import com.fasterxml.jackson.databind.ObjectMapper;

import dev.videoautomation.suite.Service;
import dev.videoautomation.suite.Suite;

/** What every benchmark needs: subscribed keys, process memory, free ports, and its own section of the report. */
public final class BenchSupport {
  static final ObjectMapper JSON = new ObjectMapper();
  static final HttpClient HTTP = HttpClient.newHttpClient();

  private BenchSupport() {
  }

  /** Clients minted the way billing mints them after checkout, each with the pro plan granted by an operator. */
  public static List<String> subscribedKeys(Suite suite, int count, String operatorToken) throws Exception {
    return subscribedClients(suite, count, operatorToken).stream().map(Client::key).toList();
  }

  /** A subscribed client: its id (the database's {@code client_id}) and its key. */
  public record Client(String id, String key) {
  }

  /** {@link #subscribedKeys}, with each key's client id. */
  public static List<Client> subscribedClients(Suite suite, int count, String operatorToken) throws Exception {
    var clients = new ArrayList<Client>();
    for (int i = 0; i < count; i++) {
      var minted = JSON.readTree(post(suite.baseUri(Service.AUTH).resolve("/internal/clients"),
          suite.internalToken("service:billing-service"), null,
          "{\"operationId\":\"cs_bench" + i + UUID.randomUUID().toString().replace("-", "") + "\"}"));
      post(suite.baseUri(Service.BILLING).resolve("/internal/admin/subscriptions"),
          suite.internalToken("service:operator"), operatorToken, "{\"clientId\":\""
              + minted.get("clientId").asText() + "\",\"operationId\":\"opr_bench"
              + UUID.randomUUID().toString().replace("-", "") + "\",\"plan\":\"pro\"}");
      clients.add(new Client(minted.get("clientId").asText(), minted.get("credential").asText()));
    }
    return clients;
  }

  static String post(URI uri, String token, String operatorToken, String body) throws Exception {
    var builder = HttpRequest.newBuilder(uri).header("Authorization", "Bearer " + token)
        .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(body));
    if (operatorToken != null) {
      builder.header("X-Operator-Token", operatorToken);
    }
    var response = HTTP.send(builder.build(), HttpResponse.BodyHandlers.ofString());
    if (response.statusCode() >= 300) {
      throw new IllegalStateException(uri + " answered " + response.statusCode() + ": " + response.body());
    }
    return response.body();
  }

  /** Resident memory of a process in KiB, or -1 where /proc is not there. */
  public static long rssKib(long pid) {
    return status(pid, "VmRSS:");
  }

  /** The most resident memory a process has had so far (the kernel's high-water mark) in KiB, or -1. */
  public static long hwmKib(long pid) {
    return status(pid, "VmHWM:");
  }

  /**
   * A process's proportional set size in KiB (each shared page divided among the processes mapping it), or -1, e.g.
   * when it has already ended.
   */
  public static long pssKib(long pid) {
    return field(Path.of("/proc/" + pid + "/smaps_rollup"), "Pss:");
  }

  private static long status(long pid, String field) {
    return field(Path.of("/proc/" + pid + "/status"), field);
  }

  private static long field(Path file, String field) {
    try {
      for (var line : Files.readAllLines(file)) {
        if (line.startsWith(field)) {
          return Long.parseLong(line.replaceAll("\\D", ""));
        }
      }
    } catch (IOException e) {
      // Not Linux: no figure.
    }
    return -1;
  }

  /** Waits up to 10 s for {@code process} ({@code name} in the error) to listen on 127.0.0.1:{@code port}. */
  static void awaitListening(Process process, int port, String name) throws InterruptedException {
    var deadline = Instant.now().plus(Duration.ofSeconds(10));
    while (Instant.now().isBefore(deadline)) {
      if (!process.isAlive()) {
        throw new IllegalStateException(name + " stopped at start (exit " + process.exitValue() + ")");
      }
      try (var socket = new Socket()) {
        socket.connect(new InetSocketAddress("127.0.0.1", port), 200);
        return;
      } catch (IOException notYet) {
        Thread.sleep(50);
      }
    }
    throw new IllegalStateException(name + " did not listen on 127.0.0.1:" + port + " within 10 s");
  }

  /** A port for the benchmark's database that none of the suite's services will be given ({@link Suite#freePort}). */
  public static int freePort() {
    return Suite.freePort();
  }

  /**
   * Replaces this benchmark's section of docs/benchmarks.md (between {@code <!-- bench:name -->} markers), adding it
   * at the end the first time, so each benchmark rewrites its own figures and leaves the others'.
   */
  public static void writeSection(Path root, String name, String markdown) throws IOException {
    var file = root.resolve("docs/benchmarks.md");
    var text = Files.exists(file) ? Files.readString(file) : "# Benchmarks\n";
    var start = "<!-- bench:" + name + " -->";
    var end = "<!-- /bench:" + name + " -->";
    var section = start + "\n" + markdown.strip() + "\n" + end;
    int from = text.indexOf(start);
    int to = text.indexOf(end);
    if (from >= 0 && to > from) {
      text = text.substring(0, from) + section + text.substring(to + end.length());
    } else {
      text = text.stripTrailing() + "\n\n" + section + "\n";
    }
    Files.writeString(file, text);
  }
}

package dev.videoautomation.suite;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.videoautomation.suite.contract.BodyRead;
import dev.videoautomation.suite.contract.JdkExchange;

/**
 * An agent following {@code GET /v1/jobs/{id}/events} (docs/jobs.md, "Event stream") as Server-Sent Events arrive:
 * each event is handed over when its blank line is read, comments ({@code : keep-alive}) are counted. A stream the
 * gateway ended is judged against the OpenAPI snapshot as a whole, like every other exchange; a refused one (a JSON
 * 404 or 429) is judged at once.
 */
public final class EventStream implements AutoCloseable {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final HttpClient RAW = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
      .connectTimeout(Duration.ofSeconds(5)).build();
  private static final Object END = new Object();

  /** One event: {@code id} the job's event sequence, {@code name} the SSE event, {@code data} the job view. */
  public record Event(Long id, String name, JsonNode data, long receivedAt) {
  }

  private final HttpRequest request;
  private final HttpResponse<InputStream> response;
  private final BlockingQueue<Object> arrived = new LinkedBlockingQueue<>();
  private final StringBuilder text = new StringBuilder();
  private final AtomicInteger comments = new AtomicInteger();
  private final String refusal;
  private volatile boolean ended;
  /** Why the whole stream disagreed with the snapshot, once it ended. */
  private volatile Throwable judgment;

  private EventStream(HttpRequest request, HttpResponse<InputStream> response) throws IOException {
    this.request = request;
    this.response = response;
    if (response.statusCode() != 200) {
      try (var body = response.body()) {
        refusal = new String(body.readAllBytes(), StandardCharsets.UTF_8);
      }
      JdkExchange.check(request, new BodyRead<>(response, refusal));
      ended = true;
      arrived.add(END);
      return;
    }
    refusal = null;
    Thread.ofVirtual().name("sse-" + request.uri().getPath()).start(this::read);
  }

  /** Opens the stream of {@code jobId} on {@code gateway}, resuming after {@code lastEventId} when not null. */
  public static EventStream open(URI gateway, String key, String jobId, Long lastEventId)
      throws IOException, InterruptedException {
    var builder = HttpRequest.newBuilder(gateway.resolve("/v1/jobs/" + jobId + "/events"))
        .header("Authorization", "Bearer " + key).header("Accept", "text/event-stream").GET();
    if (lastEventId != null) {
      builder.header("Last-Event-ID", String.valueOf(lastEventId));
    }
    var request = builder.build();
    return new EventStream(request, RAW.send(request, HttpResponse.BodyHandlers.ofInputStream()));
  }

  /** The answer's status: 200 for a stream, else the error's (its body is {@link #refusal()}). */
  public int status() {
    return response.statusCode();
  }

  public HttpHeaders headers() {
    return response.headers();
  }

  /** The JSON error body of a refused stream. */
  public JsonNode refusal() {
    assertThat(refusal).as("the stream was opened (" + status() + "), not refused").isNotNull();
    try {
      return JSON.readTree(refusal);
    } catch (IOException e) {
      throw new AssertionError("not JSON: " + refusal, e);
    }
  }

  /** How many comment lines (heartbeats) came so far. */
  public int comments() {
    return comments.get();
  }

  /** The next event within {@code timeout}; fails when the stream ends or nothing comes in time. */
  public Event next(Duration timeout) throws InterruptedException {
    var next = arrived.poll(timeout.toMillis(), TimeUnit.MILLISECONDS);
    if (next == END) {
      arrived.add(END);
      throw new AssertionError("The stream ended before another event:\n" + text);
    }
    if (next == null) {
      throw new AssertionError("No event within " + timeout + ":\n" + text);
    }
    return (Event) next;
  }

  /** Every event until the gateway closes the stream, which must happen within {@code timeout}. */
  public List<Event> untilClosed(Duration timeout) throws InterruptedException {
    var events = new ArrayList<Event>();
    var deadline = System.nanoTime() + timeout.toNanos();
    while (true) {
      var left = deadline - System.nanoTime();
      var next = left <= 0 ? null : arrived.poll(left, TimeUnit.NANOSECONDS);
      if (next == null) {
        throw new AssertionError("The stream did not end within " + timeout + "; so far:\n" + text);
      }
      if (next == END) {
        arrived.add(END);
        if (judgment != null) {
          throw new AssertionError("The stream disagrees with the OpenAPI snapshot", judgment);
        }
        return events;
      }
      events.add((Event) next);
    }
  }

  /** Whether the gateway has closed the stream. */
  public boolean ended() {
    return ended;
  }

  /** Hangs up, as an agent that has seen enough. */
  @Override
  public void close() {
    if (!ended) {
      try {
        response.body().close();
      } catch (IOException e) {
        // already gone
      }
    }
  }

  private void read() {
    var complete = false;
    try (var lines = new BufferedReader(new InputStreamReader(response.body(), StandardCharsets.UTF_8))) {
      Long id = null;
      String name = null;
      var data = new StringBuilder();
      String line;
      while ((line = lines.readLine()) != null) {
        synchronized (text) {
          text.append(line).append('\n');
        }
        if (line.isEmpty()) {
          if (data.length() > 0 || name != null) {
            arrived.add(new Event(id, name == null ? "message" : name, JSON.readTree(data.toString()),
                System.currentTimeMillis()));
          }
          id = null;
          name = null;
          data.setLength(0);
        } else if (line.startsWith(":")) {
          comments.incrementAndGet();
        } else if (line.startsWith("id:")) {
          id = Long.valueOf(line.substring(3).trim());
        } else if (line.startsWith("event:")) {
          name = line.substring(6).trim();
        } else if (line.startsWith("data:")) {
          data.append(data.length() > 0 ? "\n" : "").append(line.substring(5).stripLeading());
        }
      }
      complete = true;
    } catch (IOException e) {
      // hung up by close(), or cut: the events read so far stand
    }
    if (complete) {
      String body;
      synchronized (text) {
        body = text.toString();
      }
      try {
        JdkExchange.check(request, new BodyRead<>(response, body));
      } catch (RuntimeException | AssertionError e) {
        judgment = e;
      }
    }
    ended = true;
    arrived.add(END);
  }
}

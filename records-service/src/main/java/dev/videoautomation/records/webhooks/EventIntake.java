package dev.videoautomation.records.webhooks;

import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Set;

import javax.sql.DataSource;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;
import jakarta.transaction.Transactional.TxType;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.videoautomation.platform.errors.ApiException;
import dev.videoautomation.platform.events.OutboxRelay;
import dev.videoautomation.platform.events.RelayedEvents;
import dev.videoautomation.platform.ids.Ids;
import dev.videoautomation.platform.jobs.JobEventType;

/**
 * Takes events raised anywhere in the suite (docs/internal-api.md §3.17) and turns each into deliveries: one per
 * enabled endpoint of the event's client subscribed to its type, and one to the job's one-off {@code webhookUrl} for
 * a job's final event. The same code serves {@code POST /internal/events} (other services' relays) and records' own
 * relay, in process ({@link InProcessEventSink}).
 *
 * <ul>
 *   <li><b>Once per id.</b> An event whose id records already holds changes nothing, so a relay may send it again
 *   (it does, after a crash between sending and marking).</li>
 *   <li><b>One progress event per job every 5 s.</b> A {@code job.progress} within 5 s after one that went out, older
 *   (by {@code seq}) than an event already held for the job, or after the job's final event is kept as seen but sent
 *   to nobody. Events of one job are taken one at a time (a lock per job), so replicas agree.</li>
 *   <li><b>At most 256 KiB.</b> The body is built here once, {@code {"type","timestamp","data"}}, and sent byte for
 *   byte on every attempt; a larger one carries {@code {"id": <jobId>, "truncated": true}} as its data, and the
 *   receiver reads the job itself.</li>
 * </ul>
 */
@ApplicationScoped
public class EventIntake {
  static final int MAX_BODY_BYTES = 256 * 1024;
  static final Duration PROGRESS_EVERY = Duration.ofSeconds(5);
  private static final Set<String> FINAL = Set.of(JobEventType.SUCCEEDED, JobEventType.FAILED,
      JobEventType.CANCELED);

  private final Sql sql;
  private final WebhooksConfig config;
  private final ObjectMapper json;
  private final Clock clock;

  public EventIntake(DataSource dataSource, WebhooksConfig config, ObjectMapper json, Clock clock) {
    this.sql = new Sql(dataSource);
    this.config = config;
    this.json = json;
    this.clock = clock;
  }

  /** Checks every event (400 naming the first bad field), then holds them all in one transaction. */
  @Transactional(TxType.REQUIRES_NEW)
  public int accept(List<RelayedEvents.Event> events) {
    check(events);
    for (var event : events) {
      hold(event);
    }
    return events.size();
  }

  static void check(List<RelayedEvents.Event> events) {
    if (events == null) {
      throw ApiException.invalidField("events", "is required");
    }
    if (events.size() > OutboxRelay.BATCH) {
      throw ApiException.invalidField("events", "may hold at most " + OutboxRelay.BATCH + " events per call");
    }
    for (int i = 0; i < events.size(); i++) {
      var event = events.get(i);
      var at = "events[" + i + "]";
      if (event == null) {
        throw ApiException.invalidField(at, "must be an event object");
      }
      WebhookEndpoints.checkId(at + ".id", "evt", event.id());
      if (event.type() == null || !JobEventType.ALL.contains(event.type())) {
        throw ApiException.invalidField(at + ".type", "must be one of " + String.join(", ", JobEventType.ALL));
      }
      if (event.clientId() == null || event.clientId().isBlank() || event.clientId().length() > 64) {
        throw ApiException.invalidField(at + ".clientId", "is required (at most 64 characters)");
      }
      boolean aboutAJob = event.type().startsWith("job.");
      if (aboutAJob && (event.jobId() == null || event.jobId().isBlank() || event.jobId().length() > 64)) {
        throw ApiException.invalidField(at + ".jobId", "is required for " + event.type() + " (at most 64 characters)");
      }
      if (event.webhookUrl() != null && (event.webhookUrl().length() > 2048 || !aboutAJob)) {
        throw ApiException.invalidField(at + ".webhookUrl", "is a job's receiver, at most 2048 characters");
      }
      if (event.timestamp() <= 0) {
        throw ApiException.invalidField(at + ".timestamp", "must be epoch milliseconds");
      }
      if (event.data() == null || !event.data().isObject()) {
        throw ApiException.invalidField(at + ".data", "must be a JSON object");
      }
    }
  }

  private void hold(RelayedEvents.Event event) {
    var jobId = event.type().startsWith("job.") ? event.jobId() : null;
    if (jobId != null) {
      sql.lock("webhook-job:" + jobId);
    }
    if (sql.one("SELECT 1 FROM records.webhook_events WHERE id = ?", row -> 1, event.id()).isPresent()) {
      return;
    }
    var occurred = Instant.ofEpochMilli(event.timestamp());
    boolean fanOut = !JobEventType.PROGRESS.equals(event.type()) || progressDue(jobId, event.seq(), occurred);
    var now = clock.instant().truncatedTo(ChronoUnit.MILLIS);
    sql.update("INSERT INTO records.webhook_events (id, type, client_id, job_id, seq, occurred_at, body, fanned_out, "
            + "received_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING", event.id(), event.type(),
        event.clientId(), jobId, event.seq(), occurred, body(event), fanOut, now);
    if (!fanOut) {
      return;
    }
    var giveUp = now.plus(config.retryFor());
    var endpoints = sql.list("SELECT id FROM records.webhook_endpoints WHERE client_id = ? AND status = 'enabled' "
        + "AND events @> jsonb_build_array(?::text)", row -> row.getString(1), event.clientId(), event.type());
    for (var endpoint : endpoints) {
      sql.update("INSERT INTO records.webhook_deliveries (id, event_id, endpoint_id, client_id, status, "
              + "next_attempt_at, give_up_at, created_at) VALUES (?, ?, ?, ?, 'pending', ?, ?, ?)",
          Ids.newId(WebhookEndpoints.DELIVERY_PREFIX), event.id(), endpoint, event.clientId(), now, giveUp, now);
    }
    if (event.webhookUrl() != null && FINAL.contains(event.type())) {
      sql.update("INSERT INTO records.webhook_deliveries (id, event_id, client_id, url, status, next_attempt_at, "
              + "give_up_at, created_at) VALUES (?, ?, ?, ?, 'pending', ?, ?, ?)",
          Ids.newId(WebhookEndpoints.DELIVERY_PREFIX), event.id(), event.clientId(), event.webhookUrl(), now, giveUp,
          now);
    }
  }

  /** Whether a progress event goes out: none went out in the 5 s before it, and nothing later is held. */
  private boolean progressDue(String jobId, Long seq, Instant occurred) {
    return sql.one("SELECT 1 FROM records.webhook_events WHERE job_id = ? AND ("
            + "(type = 'job.progress' AND fanned_out AND occurred_at > ?) "
            + "OR type IN ('job.succeeded', 'job.failed', 'job.canceled') OR (seq IS NOT NULL AND seq > ?)) LIMIT 1",
        row -> 1, jobId, occurred.minus(PROGRESS_EVERY), seq == null ? Long.MAX_VALUE : seq).isEmpty();
  }

  /** {@code {"type","timestamp","data"}} as sent; at most {@value #MAX_BODY_BYTES} bytes. */
  String body(RelayedEvents.Event event) {
    var body = json.createObjectNode();
    body.put("type", event.type());
    body.put("timestamp", Instant.ofEpochMilli(event.timestamp()).toString());
    body.set("data", event.data());
    var text = write(body);
    if (text.getBytes(StandardCharsets.UTF_8).length <= MAX_BODY_BYTES) {
      return text;
    }
    ObjectNode data = json.createObjectNode();
    data.put("id", event.jobId());
    data.put("truncated", true);
    body.set("data", data);
    return write(body);
  }

  private String write(ObjectNode body) {
    try {
      return json.writeValueAsString(body);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
  }
}

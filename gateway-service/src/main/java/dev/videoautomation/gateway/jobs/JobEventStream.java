package dev.videoautomation.gateway.jobs;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;

import dev.videoautomation.gateway.config.GatewayConfig;
import dev.videoautomation.gateway.events.ChangeEvents.JobChange;
import dev.videoautomation.gateway.routing.Owner;
import dev.videoautomation.platform.errors.ApiError;
import dev.videoautomation.platform.errors.ApiException;
import dev.videoautomation.platform.errors.ErrorCode;
import dev.videoautomation.platform.errors.ErrorResponses;
import dev.videoautomation.platform.token.InternalTokens;

/**
 * {@code GET /v1/jobs/{id}/events} (docs/jobs.md "Event stream"): Server-Sent Events written as they come, never
 * buffered. The stream follows the job before it reads the owner's kept events (§3.15) after {@code Last-Event-ID},
 * sends them, then one more read per notification; {@code progress} events, then the one final event, then it closes.
 * A {@code : keep-alive} comment goes out every {@code gateway.jobs.stream-heartbeat}; after
 * {@code gateway.jobs.stream-limit} an event {@code timeout} ends it. The head is written only once the job is read,
 * so an unknown job is a JSON 404 and a refused stream a JSON 429.
 *
 * <p>A Vert.x route rather than a JAX-RS resource: the answer's head must wait for the first read, and SSE in Quarkus
 * REST sends it first. The operation is described in {@code META-INF/openapi.yaml}.
 */
@ApplicationScoped
class JobEventStream {
  static final String PATH = "/v1/jobs/:id/events";
  /** Before Quarkus REST's route (as McpEndpoint's), after every filter. */
  static final int ORDER = -10;
  private static final long FALLBACK_POLL_MILLIS = 1_000;

  private final Vertx vertx;
  private final OwnerJobs owners;
  private final JobWatch watch;
  private final JobSlots slots;
  private final InternalTokens tokens;
  private final long heartbeatMillis;
  private final long limitMillis;

  JobEventStream(Vertx vertx, OwnerJobs owners, JobWatch watch, JobSlots slots, InternalTokens tokens,
      GatewayConfig config) {
    this.vertx = vertx;
    this.owners = owners;
    this.watch = watch;
    this.slots = slots;
    this.tokens = tokens;
    this.heartbeatMillis = config.jobs().streamHeartbeat().toMillis();
    this.limitMillis = config.jobs().streamLimit().toMillis();
  }

  void register(@Observes Router router) {
    router.get(PATH).order(ORDER).handler(this::open);
  }

  private void open(RoutingContext rc) {
    var id = rc.pathParam("id");
    try {
      var caller = new JobsResource.Caller(rc, tokens);
      var owner = JobsResource.ownerOf(id);
      var slot = slots.take(JobSlots.Kind.STREAM, caller.clientId);
      new Stream(rc, id, owner, caller, slot, lastEventId(rc.request().getHeader("Last-Event-ID"))).start();
    } catch (ApiException refused) {
      ErrorResponses.send(rc, refused.error());
    }
  }

  /** A {@code Last-Event-ID} is a job's event sequence; anything else starts from the beginning. */
  static long lastEventId(String header) {
    if (header == null || !header.trim().matches("\\d{1,18}")) {
      return 0;
    }
    return Long.parseLong(header.trim());
  }

  /** The SSE event name of an outbox event type ({@code job.progress} → {@code progress}). */
  static String eventName(String type) {
    return type != null && type.startsWith("job.") ? type.substring(4) : "progress";
  }

  static String frame(Long seq, String event, String data) {
    var frame = new StringBuilder();
    if (seq != null) {
      frame.append("id: ").append(seq).append('\n');
    }
    return frame.append("event: ").append(event).append('\n').append("data: ").append(data).append("\n\n")
        .toString();
  }

  /** One open stream: its position, its timers, and at most one read of the owner at a time. */
  private final class Stream implements JobWatch.Follower {
    private final RoutingContext rc;
    private final HttpServerResponse response;
    private final String id;
    private final Owner owner;
    private final JobsResource.Caller caller;
    private final JobSlots.Slot slot;
    private JobWatch.Registration registration;
    private long lastSent;
    private boolean reading;
    private boolean readAgain;
    private boolean closed;
    private long heartbeat = -1;
    private long limit = -1;
    private long poll = -1;

    Stream(RoutingContext rc, String id, Owner owner, JobsResource.Caller caller, JobSlots.Slot slot, long after) {
      this.rc = rc;
      this.response = rc.response();
      this.id = id;
      this.owner = owner;
      this.caller = caller;
      this.slot = slot;
      this.lastSent = after;
    }

    void start() {
      // Notifications that come before the first read is answered wait for it (reading), then read once more.
      reading = true;
      registration = watch.follow(id, vertx.getOrCreateContext(), this);
      owners.events(owner, id, lastSent, caller.token, caller.requestId).onComplete(first -> {
        if (first.failed() || first.result().status() >= 500) {
          close();
          ErrorResponses.send(rc, ApiError.of(ErrorCode.SERVICE_UNAVAILABLE, "The job's service could not be read; "
              + "retry in a few seconds.").with("retryAfter", 5));
          return;
        }
        if (!first.result().ok()) {
          close();
          rc.response().setStatusCode(first.result().status())
              .putHeader("Content-Type", first.result().contentType()).end(first.result().body());
          return;
        }
        response.setStatusCode(200).setChunked(true)
            .putHeader("Content-Type", "text/event-stream; charset=utf-8")
            .putHeader("Cache-Control", "no-cache")
            // Proxies that buffer (nginx) pass each event on at once.
            .putHeader("X-Accel-Buffering", "no");
        response.closeHandler(ignored -> close());
        response.write(": following " + id + "\n\n");
        heartbeat = vertx.setPeriodic(heartbeatMillis, timer -> write(": keep-alive\n\n"));
        limit = vertx.setTimer(limitMillis, timer -> end(frame(null, "timeout", new JsonObject().put("id", id)
            .put("message", "This stream ended after " + limitMillis / 1000 + " s; reconnect with Last-Event-ID to "
                + "follow the job further.").encode())));
        poll = vertx.setPeriodic(FALLBACK_POLL_MILLIS, timer -> {
          if (!watch.listening()) {
            read(0);
          }
        });
        sent(first.result().json(), 0);
      });
    }

    @Override
    public void changed(JobChange change) {
      if (change.seq() == 0 || change.seq() > lastSent) {
        read(change.seq());
      }
    }

    @Override
    public void resync() {
      read(0);
    }

    /** Reads the events after the last one sent; a read asked for while one runs runs once after it. */
    private void read(long notifiedSeq) {
      if (closed) {
        return;
      }
      if (reading) {
        readAgain = true;
        return;
      }
      reading = true;
      owners.events(owner, id, lastSent, caller.token, caller.requestId).onComplete(answer -> {
        if (answer.succeeded() && answer.result().ok()) {
          sent(answer.result().json(), notifiedSeq);
        } else {
          // The next notification, the fallback poll or the client's reconnect reads again.
          done();
        }
      });
    }

    /** Sends a §3.15 answer: its events in order, or, when they were not all kept, one event with the job's state. */
    private void sent(JsonObject events, long notifiedSeq) {
      if (closed) {
        return;
      }
      var data = events.getJsonArray("data", new JsonArray());
      if (!events.getBoolean("complete", true)) {
        Long newest = null;
        for (var item : data) {
          newest = ((JsonObject) item).getLong("seq");
        }
        var seq = newest;
        owners.view(owner, id, caller.token, caller.requestId).onComplete(view -> {
          if (view.succeeded() && view.result().ok()) {
            var job = view.result().json();
            var status = job.getString("status");
            if (seq != null) {
              lastSent = Math.max(lastSent, seq);
            }
            lastSent = Math.max(lastSent, notifiedSeq);
            var frame = frame(seq, JobOwners.terminal(status) ? status : "progress", job.encode());
            if (JobOwners.terminal(status)) {
              end(frame);
              return;
            }
            write(frame);
          }
          done();
        });
        return;
      }
      for (var item : data) {
        var event = (JsonObject) item;
        var seq = event.getLong("seq", 0L);
        if (seq <= lastSent) {
          continue;
        }
        lastSent = seq;
        var name = eventName(event.getString("type"));
        var frame = frame(seq, name, event.getJsonObject("job", new JsonObject()).encode());
        if (JobOwners.terminal(name)) {
          end(frame);
          return;
        }
        write(frame);
      }
      done();
    }

    private void done() {
      reading = false;
      if (readAgain && !closed) {
        readAgain = false;
        read(0);
      }
    }

    private void write(String text) {
      if (!closed && !response.closed() && !response.ended()) {
        response.write(Buffer.buffer(text));
      }
    }

    private void end(String lastFrame) {
      if (closed) {
        return;
      }
      write(lastFrame);
      close();
      if (!response.closed() && !response.ended()) {
        response.end();
      }
    }

    private void close() {
      if (closed) {
        return;
      }
      closed = true;
      if (registration != null) {
        registration.close();
      }
      for (var timer : new long[] {heartbeat, limit, poll}) {
        if (timer >= 0) {
          vertx.cancelTimer(timer);
        }
      }
      slot.close();
    }
  }
}

package dev.videoautomation.gateway.proxy;


import jakarta.inject.Singleton;

import io.vertx.core.Future;
import io.vertx.core.MultiMap;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.json.JsonObject;

import dev.videoautomation.gateway.idempotency.IdempotentRequests;
import dev.videoautomation.gateway.jobs.JobOwners;
import dev.videoautomation.gateway.jobs.JobWaits;
import dev.videoautomation.gateway.jobs.JobWatch;
import dev.videoautomation.gateway.jobs.OwnerJobs;
import dev.videoautomation.gateway.jobs.Preferences;
import dev.videoautomation.gateway.routing.Owner;

/**
 * {@code Prefer: wait=N} on a creating POST (docs/jobs.md "Waiting"): the owner answered at once with the job
 * committed (and an {@code Idempotency-Key} stored that answer, so a retry meanwhile replays it at once); the gateway
 * then follows the job, waits until it ends or N seconds pass, reads the kind's own view again
 * ({@code GET /v1/clones/video/{id}}, …) and sends the owner's status with the created answer's fields brought up to
 * date: fields only the creation shows (a {@code webhookSecret}) stay. That answer replaces the stored one before it
 * is sent. When the view cannot be read at the end the created answer goes out as it was: the job exists, and a 503
 * would invite a second create.
 */
@Singleton
public class CreationWaits {
  private final OwnerJobs owners;
  private final JobWaits waits;
  private final IdempotentRequests idempotent;
  private final JobWatch watch;

  CreationWaits(OwnerJobs owners, JobWaits waits, IdempotentRequests idempotent, JobWatch watch) {
    this.watch = watch;
    this.owners = owners;
    this.waits = waits;
    this.idempotent = idempotent;
  }

  /** How the answer to a creating POST by the holder of {@code token} is sent after a wait of {@code seconds}. */
  public Forwarder.Answering answering(String token, int seconds, IdempotentRequests.Run run) {
    return (exchange, outcome) -> answer(exchange, outcome, token, seconds, run);
  }

  /** The kind's own view of job {@code id}, where the creation's answer is read again. */
  static String resourcePath(String id) {
    return switch (id.substring(0, 4)) {
      case "vid_" -> "/v1/clones/video/" + id;
      case "img_" -> "/v1/images/" + id;
      case "trk_" -> "/v1/music/" + id;
      case "acc_" -> "/v1/accounts/" + id;
      default -> "/v1/posts/" + id;
    };
  }

  private void answer(Exchange exchange, Forwarder.Outcome outcome, String token, int seconds,
      IdempotentRequests.Run run) {
    var created = createdJob(outcome);
    var owner = created == null ? null : JobOwners.ofId(created.getString("id")).orElse(null);
    if (owner == null) {
      Forwarder.answer(exchange, outcome.status(), outcome.headers(), outcome.body());
      return;
    }
    var id = created.getString("id");
    // An MCP tool call on this replica follows the job from here, for its progress notifications.
    watch.created(exchange.headers().get(JobWatch.CREATION_HEADER), id);
    var requestId = exchange.requestId();
    var wait = waits.begin(id, seconds, () -> ended(owner, id, token, requestId));
    exchange.addEndHandler(ignored -> wait.end());
    ended(owner, id, token, requestId).onSuccess(over -> {
      if (over) {
        wait.end();
      }
    });
    wait.ended()
        .compose(ignored -> owners.resource(owner, resourcePath(id), token, requestId))
        .map(read -> read.ok() ? Buffer.buffer(brought(created, read.json()).encode()) : outcome.body())
        .otherwise(outcome.body())
        .onComplete(body -> {
          var headers = MultiMap.caseInsensitiveMultiMap().addAll(outcome.headers())
              .remove(HttpHeaders.CONTENT_LENGTH).remove(HttpHeaders.TRANSFER_ENCODING)
              .set(Preferences.APPLIED, Preferences.applied(seconds));
          idempotent.replaceAnswer(run, outcome.status(), headers, body.result())
              .onComplete(stored -> Forwarder.answer(exchange, outcome.status(), headers, body.result()));
        });
  }

  private Future<Boolean> ended(Owner owner, String id, String token, String requestId) {
    return owners.view(owner, id, token, requestId)
        .map(answer -> answer.ok() && JobOwners.terminal(answer.json().getString("status")));
  }

  /** The created job of a 2xx JSON answer naming an {@code id}; null otherwise. */
  private static JsonObject createdJob(Forwarder.Outcome outcome) {
    if (outcome.status() < 200 || outcome.status() >= 300 || outcome.body() == null) {
      return null;
    }
    try {
      var json = outcome.body().toJsonObject();
      return json.getValue("id") instanceof String ? json : null;
    } catch (RuntimeException notAnObject) {
      return null;
    }
  }

  /**
   * The created answer with each of its fields taking the value the view has now: the answer keeps the creating
   * operation's documented shape (its schema admits no other field), and the job's full state is one GET away.
   */
  static JsonObject brought(JsonObject created, JsonObject now) {
    var merged = created.copy();
    now.forEach(field -> {
      if (merged.containsKey(field.getKey())) {
        merged.put(field.getKey(), field.getValue());
      }
    });
    return merged;
  }
}

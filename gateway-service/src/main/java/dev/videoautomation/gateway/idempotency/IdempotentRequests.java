package dev.videoautomation.gateway.idempotency;

import java.nio.charset.StandardCharsets;
import java.util.concurrent.Callable;

import jakarta.inject.Singleton;


import io.quarkus.logging.Log;
import io.vertx.core.Future;
import io.vertx.core.MultiMap;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.ext.web.RoutingContext;

import dev.videoautomation.gateway.admission.Admitted;
import dev.videoautomation.gateway.routing.Relayed;
import dev.videoautomation.gateway.routing.Route;
import dev.videoautomation.gateway.sizes.IncomingRequest;
import dev.videoautomation.gateway.sizes.RequestSizes;
import dev.videoautomation.platform.errors.ApiException;
import dev.videoautomation.platform.errors.ErrorCode;
import dev.videoautomation.platform.hashes.Hashes;

/**
 * A {@code POST} with an {@code Idempotency-Key} (design §3.5): its body is read whole and hashed, the key claimed,
 * and the request runs once; a repeat gets the stored answer, or a 409/422 saying why not. On a route that issues
 * credentials the claim still guards against a second run, but the answer streams through unstored, and a repeat
 * after it issued a key is 409 {@code credential_issued}. The steps are {@link #begin} before the daily unit, then
 * {@link #settle} with the answer (or {@link #abandon} when the request is not forwarded); none of them forwards.
 */
@Singleton
public class IdempotentRequests {
  public static final String HEADER = "Idempotency-Key";
  public static final int MAX_KEY_LENGTH = 255;
  /** The 409 of a repeat after the first request issued a key. */
  public static final String IN_USE = "The first request with this Idempotency-Key is still running. Retry in a "
      + "moment to get its answer.";
  public static final String MISMATCH = "This Idempotency-Key was used with another request in the last 24 hours. "
      + "Use a new key for a new request.";
  public static final String CREDENTIAL_ISSUED = "The first request with this Idempotency-Key issued a key or a "
      + "secret, which is shown once and not stored. Use the one it gave you; if a key is lost, recover one with POST "
      + "/v1/api_keys/recover (a webhook secret: POST /v1/webhooks/{id}/rotate_secret). To repeat the call, send a new "
      + "Idempotency-Key.";

  private final IdempotencyStore store;
  private final RequestSizes sizes;
  private final Vertx vertx;

  IdempotentRequests(IdempotencyStore store, RequestSizes sizes, Vertx vertx) {
    this.store = store;
    this.sizes = sizes;
    this.vertx = vertx;
  }

  /**
   * One request's part in idempotency: {@link #NONE} without a key (its body streams, nothing is recorded); a
   * {@code replay} of the key's first answer, sent instead of forwarding; or the key claimed, with the {@code body}
   * read whole to forward.
   */
  public record Run(String clientId, String key, Buffer body, boolean issuesCredential,
      IdempotencyStore.Replay replay) {
    public static final Run NONE = new Run(null, null, null, false, null);

    public boolean replayed() {
      return replay != null;
    }

    /** Whether the answer is read whole to be stored: never one that carries a credential. */
    public boolean storesAnswer() {
      return !issuesCredential;
    }

    boolean claimed() {
      return key != null && replay == null;
    }
  }

  /**
   * The key of {@code request} claimed, its body read whole; {@link Run#NONE} when it is not a {@code POST} with a
   * key. Fails with the {@link ApiException} to answer: 400 for a malformed key, 413 for a body past the document
   * limit, 409/422 for a key that cannot run again.
   */
  public Future<Run> begin(IncomingRequest request, Route route, Admitted admitted) {
    var key = "POST".equals(request.methodName()) ? request.headers().get(HEADER) : null;
    if (key == null) {
      return Future.succeededFuture(Run.NONE);
    }
    if (!wellFormed(key)) {
      return Future.failedFuture(malformed());
    }
    return sizes.readWhole(request, route).compose(body -> claimChecked(admitted.clientId(), key, route,
        fingerprint(request.methodName(), request.uri(), request.headers().get("Content-Type"), body), body));
  }

  /**
   * The claim of a request whose body is read already, by its {@link #fingerprint}: what {@link #begin} does after
   * reading, for a caller that holds the request in process.
   */
  public Future<Run> claim(String clientId, String key, Route route, String fingerprint, Buffer body) {
    return wellFormed(key) ? claimChecked(clientId, key, route, fingerprint, body) : Future.failedFuture(malformed());
  }

  /** What makes two requests under one key the same: method, target, content type and body, SHA-256 in hex. */
  public static String fingerprint(String method, String uri, String contentType, Buffer body) {
    var digest = Hashes.sha256();
    digest.update((method + ' ' + uri + '\n' + contentType + '\n').getBytes(StandardCharsets.UTF_8));
    digest.update(body.getBytes());
    return Hashes.hex(digest.digest());
  }

  private Future<Run> claimChecked(String clientId, String key, Route route, String fingerprint, Buffer body) {
    return blocking(() -> store.claim(clientId, key, fingerprint)).compose(claim -> switch (claim) {
      case IdempotencyStore.Replay replay -> Future.succeededFuture(new Run(clientId, key, body, false, replay));
      case IdempotencyStore.Issued issued -> Future.failedFuture(new ApiException(ErrorCode.CREDENTIAL_ISSUED,
          CREDENTIAL_ISSUED));
      case IdempotencyStore.Mismatch mismatch -> Future.failedFuture(new ApiException(
          ErrorCode.IDEMPOTENCY_KEY_MISMATCH, MISMATCH));
      case IdempotencyStore.InUse inUse -> Future.failedFuture(new ApiException(ErrorCode.IDEMPOTENCY_KEY_IN_USE,
          IN_USE));
      case IdempotencyStore.Claimed claimed -> Future.succeededFuture(new Run(clientId, key, body,
          route.issuesCredential(), null));
    });
  }

  /**
   * Frees the key of a claimed run that is not forwarded (its daily unit was refused), so that a retry may run; done
   * when the future completes (a failure is logged, and the future completes all the same).
   */
  public Future<Void> abandon(Run run) {
    if (!run.claimed()) {
      return Future.succeededFuture();
    }
    return logged(blocking(() -> {
      store.release(run.clientId(), run.key());
      return null;
    }));
  }

  /**
   * Records a claimed run's answer ({@code status}, and with {@link Run#storesAnswer} its headers and body): stored
   * for replays, an issued credential noted without it, or the key freed for a retry when the owner failed (5xx) or
   * the request did not reach it whole ({@code reached} false). Done when the future completes, which the answer
   * waits for, so that a retry sent right after it replays (a failure is logged, and the future completes all the
   * same); complete at once, allocating nothing, for a request without a claimed key.
   */
  public Future<Void> settle(Run run, int status, boolean reached, MultiMap headers, Buffer body) {
    if (!run.claimed()) {
      return Future.succeededFuture();
    }
    var client = run.clientId();
    var key = run.key();
    return logged(blocking(() -> {
      var answered = reached && status < 500;
      if (answered && run.storesAnswer()) {
        store.complete(client, key, status, StoredHeaders.encode(headers), body.getBytes());
      } else if (answered && status < 300) {
        store.completeIssued(client, key, status);
      } else {
        store.release(client, key);
      }
      return null;
    }));
  }

  /**
   * Stores {@code status}, {@code headers} and {@code body} as the answer of a run whose first answer was stored
   * already, because they are what the caller is finally sent (a creating POST's answer after its wait). Until then a
   * retry replays the first answer at once, never a 409. Complete at once for a run without a stored answer.
   */
  public Future<Void> replaceAnswer(Run run, int status, MultiMap headers, Buffer body) {
    if (!run.claimed() || !run.storesAnswer() || status >= 500) {
      return Future.succeededFuture();
    }
    return logged(blocking(() -> {
      store.replace(run.clientId(), run.key(), status, StoredHeaders.encode(headers), body.getBytes());
      return null;
    }));
  }

  private static Future<Void> logged(Future<Void> recording) {
    return recording.recover(failure -> {
      Log.warnf("Could not record the outcome of an Idempotency-Key request: %s", failure.getMessage());
      return Future.succeededFuture();
    });
  }

  /** Answers {@code rc} with the key's first answer, marked {@code Idempotent-Replayed}. */
  public static void replay(RoutingContext rc, Run run) {
    rc.request().resume();
    // The owner's first answer, replayed: as relayed as it was the first time.
    Relayed.mark(rc);
    var response = rc.response();
    response.setStatusCode(run.replay().status());
    response.end(replayed(run, response.headers()));
  }

  /** Puts the key's first answer's headers, marked {@code Idempotent-Replayed}, on {@code headers}; its body. */
  public static Buffer replayed(Run run, MultiMap headers) {
    var replay = run.replay();
    StoredHeaders.decodeInto(replay.headers(), headers);
    headers.set("Idempotent-Replayed", "true");
    return Buffer.buffer(replay.body() == null ? new byte[0] : replay.body());
  }

  private static boolean wellFormed(String key) {
    return !key.isBlank() && key.length() <= MAX_KEY_LENGTH;
  }

  private static ApiException malformed() {
    return ApiException.invalidField(HEADER, "must be 1 to " + MAX_KEY_LENGTH + " characters");
  }

  private <T> Future<T> blocking(Callable<T> work) {
    return vertx.executeBlocking(work, false);
  }
}

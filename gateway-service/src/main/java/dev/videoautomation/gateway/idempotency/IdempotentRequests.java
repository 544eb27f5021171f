package dev.videoautomation.gateway.idempotency;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.concurrent.Callable;

import jakarta.enterprise.context.ApplicationScoped;

import io.quarkus.logging.Log;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.ext.web.RoutingContext;

import dev.videoautomation.gateway.admission.Admitted;
import dev.videoautomation.gateway.limits.Metering;
import dev.videoautomation.gateway.proxy.Forwarder;
import dev.videoautomation.gateway.routing.Body;
import dev.videoautomation.gateway.routing.Route;
import dev.videoautomation.gateway.sizes.RequestSizes;
import dev.videoautomation.platform.errors.ApiError;
import dev.videoautomation.platform.errors.ApiException;
import dev.videoautomation.platform.errors.ErrorCode;

/**
 * A {@code POST} with an {@code Idempotency-Key} (design §3.5): its body is read whole and hashed, the key claimed,
 * and the request runs once; a repeat gets the stored answer, or a 409/422 saying why not. On a route that issues
 * credentials the claim still guards against a second run, but the answer streams through unstored, and a repeat
 * after it issued a key is 409 {@code credential_issued}.
 */
@ApplicationScoped
public class IdempotentRequests {
  public static final String HEADER = "Idempotency-Key";
  static final int MAX_KEY_LENGTH = 255;
  /** The 409 of a repeat after the first request issued a key. */
  public static final String IN_USE = "The first request with this Idempotency-Key is still running. Retry in a "
      + "moment to get its answer.";
  public static final String MISMATCH = "This Idempotency-Key was used with another request in the last 24 hours. "
      + "Use a new key for a new request.";
  public static final String CREDENTIAL_ISSUED = "The first request with this Idempotency-Key issued a key, which is "
      + "shown once and not stored. Use the key it gave you; if it is lost, recover one with POST "
      + "/v1/api_keys/recover. To rotate again, send a new Idempotency-Key.";

  private final IdempotencyStore store;
  private final Forwarder forwarder;
  private final Metering metering;
  private final RequestSizes sizes;
  private final Vertx vertx;

  IdempotentRequests(IdempotencyStore store, Forwarder forwarder, Metering metering, RequestSizes sizes,
      Vertx vertx) {
    this.store = store;
    this.forwarder = forwarder;
    this.metering = metering;
    this.sizes = sizes;
    this.vertx = vertx;
  }

  /**
   * Runs the request once under {@code key}, or answers from the key's record. Fails with the {@link ApiException}
   * to answer when the request is not forwarded.
   */
  public Future<Void> forward(RoutingContext rc, Route route, Admitted admitted, String key, String token) {
    if (key.isBlank() || key.length() > MAX_KEY_LENGTH) {
      return Future.failedFuture(ApiException.invalidField(HEADER, "must be 1 to " + MAX_KEY_LENGTH + " characters"));
    }
    var client = admitted.clientId();
    return readBody(rc, route).compose(body -> blocking(() -> store.claim(client, key, requestHash(rc, body)))
        .compose(claim -> switch (claim) {
          case IdempotencyStore.Replay replay -> {
            replay(rc, replay);
            yield Future.succeededFuture();
          }
          case IdempotencyStore.Issued issued -> Future.failedFuture(new ApiException(ErrorCode.CREDENTIAL_ISSUED,
              CREDENTIAL_ISSUED));
          case IdempotencyStore.Mismatch mismatch -> Future.failedFuture(new ApiException(
              ErrorCode.IDEMPOTENCY_KEY_MISMATCH, MISMATCH));
          case IdempotencyStore.InUse inUse -> Future.failedFuture(new ApiException(ErrorCode.IDEMPOTENCY_KEY_IN_USE,
              IN_USE));
          case IdempotencyStore.Claimed claimed -> metering.take(rc, route, admitted)
              .onFailure(failure -> blocking(() -> {
                store.release(client, key);
                return null;
              }))
              .map(unit -> {
                forwarder.forward(rc, route.owner(), token, Forwarder.Options.buffered(body,
                    !route.issuesCredential(), outcome -> {
                      metering.giveBackIfWorthless(admitted, unit, outcome.status());
                      record(route, client, key, outcome);
                    }));
                return null;
              });
        }));
  }

  /** Stores the answer for replays, records an issued credential without it, or frees the key for a retry. */
  private void record(Route route, String client, String key, Forwarder.Outcome outcome) {
    blocking(() -> {
      var answered = outcome.reached() && outcome.status() < 500;
      if (answered && !route.issuesCredential()) {
        store.complete(client, key, outcome.status(), StoredHeaders.encode(outcome.headers()),
            outcome.body().getBytes());
      } else if (answered && outcome.status() < 300) {
        store.completeIssued(client, key, outcome.status());
      } else {
        store.release(client, key);
      }
      return null;
    }).onFailure(failure -> Log.warnf("Could not record the outcome of Idempotency-Key request: %s",
        failure.getMessage()));
  }

  private static void replay(RoutingContext rc, IdempotencyStore.Replay replay) {
    rc.request().resume();
    // The owner's first answer, replayed: as relayed as it was the first time.
    rc.put(Forwarder.RELAYED, true);
    var response = rc.response();
    response.setStatusCode(replay.status());
    StoredHeaders.decodeInto(replay.headers(), response.headers());
    response.putHeader("Idempotent-Replayed", "true");
    response.end(Buffer.buffer(replay.body() == null ? new byte[0] : replay.body()));
  }

  /** The whole request body, read to compare it with the first one's, up to the document limit (413 past it). */
  private Future<Buffer> readBody(RoutingContext rc, Route route) {
    var limit = sizes.idempotentBodyLimit();
    var refused = sizes.refusedDeclaredBody(rc.request(), limit);
    if (refused.isPresent()) {
      return Future.failedFuture(new ApiException(tooLarge(route, limit)));
    }
    var promise = Promise.<Buffer>promise();
    var request = rc.request();
    var body = Buffer.buffer();
    request.handler(chunk -> {
      if (promise.future().isComplete()) {
        return;
      }
      if (body.length() + chunk.length() > limit) {
        promise.tryFail(new ApiException(tooLarge(route, limit)));
        return;
      }
      body.appendBuffer(chunk);
    });
    request.exceptionHandler(promise::tryFail);
    request.endHandler(ignored -> promise.tryComplete(body));
    request.resume();
    return promise.future();
  }

  private static ApiError tooLarge(Route route, long limit) {
    if (route.body() == Body.DOCUMENT) {
      return RequestSizes.tooLarge(limit);
    }
    return ApiError.of(ErrorCode.PAYLOAD_TOO_LARGE, "A request with an Idempotency-Key may carry at most " + limit
        + " bytes, because its body is read whole; send larger bodies without one.").with("limit", limit);
  }

  private static String requestHash(RoutingContext rc, Buffer body) {
    try {
      var digest = MessageDigest.getInstance("SHA-256");
      digest.update((rc.request().method().name() + ' ' + rc.request().uri() + '\n'
          + rc.request().getHeader("Content-Type") + '\n').getBytes(StandardCharsets.UTF_8));
      digest.update(body.getBytes());
      return HexFormat.of().formatHex(digest.digest());
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  private <T> Future<T> blocking(Callable<T> work) {
    return vertx.executeBlocking(work, false);
  }
}

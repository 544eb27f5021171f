package dev.videoautomation.gateway.proxy;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.EnumMap;
import java.util.HexFormat;
import java.util.Map;
import java.util.concurrent.Callable;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;


import io.micrometer.core.instrument.Metrics;

import io.quarkus.logging.Log;
import io.quarkus.vertx.http.runtime.filters.Filters;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.ext.web.RoutingContext;

import dev.videoautomation.gateway.admission.Admission;
import dev.videoautomation.gateway.admission.Admitted;
import dev.videoautomation.gateway.config.GatewayConfig;
import dev.videoautomation.gateway.idempotency.IdempotencyStore;
import dev.videoautomation.gateway.idempotency.StoredHeaders;
import dev.videoautomation.gateway.limits.DailyLimits;
import dev.videoautomation.gateway.routing.Access;
import dev.videoautomation.gateway.routing.Owner;
import dev.videoautomation.gateway.routing.Route;
import dev.videoautomation.gateway.routing.RouteTable;
import dev.videoautomation.platform.errors.ApiError;
import dev.videoautomation.platform.errors.ApiException;
import dev.videoautomation.platform.errors.ErrorCode;
import dev.videoautomation.platform.errors.ErrorResponses;
import dev.videoautomation.platform.token.InternalTokens;

/**
 * The gateway's request path (design §3): route lookup, key and scope and subscription ({@link Admission}),
 * {@code Idempotency-Key}, the daily unit, then the streamed forward with a client token. The gateway's own paths
 * go on to its resources with the admitted caller in the context; an unknown path is a JSON 404 and a known path
 * with the wrong method a 405 with {@code Allow}.
 */
@ApplicationScoped
public class ForwardingFilter {
  static final int PRIORITY = 1_000;
  static final String IDEMPOTENCY_HEADER = "Idempotency-Key";
  static final int MAX_IDEMPOTENCY_KEY_LENGTH = 255;

  private final RouteTable routes;
  private final Forwarder forwarder;
  private final InternalTokens tokens;
  private final Admission admission;
  private final DailyLimits limits;
  private final IdempotencyStore idempotency;
  private final Vertx vertx;
  private final long maxIdempotentBody;
  private final Map<Owner, URI> owners = new EnumMap<>(Owner.class);

  ForwardingFilter(RouteTable routes, Forwarder forwarder, InternalTokens tokens, GatewayConfig config,
      Admission admission, DailyLimits limits, IdempotencyStore idempotency, Vertx vertx) {
    this.routes = routes;
    this.forwarder = forwarder;
    this.tokens = tokens;
    this.admission = admission;
    this.limits = limits;
    this.idempotency = idempotency;
    this.vertx = vertx;
    this.maxIdempotentBody = config.idempotency().maxBodyBytes();
    for (var owner : Owner.values()) {
      if (owner != Owner.GATEWAY) {
        var url = config.owners().get(owner.configName());
        if (url == null) {
          throw new IllegalStateException("Set gateway.owners." + owner.configName() + " (GATEWAY_OWNERS_"
              + owner.name() + ") to the base URL of the " + owner.configName() + " service.");
        }
        owners.put(owner, url);
      }
    }
  }

  void register(@Observes Filters filters) {
    filters.register(this::route, PRIORITY);
  }

  void route(RoutingContext rc) {
    var path = rc.normalizedPath();
    if (path.equals("/q/openapi")) {
      rc.next();
      return;
    }
    switch (routes.lookup(rc.request().method().name(), path)) {
      case RouteTable.Found found -> admit(rc, found.route());
      case RouteTable.MethodNotAllowed notAllowed -> {
        rc.response().putHeader("Allow", String.join(", ", notAllowed.allowed()));
        ErrorResponses.send(rc, ApiError.of(ErrorCode.METHOD_NOT_ALLOWED, rc.request().method() + " is not allowed on "
            + path + "; allowed: " + String.join(", ", notAllowed.allowed()) + "."));
      }
      case RouteTable.NotFound notFound -> ErrorResponses.send(rc, ApiError.of(ErrorCode.NOT_FOUND,
          "Nothing is found at " + path + ". See /v1/openapi.json for the paths this API serves."));
    }
  }

  private void admit(RoutingContext rc, Route route) {
    if (route.access() == Access.PUBLIC) {
      if (route.owner() == Owner.GATEWAY) {
        rc.next();
      } else {
        forwarder.forward(rc, owners.get(route.owner()), tokens.forThisService());
      }
      return;
    }
    rc.request().pause();
    admission.admit(rc.request(), route, route.owner() == Owner.GATEWAY)
        .onSuccess(admitted -> proceed(rc, route, admitted))
        .onFailure(failure -> fail(rc, failure));
  }

  private void proceed(RoutingContext rc, Route route, Admitted admitted) {
    if (admitted == null) {
      forwarder.forward(rc, owners.get(route.owner()), tokens.forThisService());
      return;
    }
    if (route.owner() == Owner.GATEWAY) {
      rc.put(Admitted.CONTEXT_KEY, admitted);
      rc.request().resume();
      rc.next();
      return;
    }
    var idempotencyKey = "POST".equals(rc.request().method().name()) ? rc.request().getHeader(IDEMPOTENCY_HEADER)
        : null;
    if (idempotencyKey != null) {
      idempotent(rc, route, admitted, idempotencyKey);
      return;
    }
    meter(rc, route, admitted)
        .onSuccess(unit -> forwarder.forward(rc, owners.get(route.owner()), tokenFor(admitted),
            new Forwarder.Options(null, false, outcome -> giveBackIfWorthless(admitted, unit, outcome.status()))))
        .onFailure(failure -> fail(rc, failure));
  }

  private void idempotent(RoutingContext rc, Route route, Admitted admitted, String key) {
    if (key.isBlank() || key.length() > MAX_IDEMPOTENCY_KEY_LENGTH) {
      fail(rc, ApiException.invalidField(IDEMPOTENCY_HEADER, "must be 1 to " + MAX_IDEMPOTENCY_KEY_LENGTH
          + " characters"));
      return;
    }
    var client = admitted.clientId();
    readBody(rc)
        .compose(body -> blocking(() -> idempotency.claim(client, key, requestHash(rc, body)))
            .compose(claim -> switch (claim) {
              case IdempotencyStore.Replay replay -> {
                replay(rc, replay);
                yield Future.succeededFuture();
              }
              case IdempotencyStore.Mismatch mismatch -> Future.failedFuture(new ApiException(
                  ErrorCode.IDEMPOTENCY_KEY_MISMATCH, "This Idempotency-Key was used with another request in the "
                      + "last 24 hours. Use a new key for a new request."));
              case IdempotencyStore.InUse inUse -> Future.failedFuture(new ApiException(
                  ErrorCode.IDEMPOTENCY_KEY_IN_USE, "The first request with this Idempotency-Key is still running. "
                      + "Retry in a moment to get its answer."));
              case IdempotencyStore.Claimed claimed -> meter(rc, route, admitted)
                  .onFailure(failure -> blocking(() -> {
                    idempotency.release(client, key);
                    return null;
                  }))
                  .map(unit -> {
                    forwarder.forward(rc, owners.get(route.owner()), tokenFor(admitted),
                        new Forwarder.Options(body, true, outcome -> {
                          giveBackIfWorthless(admitted, unit, outcome.status());
                          blocking(() -> {
                            if (outcome.reached() && outcome.status() < 500) {
                              idempotency.complete(client, key, outcome.status(),
                                  StoredHeaders.encode(outcome.headers()), outcome.body().getBytes());
                            } else {
                              idempotency.release(client, key);
                            }
                            return null;
                          });
                        }));
                    return null;
                  });
            }))
        .onFailure(failure -> fail(rc, failure));
  }

  private static void replay(RoutingContext rc, IdempotencyStore.Replay replay) {
    rc.request().resume();
    var response = rc.response();
    response.setStatusCode(replay.status());
    StoredHeaders.decodeInto(replay.headers(), response.headers());
    response.putHeader("Idempotent-Replayed", "true");
    response.end(Buffer.buffer(replay.body() == null ? new byte[0] : replay.body()));
  }

  /** Takes the route's daily unit when it is metered: the unit taken (null when unmetered), or 429. */
  private Future<DailyLimits.Outcome> meter(RoutingContext rc, Route route, Admitted admitted) {
    if (route.bucket().isEmpty()) {
      return Future.succeededFuture();
    }
    var bucket = route.bucket().get();
    var limit = admitted.entitlement() == null ? 0 : admitted.entitlement().limit(bucket);
    return blocking(() -> limits.take(admitted.clientId(), bucket, limit)).compose(outcome -> {
      var headers = rc.response().headers();
      headers.set("RateLimit-Limit", String.valueOf(outcome.limit()));
      headers.set("RateLimit-Remaining", String.valueOf(outcome.remaining()));
      headers.set("RateLimit-Reset", String.valueOf(outcome.resetSeconds()));
      if (outcome.admitted()) {
        return Future.succeededFuture(outcome);
      }
      headers.set("Retry-After", String.valueOf(outcome.resetSeconds()));
      Metrics.counter("vas.limit.rejections", "bucket", bucket.bucketName()).increment();
      return Future.failedFuture(new ApiException(ApiError.of(ErrorCode.RATE_LIMITED, "The daily limit of "
          + outcome.limit() + " calls in the '" + bucket.bucketName() + "' bucket is used up; it resets at 00:00 UTC.")
          .with("limit", outcome.limit()).with("retryAfter", outcome.resetSeconds())
          .with("bucket", bucket.bucketName())));
    });
  }

  /** Design §3.4: a unit comes back when the owner's answer gave the caller nothing of value. */
  private void giveBackIfWorthless(Admitted admitted, DailyLimits.Outcome unit, int status) {
    if (unit == null || !(status == 400 || status == 413 || status == 415 || status == 422 || status >= 500)) {
      return;
    }
    blocking(() -> {
      limits.giveBack(admitted.clientId(), unit.bucket(), unit.day());
      return null;
    }).onFailure(failure -> Log.warnf("Could not give back a %s unit: %s", unit.bucket().bucketName(),
        failure.getMessage()));
  }

  private String tokenFor(Admitted admitted) {
    return tokens.forClient(admitted.clientId(), admitted.keyId(), admitted.scopes(), admitted.plan());
  }

  /** The whole request body, for idempotent requests only, up to the configured size (413 past it). */
  private Future<Buffer> readBody(RoutingContext rc) {
    var promise = Promise.<Buffer>promise();
    var request = rc.request();
    var body = Buffer.buffer();
    request.handler(chunk -> {
      if (promise.future().isComplete()) {
        return;
      }
      if (body.length() + chunk.length() > maxIdempotentBody) {
        promise.tryFail(new ApiException(ApiError.of(ErrorCode.PAYLOAD_TOO_LARGE, "A request with an "
            + "Idempotency-Key may carry at most " + maxIdempotentBody + " bytes; send larger bodies without one.")
            .with("limit", maxIdempotentBody)));
        return;
      }
      body.appendBuffer(chunk);
    });
    request.exceptionHandler(promise::tryFail);
    request.endHandler(ignored -> promise.tryComplete(body));
    request.resume();
    return promise.future();
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

  private static void fail(RoutingContext rc, Throwable failure) {
    rc.request().resume();
    if (rc.response().ended()) {
      return;
    }
    if (failure instanceof ApiException api) {
      ErrorResponses.send(rc, api.error());
      return;
    }
    Log.errorf(failure, "The gateway failed on %s %s", rc.request().method(), rc.normalizedPath());
    ErrorResponses.send(rc, ApiError.of(ErrorCode.SERVICE_UNAVAILABLE,
        "The gateway could not complete this call right now. Retry in a few seconds."));
  }
}

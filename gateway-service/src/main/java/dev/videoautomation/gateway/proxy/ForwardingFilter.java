package dev.videoautomation.gateway.proxy;

import java.util.OptionalInt;

import jakarta.enterprise.event.Observes;
import jakarta.inject.Singleton;

import io.quarkus.logging.Log;
import io.quarkus.vertx.http.runtime.filters.Filters;
import io.vertx.core.Future;
import io.vertx.ext.web.RoutingContext;

import dev.videoautomation.gateway.admission.Admission;
import dev.videoautomation.gateway.admission.Admitted;
import dev.videoautomation.gateway.admission.Challenge;
import dev.videoautomation.gateway.idempotency.IdempotentRequests;
import dev.videoautomation.gateway.jobs.JobSlots;
import dev.videoautomation.gateway.jobs.Preferences;
import dev.videoautomation.gateway.limits.DailyLimits;
import dev.videoautomation.gateway.limits.Metering;
import dev.videoautomation.gateway.proxy.spending.DryRunCalls;
import dev.videoautomation.gateway.proxy.spending.DryRunQuery;
import dev.videoautomation.gateway.proxy.spending.MaxCredits;
import dev.videoautomation.gateway.routing.Access;
import dev.videoautomation.gateway.routing.Owner;
import dev.videoautomation.gateway.routing.Route;
import dev.videoautomation.gateway.routing.RouteTable;
import dev.videoautomation.gateway.sizes.RequestSizes;
import dev.videoautomation.platform.errors.ApiError;
import dev.videoautomation.platform.errors.ApiException;
import dev.videoautomation.platform.errors.ErrorCode;
import dev.videoautomation.platform.token.InternalTokenFilter;
import dev.videoautomation.platform.token.InternalTokens;

/**
 * The gateway's request path (design §3): this class only puts the steps in order and forwards once. Request size
 * ({@link RequestSizes}), route lookup ({@link RouteTable}), key and scope and subscription ({@link Admission}),
 * {@code Idempotency-Key} ({@link IdempotentRequests}: a repeat is answered from the first, with no unit taken), the
 * daily unit ({@link Metering}), then one forward with a client token ({@link Forwarder}), whose answer gives the
 * unit back when worthless and settles the key before the caller sees it. The steps work on the request's parts
 * (headers, body, route, caller) rather than on the routing context, and each answers a value or fails with the
 * {@link ApiException} to send. A {@code dryRun=true} request ({@link DryRunQuery}) is admitted the same way and then
 * handed to {@link DryRunCalls}, which spends nothing; a malformed {@code Max-Credits} on a charging route
 * ({@link MaxCredits}) is refused before any unit is taken. The gateway's own paths go on to its resources with the
 * admitted caller in the context; an unknown path is a JSON 404 and a known path with the wrong method a 405 with
 * {@code Allow}.
 *
 * <p>The steps run on one {@link Exchange}: an HTTP request ({@link HttpExchange}), or an MCP tool call made in
 * process ({@link InProcessExchange}, {@link #inProcess}), which so meets every step a REST call meets without a
 * second HTTP exchange. An in-process exchange hands a route the gateway serves itself over whole, before admission.
 */
@Singleton
public class ForwardingFilter {
  static final int PRIORITY = 1_000;

  private final RouteTable routes;
  private final RequestSizes sizes;
  private final Admission admission;
  private final IdempotentRequests idempotent;
  private final Metering metering;
  private final Forwarder forwarder;
  private final InternalTokens tokens;
  private final JobSlots slots;
  private final CreationWaits creationWaits;
  private final InternalTokenFilter internalTokens;
  private final DryRunCalls dryRuns;
  private final ClientAddresses addresses;

  ForwardingFilter(RouteTable routes, RequestSizes sizes, Admission admission, IdempotentRequests idempotent,
      Metering metering, Forwarder forwarder, InternalTokens tokens, JobSlots slots, CreationWaits creationWaits,
      InternalTokenFilter internalTokens, DryRunCalls dryRuns, ClientAddresses addresses) {
    this.addresses = addresses;
    this.routes = routes;
    this.sizes = sizes;
    this.admission = admission;
    this.idempotent = idempotent;
    this.metering = metering;
    this.forwarder = forwarder;
    this.tokens = tokens;
    this.slots = slots;
    this.creationWaits = creationWaits;
    this.internalTokens = internalTokens;
    this.dryRuns = dryRuns;
  }

  void register(@Observes Filters filters) {
    filters.register(this::route, PRIORITY);
  }

  void route(RoutingContext rc) {
    route(new HttpExchange(rc, addresses));
  }

  /**
   * Runs {@code exchange}, made in process (an MCP tool call), through the request path as an HTTP request runs:
   * the same steps in the same order, and the one forward to its owner. Its answer completes once sent; it fails only
   * when the request path itself failed.
   */
  public Future<InProcessExchange.Answer> inProcess(InProcessExchange exchange) {
    try {
      route(exchange);
    } catch (RuntimeException failure) {
      exchange.failed(failure);
    }
    return exchange.answer();
  }

  private void route(Exchange exchange) {
    var path = exchange.path();
    var refusedHead = sizes.refusedHead(exchange.uri(), exchange.headers());
    if (refusedHead.isPresent()) {
      exchange.error(refusedHead.get());
      return;
    }
    switch (routes.lookup(exchange.methodName(), path)) {
      case RouteTable.Found found -> {
        exchange.nameTimer(routes.uriTag(found.route()));
        if (found.route().owner() == Owner.GATEWAY && exchange.handsOverGatewayRoutes()) {
          return;
        }
        admit(exchange, found.route());
      }
      case RouteTable.MethodNotAllowed notAllowed -> {
        exchange.answerHeaders().set("Allow", String.join(", ", notAllowed.allowed()));
        exchange.error(ApiError.of(ErrorCode.METHOD_NOT_ALLOWED, exchange.method() + " is not allowed on "
            + path + "; allowed: " + String.join(", ", notAllowed.allowed()) + "."));
      }
      case RouteTable.NotFound notFound -> exchange.error(ApiError.of(ErrorCode.NOT_FOUND,
          "Nothing is found at " + path + ". See /v1/openapi.json for the paths this API serves."));
    }
  }

  private void admit(Exchange exchange, Route route) {
    var refusedBody = sizes.refusedDeclaredBody(exchange.headers(), sizes.bodyLimit(route));
    if (refusedBody.isPresent()) {
      exchange.refuseBody(refusedBody.get());
      return;
    }
    if (route.access() == Access.SERVICE) {
      // Another service's call to the gateway's internal API: its token, never an API key, says who it is.
      exchange.toInternalApi(internalTokens);
      return;
    }
    boolean dryRun;
    try {
      // Judged before the key: a bad value, or a rehearsal of a call that spends nothing, is never run for real.
      dryRun = DryRunQuery.requested(exchange, route);
    } catch (ApiException refused) {
      exchange.error(refused.error());
      return;
    }
    if (route.access() == Access.PUBLIC) {
      if (route.refusesSubKeys()) {
        exchange.pause();
        admission.subKeyRefusalOnPublicRoute(exchange.headers(), route).onComplete(refusal -> {
          if (refusal.result() != null) {
            fail(exchange, refusal.result());
          } else if (route.owner() == Owner.GATEWAY) {
            exchange.toGateway(null);
          } else {
            forwardAsTheGateway(exchange, route); // the forward resumes the paused body as it pipes it
          }
        });
        return;
      }
      forwardPublic(exchange, route);
      return;
    }
    exchange.pause();
    // One listener for both outcomes: a second one would cost Vert.x a listener array per request.
    admission.admit(exchange.headers(), route, route.owner() == Owner.GATEWAY).onComplete(admitted -> {
      if (admitted.succeeded()) {
        proceed(exchange, route, admitted.result(), dryRun);
      } else {
        fail(exchange, admitted.cause());
      }
    });
  }

  private void forwardPublic(Exchange exchange, Route route) {
    if (route.owner() == Owner.GATEWAY) {
      exchange.toGateway(null);
    } else {
      forwardAsTheGateway(exchange, route);
    }
  }

  private void proceed(Exchange exchange, Route route, Admitted admitted, boolean dryRun) {
    if (route.owner() == Owner.GATEWAY) {
      exchange.toGateway(admitted);
      return;
    }
    if (admitted == null) {
      forwardAsTheGateway(exchange, route);
      return;
    }
    var badCap = MaxCredits.refusal(route, exchange.headers());
    if (badCap.isPresent()) {
      fail(exchange, new ApiException(badCap.get()));
      return;
    }
    var token = tokens.forClient(admitted.clientId(), admitted.keyId(), admitted.scopes(), admitted.plan());
    if (dryRun) {
      dryRuns.forward(exchange, route, admitted, token).onFailure(failure -> fail(exchange, failure));
      return;
    }
    var wait = route.createsJob() ? Preferences.waitSeconds(exchange.headers().getAll(Preferences.PREFER))
        : OptionalInt.empty();
    idempotent.begin(exchange, route, admitted)
        .compose(run -> {
          if (run.replayed()) {
            // A retry while the first request waits replays the stored creation at once (never a 409).
            exchange.replay(run);
            return Future.succeededFuture();
          }
          JobSlots.Slot slot = null;
          if (wait.isPresent()) {
            try {
              slot = slots.take(JobSlots.Kind.WAIT, admitted.clientId());
            } catch (ApiException refused) {
              return idempotent.abandon(run).transform(ignored -> Future.failedFuture(refused));
            }
            var held = slot;
            exchange.addEndHandler(ignored -> held.close());
          }
          var waiting = wait.isPresent() ? creationWaits.answering(token, wait.getAsInt(), run) : null;
          return metering.take(route, admitted, exchange.answerHeaders())
              // The key is free before the refusal is answered, so that a retry is not told it is in use.
              .recover(refused -> idempotent.abandon(run).transform(ignored -> Future.failedFuture(refused)))
              .map(unit -> forward(exchange, route, token, run, outcome -> settle(admitted, unit, run, outcome),
                  waiting));
        })
        .onFailure(failure -> fail(exchange, failure));
  }

  /**
   * What the answer settles before the caller sees it: a worthless answer's unit given back and the key's record
   * stored (or the key freed), both at once. Complete at once, without allocating, when neither applies.
   */
  private Future<?> settle(Admitted admitted, DailyLimits.Outcome unit, IdempotentRequests.Run run,
      Forwarder.Outcome outcome) {
    var givenBack = metering.giveBackIfWorthless(admitted, unit, outcome.status());
    var recorded = idempotent.settle(run, outcome.status(), outcome.reached(), outcome.headers(), outcome.body());
    if (givenBack.isComplete()) {
      return recorded;
    }
    return recorded.isComplete() ? givenBack : Future.join(givenBack, recorded);
  }

  /** Public routes, and callers without a key where one is optional: forwarded with the gateway's own token. */
  private void forwardAsTheGateway(Exchange exchange, Route route) {
    forward(exchange, route, tokens.forThisService(), IdempotentRequests.Run.NONE, Forwarder.Settlement.NONE, null);
  }

  /**
   * The one forward of every request to an owner: the body of a claimed {@code Idempotency-Key} run as read, with
   * its answer read whole when it is to be stored; any other body streamed up to the route's limit. With
   * {@code waiting} (a creating POST's {@code Prefer: wait}), the answer is read whole and sent by it.
   */
  private Void forward(Exchange exchange, Route route, String token, IdempotentRequests.Run run,
      Forwarder.Settlement settlement, Forwarder.Answering waiting) {
    var options = run.body() == null ? Forwarder.Options.streaming(sizes.bodyLimit(route), settlement)
        : Forwarder.Options.buffered(run.body(), run.storesAnswer(), settlement);
    if (waiting != null) {
      options = options.answeredBy(waiting);
    }
    forwarder.forward(exchange, route.owner(), token, options);
    return null;
  }

  private static void fail(Exchange exchange, Throwable failure) {
    if (exchange.ended()) {
      return;
    }
    if (failure instanceof ApiException api && api.error().status() == ErrorCode.PAYLOAD_TOO_LARGE.status()) {
      exchange.refuseBody(api.error());
      return;
    }
    exchange.resume();
    if (failure instanceof ApiException api) {
      if (ErrorCode.INSUFFICIENT_SCOPE.code().equals(api.error().getError())
          && api.error().extra().get(Admission.REQUIRED_SCOPE) instanceof String scope) {
        exchange.answerHeaders().set(Challenge.HEADER, Challenge.insufficientScope(scope));
      }
      exchange.error(api.error());
      return;
    }
    Log.errorf(failure, "The gateway failed on %s %s", exchange.method(), exchange.path());
    exchange.error(ApiError.of(ErrorCode.SERVICE_UNAVAILABLE,
        "The gateway could not complete this call right now. Retry in a few seconds."));
  }
}

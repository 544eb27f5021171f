package dev.videoautomation.gateway.proxy;

import java.util.OptionalInt;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

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
import dev.videoautomation.gateway.routing.RequestTimers;
import dev.videoautomation.gateway.routing.Route;
import dev.videoautomation.gateway.routing.RouteTable;
import dev.videoautomation.gateway.sizes.RefusedBodies;
import dev.videoautomation.gateway.sizes.RequestSizes;
import dev.videoautomation.platform.errors.ApiError;
import dev.videoautomation.platform.errors.ApiException;
import dev.videoautomation.platform.errors.ErrorCode;
import dev.videoautomation.platform.errors.ErrorResponses;
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
 */
@ApplicationScoped
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

  ForwardingFilter(RouteTable routes, RequestSizes sizes, Admission admission, IdempotentRequests idempotent,
      Metering metering, Forwarder forwarder, InternalTokens tokens, JobSlots slots, CreationWaits creationWaits,
      InternalTokenFilter internalTokens, DryRunCalls dryRuns) {
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
    var path = rc.normalizedPath();
    var refusedHead = sizes.refusedHead(rc.request());
    if (refusedHead.isPresent()) {
      ErrorResponses.send(rc, refusedHead.get());
      return;
    }
    switch (routes.lookup(rc.request().method().name(), path)) {
      case RouteTable.Found found -> {
        RequestTimers.name(rc, routes, found.route());
        admit(rc, found.route());
      }
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
    var refusedBody = sizes.refusedDeclaredBody(rc.request(), sizes.bodyLimit(route));
    if (refusedBody.isPresent()) {
      RefusedBodies.answer(rc, refusedBody.get());
      return;
    }
    if (route.access() == Access.SERVICE) {
      // Another service's call to the gateway's internal API: its token, never an API key, says who it is.
      internalTokens.verify(rc);
      return;
    }
    boolean dryRun;
    try {
      // Judged before the key: a bad value, or a rehearsal of a call that spends nothing, is never run for real.
      dryRun = DryRunQuery.requested(rc.request(), route);
    } catch (ApiException refused) {
      ErrorResponses.send(rc, refused.error());
      return;
    }
    if (route.access() == Access.PUBLIC) {
      if (route.refusesSubKeys()) {
        rc.request().pause();
        admission.subKeyRefusalOnPublicRoute(rc.request().headers(), route).onComplete(refusal -> {
          if (refusal.result() != null) {
            fail(rc, refusal.result());
          } else if (route.owner() == Owner.GATEWAY) {
            rc.request().resume();
            rc.next();
          } else {
            forwardAsTheGateway(rc, route); // the forward resumes the paused body as it pipes it
          }
        });
        return;
      }
      forwardPublic(rc, route);
      return;
    }
    rc.request().pause();
    admission.admit(rc.request().headers(), route, route.owner() == Owner.GATEWAY)
        .onSuccess(admitted -> proceed(rc, route, admitted, dryRun))
        .onFailure(failure -> fail(rc, failure));
  }

  private void forwardPublic(RoutingContext rc, Route route) {
    if (route.owner() == Owner.GATEWAY) {
      rc.next();
    } else {
      forwardAsTheGateway(rc, route);
    }
  }

  private void proceed(RoutingContext rc, Route route, Admitted admitted, boolean dryRun) {
    if (route.owner() == Owner.GATEWAY) {
      if (admitted != null) {
        rc.put(Admitted.CONTEXT_KEY, admitted);
      }
      rc.request().resume();
      rc.next();
      return;
    }
    if (admitted == null) {
      forwardAsTheGateway(rc, route);
      return;
    }
    var badCap = MaxCredits.refusal(route, rc.request().headers());
    if (badCap.isPresent()) {
      fail(rc, new ApiException(badCap.get()));
      return;
    }
    var token = tokens.forClient(admitted.clientId(), admitted.keyId(), admitted.scopes(), admitted.plan());
    if (dryRun) {
      dryRuns.forward(rc, route, admitted, token).onFailure(failure -> fail(rc, failure));
      return;
    }
    var wait = route.createsJob() ? Preferences.waitSeconds(rc.request().headers().getAll(Preferences.PREFER))
        : OptionalInt.empty();
    idempotent.begin(rc.request(), route, admitted)
        .compose(run -> {
          if (run.replayed()) {
            // A retry while the first request waits replays the stored creation at once (never a 409).
            IdempotentRequests.replay(rc, run);
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
            rc.addEndHandler(ignored -> held.close());
          }
          var waiting = wait.isPresent() ? creationWaits.answering(token, wait.getAsInt(), run) : null;
          return metering.take(route, admitted, rc.response().headers())
              // The key is free before the refusal is answered, so that a retry is not told it is in use.
              .recover(refused -> idempotent.abandon(run).transform(ignored -> Future.failedFuture(refused)))
              .map(unit -> forward(rc, route, token, run, outcome -> settle(admitted, unit, run, outcome),
                  waiting));
        })
        .onFailure(failure -> fail(rc, failure));
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
  private void forwardAsTheGateway(RoutingContext rc, Route route) {
    forward(rc, route, tokens.forThisService(), IdempotentRequests.Run.NONE, Forwarder.Settlement.NONE, null);
  }

  /**
   * The one forward of every request to an owner: the body of a claimed {@code Idempotency-Key} run as read, with
   * its answer read whole when it is to be stored; any other body streamed up to the route's limit. With
   * {@code waiting} (a creating POST's {@code Prefer: wait}), the answer is read whole and sent by it.
   */
  private Void forward(RoutingContext rc, Route route, String token, IdempotentRequests.Run run,
      Forwarder.Settlement settlement, Forwarder.Answering waiting) {
    var options = run.body() == null ? Forwarder.Options.streaming(sizes.bodyLimit(route), settlement)
        : Forwarder.Options.buffered(run.body(), run.storesAnswer(), settlement);
    if (waiting != null) {
      options = options.answeredBy(waiting);
    }
    forwarder.forward(rc, route.owner(), token, options);
    return null;
  }

  private static void fail(RoutingContext rc, Throwable failure) {
    if (rc.response().ended()) {
      return;
    }
    if (failure instanceof ApiException api && api.error().status() == ErrorCode.PAYLOAD_TOO_LARGE.status()) {
      RefusedBodies.answer(rc, api.error());
      return;
    }
    rc.request().resume();
    if (failure instanceof ApiException api) {
      if (ErrorCode.INSUFFICIENT_SCOPE.code().equals(api.error().getError())
          && api.error().extra().get(Admission.REQUIRED_SCOPE) instanceof String scope) {
        rc.response().headers().set(Challenge.HEADER, Challenge.insufficientScope(scope));
      }
      ErrorResponses.send(rc, api.error());
      return;
    }
    Log.errorf(failure, "The gateway failed on %s %s", rc.request().method(), rc.normalizedPath());
    ErrorResponses.send(rc, ApiError.of(ErrorCode.SERVICE_UNAVAILABLE,
        "The gateway could not complete this call right now. Retry in a few seconds."));
  }
}

package dev.videoautomation.gateway.routing;

import io.quarkus.micrometer.runtime.binder.vertx.HttpRequestMetric;
import io.vertx.ext.web.RoutingContext;

/**
 * Names a request's timer after its route (issue 34). Quarkus's HTTP binder times every request; given the route's
 * {@code uri} tag here, it takes it as the path's template instead of matching the path against expressions
 * ({@code quarkus.micrometer.binder.http-server.match-patterns}, which the gateway no longer sets), so the series and
 * their tags stay those the dashboard (deploy/monitoring) reads.
 */
public final class RequestTimers {
  private RequestTimers() {
  }

  /** Names the timer of the request in {@code rc} {@code tag} (a route's, {@link RouteTable#uriTag}); null: none. */
  public static void name(RoutingContext rc, String tag) {
    if (tag == null) {
      return;
    }
    var metric = HttpRequestMetric.getRequestMetric(rc);
    if (metric != null) {
      metric.setTemplatePath(tag);
    }
  }
}

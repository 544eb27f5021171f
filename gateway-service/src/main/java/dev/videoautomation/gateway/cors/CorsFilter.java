package dev.videoautomation.gateway.cors;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

import io.quarkus.vertx.http.runtime.filters.Filters;
import io.vertx.core.http.HttpMethod;
import io.vertx.ext.web.RoutingContext;

import dev.videoautomation.platform.http.ResponseHeadersFilter;

/**
 * Cross-origin calls from any origin (design §3.7), on every path, errors included. Keys travel in headers, never
 * cookies, so {@code *} is safe. A preflight is answered here with 204 and never reaches an owner.
 */
@ApplicationScoped
public class CorsFilter {
  static final int PRIORITY = ResponseHeadersFilter.PRIORITY - 50;
  static final String ALLOWED_METHODS = "GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS";
  static final String ALLOWED_HEADERS = "Content-Type, Authorization, X-Api-Key, Idempotency-Key, X-Request-Id, "
      + "Max-Credits";
  static final String EXPOSED_HEADERS = "Service-Version, X-Request-Id, RateLimit, RateLimit-Policy, "
      + "RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, Retry-After, Idempotent-Replayed, Location, "
      + "Credits-Remaining";
  static final String MAX_AGE_SECONDS = "86400";

  void register(@Observes Filters filters) {
    filters.register(this::apply, PRIORITY);
  }

  void apply(RoutingContext rc) {
    var request = rc.request();
    if (request.getHeader("Origin") == null) {
      rc.next();
      return;
    }
    var headers = rc.response().headers();
    headers.set("Access-Control-Allow-Origin", "*");
    if (request.method() == HttpMethod.OPTIONS && request.getHeader("Access-Control-Request-Method") != null) {
      headers.set("Access-Control-Allow-Methods", ALLOWED_METHODS)
          .set("Access-Control-Allow-Headers", ALLOWED_HEADERS)
          .set("Access-Control-Max-Age", MAX_AGE_SECONDS);
      rc.response().setStatusCode(204).end();
      return;
    }
    headers.set("Access-Control-Expose-Headers", EXPOSED_HEADERS);
    rc.next();
  }
}

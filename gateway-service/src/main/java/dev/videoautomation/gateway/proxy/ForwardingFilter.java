package dev.videoautomation.gateway.proxy;

import java.net.URI;
import java.util.EnumMap;
import java.util.Map;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

import io.quarkus.vertx.http.runtime.filters.Filters;
import io.vertx.ext.web.RoutingContext;

import dev.videoautomation.gateway.config.GatewayConfig;
import dev.videoautomation.gateway.routing.Owner;
import dev.videoautomation.gateway.routing.RouteTable;
import dev.videoautomation.platform.errors.ApiError;
import dev.videoautomation.platform.errors.ErrorCode;
import dev.videoautomation.platform.errors.ErrorResponses;
import dev.videoautomation.platform.token.InternalTokens;

/**
 * The gateway's last filter: looks the request up in the {@link RouteTable} and forwards it to its owner; the
 * gateway's own paths and {@code /q/*} go on to its local handlers; an unknown path is a JSON 404 and a known path
 * with the wrong method a 405 with {@code Allow}.
 */
@ApplicationScoped
public class ForwardingFilter {
  static final int PRIORITY = 1_000;

  private final RouteTable routes;
  private final Forwarder forwarder;
  private final InternalTokens tokens;
  private final Map<Owner, URI> owners = new EnumMap<>(Owner.class);

  ForwardingFilter(RouteTable routes, Forwarder forwarder, InternalTokens tokens, GatewayConfig config) {
    this.routes = routes;
    this.forwarder = forwarder;
    this.tokens = tokens;
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
    if (path.startsWith("/q/")) {
      rc.next();
      return;
    }
    switch (routes.lookup(rc.request().method().name(), path)) {
      case RouteTable.Found found when found.route().owner() == Owner.GATEWAY -> rc.next();
      case RouteTable.Found found -> forwarder.forward(rc, owners.get(found.route().owner()), tokens.forThisService());
      case RouteTable.MethodNotAllowed notAllowed -> {
        rc.response().putHeader("Allow", String.join(", ", notAllowed.allowed()));
        ErrorResponses.send(rc, ApiError.of(ErrorCode.METHOD_NOT_ALLOWED, rc.request().method() + " is not allowed on "
            + path + "; allowed: " + String.join(", ", notAllowed.allowed()) + "."));
      }
      case RouteTable.NotFound notFound -> ErrorResponses.send(rc, ApiError.of(ErrorCode.NOT_FOUND,
          "Nothing is found at " + path + ". See /v1/openapi.json for the paths this API serves."));
    }
  }
}

package dev.videoautomation.gateway.admission;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

import io.quarkus.vertx.http.runtime.filters.Filters;
import io.vertx.ext.web.RoutingContext;

import dev.videoautomation.platform.config.SuiteConfig;
import dev.videoautomation.gateway.routing.Relayed;

/**
 * Every 401 the gateway answers itself says how to authenticate (RFC 6750 §3, RFC 9728 §5.1): {@code Bearer} with
 * {@code resource_metadata} pointing at the protected-resource metadata, which names the authorization server and
 * how to register for a key; a 403 for a missing scope names the scope ({@link #insufficientScope}, set where the
 * gateway refuses it). A 401 relayed from an owner (auth's wrong one-time codes) is about a code, not a key,
 * and is left as the owner wrote it.
 */
@ApplicationScoped
public class Challenge {
  public static final String HEADER = "WWW-Authenticate";
  static final int PRIORITY = 5_000;

  private final String value;

  Challenge(SuiteConfig suite) {
    this.value = "Bearer resource_metadata=\"" + suite.publicBaseUrl().replaceAll("/+$", "")
        + "/.well-known/oauth-protected-resource\"";
  }

  /**
   * The challenge of a 403 {@code insufficient_scope} (RFC 6750 §3.1): the key is good, and {@code scope} is what
   * the route needs that it lacks.
   */
  public static String insufficientScope(String scope) {
    return "Bearer error=\"insufficient_scope\", scope=\"" + scope + '"';
  }

  /** The header's value on this deployment. */
  public String value() {
    return value;
  }

  void register(@Observes Filters filters) {
    filters.register(rc -> {
      rc.addHeadersEndHandler(ignored -> challengeIfRefused(rc));
      rc.next();
    }, PRIORITY);
  }

  private void challengeIfRefused(RoutingContext rc) {
    if (rc.response().getStatusCode() == 401 && !Relayed.isRelayed(rc)) {
      rc.response().headers().set(HEADER, value);
    }
  }
}

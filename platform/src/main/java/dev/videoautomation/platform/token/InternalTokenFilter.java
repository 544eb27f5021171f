package dev.videoautomation.platform.token;

import java.util.Arrays;
import java.util.Set;
import java.util.stream.Collectors;

import jakarta.enterprise.event.Observes;
import jakarta.inject.Singleton;

import org.eclipse.microprofile.jwt.JsonWebToken;

import io.quarkus.logging.Log;
import io.quarkus.vertx.http.runtime.filters.Filters;
import io.smallrye.jwt.auth.principal.JWTParser;
import io.smallrye.jwt.auth.principal.ParseException;
import io.vertx.ext.web.RoutingContext;

import dev.videoautomation.platform.errors.ApiError;
import dev.videoautomation.platform.errors.ErrorCode;
import dev.videoautomation.platform.errors.ErrorResponses;
import dev.videoautomation.platform.http.ResponseHeadersFilter;

/**
 * Every service refuses a request that lacks a valid internal token (signature, issuer, audience, expiry, a life of
 * at most five minutes), except health, metrics and the other {@code /q/*} endpoints. No service trusts a bare
 * header: the caller's identity is only what the verified token says, kept for the request as a {@link Caller}.
 */
@Singleton
public class InternalTokenFilter {
  public static final int PRIORITY = ResponseHeadersFilter.PRIORITY - 100;
  static final String CALLER_KEY = "vas.caller";
  static final long MAX_LIFETIME_SECONDS = 300;

  private final JWTParser parser;
  private final InternalTokenConfig config;

  InternalTokenFilter(JWTParser parser, InternalTokenConfig config) {
    this.parser = parser;
    this.config = config;
  }

  void register(@Observes Filters filters) {
    if (config.required()) {
      filters.register(this::verify, PRIORITY);
    }
  }

  /**
   * Goes on with the verified {@link Caller} in the request, or answers 401. Public for the gateway, which needs no
   * token on its public paths and runs this on its few internal ones only.
   */
  public void verify(RoutingContext rc) {
    if (rc.normalizedPath().startsWith("/q/")) {
      rc.next();
      return;
    }
    var header = rc.request().getHeader("Authorization");
    if (header == null || !header.regionMatches(true, 0, "Bearer ", 0, 7)) {
      refuse(rc, "This service is internal: call it through the gateway, which adds the internal token.");
      return;
    }
    try {
      rc.put(CALLER_KEY, toCaller(parser.parse(header.substring(7).trim())));
      rc.next();
    } catch (ParseException | RuntimeException e) {
      Log.debugf("Refused an internal token: %s", e.getMessage());
      refuse(rc, "The internal token is missing, expired or not signed by this suite.");
    }
  }

  private Caller toCaller(JsonWebToken jwt) throws ParseException {
    if (jwt.getSubject() == null || jwt.getExpirationTime() - jwt.getIssuedAtTime() > MAX_LIFETIME_SECONDS) {
      throw new ParseException("token has no subject or lives longer than " + MAX_LIFETIME_SECONDS + " s");
    }
    String scope = jwt.getClaim(InternalTokens.SCOPE_CLAIM);
    Set<String> scopes = scope == null || scope.isBlank() ? Set.of()
        : Arrays.stream(scope.trim().split("\\s+")).collect(Collectors.toUnmodifiableSet());
    String plan = jwt.getClaim(InternalTokens.PLAN_CLAIM);
    String keyId = jwt.getClaim(InternalTokens.KEY_ID_CLAIM);
    return new Caller(jwt.getSubject(), scopes, plan, keyId, jwt.getRawToken(), jwt.getExpirationTime());
  }

  private static void refuse(RoutingContext rc, String message) {
    ErrorResponses.send(rc, ApiError.of(ErrorCode.UNAUTHORIZED, message));
  }
}

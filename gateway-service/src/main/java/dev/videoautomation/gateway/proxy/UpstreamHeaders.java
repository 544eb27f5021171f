package dev.videoautomation.gateway.proxy;


import java.util.concurrent.ConcurrentHashMap;

import jakarta.inject.Singleton;

import io.netty.util.AsciiString;
import io.vertx.core.MultiMap;
import io.vertx.core.http.HttpHeaders;

import dev.videoautomation.platform.http.ApiVersion;
import dev.videoautomation.platform.http.CallerTrace;

/**
 * The headers of a forwarded request and of the answer relayed back. The owner gets the caller's headers without
 * the caller's key, with the internal token, the request id and the agent's address in their place, and the agent's
 * trace context only when it is valid ({@link CallerTrace}); the caller gets the owner's, without hop-by-hop ones.
 */
@Singleton
class UpstreamHeaders {
  /**
   * Hop-by-hop headers (RFC 9110 §7.6.1; {@code HTTP2-Settings} comes with a declined {@code Upgrade: h2c}) and the
   * ones the gateway replaces; never copied across. Held as Vert.x header maps, which hash names without regard to
   * case, so checking a name allocates nothing.
   */
  private static final MultiMap NOT_FORWARDED = names("connection", "keep-alive", "proxy-authenticate",
      "proxy-authorization", "te", "trailer", "transfer-encoding", "upgrade", "http2-settings", "host", "authorization",
      "x-api-key", "x-forwarded-for", "x-forwarded-host", "x-forwarded-proto", "x-request-id", "x-client-address",
      "x-gateway-relay", "x-gateway-follow", "idempotency-key", "traceparent", "tracestate");
  private static final MultiMap NOT_RETURNED = names("connection", "keep-alive", "proxy-authenticate",
      "proxy-authorization", "te", "trailer", "transfer-encoding", "upgrade");
  /** As many as the internal tokens cached (platform's InternalTokens), which are as many as active callers. */
  private static final int MAX_BEARERS = 50_000;

  private final ConcurrentHashMap<String, AsciiString> bearers = new ConcurrentHashMap<>();

  /**
   * Puts on {@code headers} (the upstream request's own, so nothing is copied twice) what the owner gets for the
   * request of {@code exchange}, with {@code internalToken} as its bearer token.
   */
  void toOwner(Exchange exchange, String internalToken, MultiMap headers) {
    exchange.headers().forEach((name, value) -> {
      if (!NOT_FORWARDED.contains(name)) {
        headers.add(name, value);
      }
    });
    headers.set(HttpHeaders.AUTHORIZATION, bearer(internalToken));
    headers.set(ApiVersion.REQUEST_ID_HEADER, exchange.requestId());
    var callerTrace = exchange.callerTrace();
    if (callerTrace != null) {
      // The OpenTelemetry SDK is off (no collector): the agent's valid trace context goes on as it came. While it
      // runs, its tracer puts the gateway's client span in its place instead.
      headers.set(CallerTrace.TRACEPARENT, callerTrace.traceparent());
      if (callerTrace.tracestate() != null) {
        headers.set(CallerTrace.TRACESTATE, callerTrace.tracestate());
      }
    }
    var clientAddress = exchange.clientAddress();
    if (clientAddress != null) {
      headers.set("X-Forwarded-For", clientAddress);
      headers.set(ClientAddresses.HEADER, clientAddress);
    }
    var scheme = exchange.scheme();
    headers.set("X-Forwarded-Proto", scheme == null ? "http" : scheme);
    var authority = exchange.authority();
    if (authority != null) {
      headers.set("X-Forwarded-Host", authority);
    }
  }

  /**
   * {@code Authorization: Bearer <token>} as bytes, made once per token: a token lives minutes and is the longest
   * header a forward carries, and as a string each forward built it anew and Netty copied it out a char at a time.
   */
  private AsciiString bearer(String internalToken) {
    var bearer = bearers.get(internalToken);
    if (bearer == null) {
      if (bearers.size() > MAX_BEARERS) {
        bearers.clear();
      }
      bearer = AsciiString.of("Bearer " + internalToken);
      bearers.put(internalToken, bearer);
    }
    return bearer;
  }

  /** Copies the owner's answer headers {@code from} onto the caller's answer {@code to}, hop-by-hop ones left out. */
  static void copyReturned(MultiMap from, MultiMap to) {
    from.forEach((name, value) -> {
      if (!NOT_RETURNED.contains(name)) {
        to.add(name, value);
      }
    });
  }

  private static MultiMap names(String... names) {
    var set = MultiMap.caseInsensitiveMultiMap();
    for (var name : names) {
      set.add(name, "");
    }
    return set;
  }
}

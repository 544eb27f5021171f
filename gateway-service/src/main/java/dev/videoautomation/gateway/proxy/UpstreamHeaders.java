package dev.videoautomation.gateway.proxy;

import java.util.Locale;
import java.util.Set;

import jakarta.enterprise.context.ApplicationScoped;

import io.vertx.core.MultiMap;
import io.vertx.core.http.HttpHeaders;
import io.vertx.ext.web.RoutingContext;

import dev.videoautomation.platform.http.ApiVersion;
import dev.videoautomation.platform.http.ResponseHeadersFilter;

/**
 * The headers of a forwarded request and of the answer relayed back. The owner gets the caller's headers without
 * the caller's key, with the internal token, the request id and the agent's address in their place; the caller gets
 * the owner's, without hop-by-hop ones.
 */
@ApplicationScoped
class UpstreamHeaders {
  /** Hop-by-hop headers (RFC 9110 §7.6.1) and the ones the gateway replaces; never copied across. */
  private static final Set<String> NOT_FORWARDED = Set.of("connection", "keep-alive", "proxy-authenticate",
      "proxy-authorization", "te", "trailer", "transfer-encoding", "upgrade", "host", "authorization", "x-api-key",
      "x-forwarded-for", "x-forwarded-host", "x-forwarded-proto", "x-request-id", "x-client-address", "x-gateway-relay",
      "idempotency-key", "traceparent", "tracestate");
  private static final Set<String> NOT_RETURNED = Set.of("connection", "keep-alive", "proxy-authenticate",
      "proxy-authorization", "te", "trailer", "transfer-encoding", "upgrade");

  private final ClientAddresses clientAddresses;

  UpstreamHeaders(ClientAddresses clientAddresses) {
    this.clientAddresses = clientAddresses;
  }

  /** The headers the owner gets for the request in {@code rc}, with {@code internalToken} as its bearer token. */
  MultiMap toOwner(RoutingContext rc, String internalToken) {
    var request = rc.request();
    var headers = MultiMap.caseInsensitiveMultiMap();
    request.headers().forEach(header -> {
      if (!NOT_FORWARDED.contains(header.getKey().toLowerCase(Locale.ROOT))) {
        headers.add(header.getKey(), header.getValue());
      }
    });
    headers.set(HttpHeaders.AUTHORIZATION, "Bearer " + internalToken);
    headers.set(ApiVersion.REQUEST_ID_HEADER, (String) rc.get(ResponseHeadersFilter.ROUTING_KEY));
    var clientAddress = clientAddresses.of(request);
    if (clientAddress != null) {
      headers.set("X-Forwarded-For", clientAddress);
      headers.set(ClientAddresses.HEADER, clientAddress);
    }
    headers.set("X-Forwarded-Proto", request.scheme() == null ? "http" : request.scheme());
    if (request.authority() != null) {
      headers.set("X-Forwarded-Host", request.authority().toString());
    }
    return headers;
  }

  /** Copies the owner's answer headers {@code from} onto the caller's answer {@code to}, hop-by-hop ones left out. */
  static void copyReturned(MultiMap from, MultiMap to) {
    from.forEach(header -> {
      if (!NOT_RETURNED.contains(header.getKey().toLowerCase(Locale.ROOT))) {
        to.add(header.getKey(), header.getValue());
      }
    });
  }
}

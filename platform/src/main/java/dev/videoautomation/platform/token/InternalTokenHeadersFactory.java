package dev.videoautomation.platform.token;

import java.time.Instant;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.core.MultivaluedHashMap;
import jakarta.ws.rs.core.MultivaluedMap;

import org.eclipse.microprofile.rest.client.ext.ClientHeadersFactory;

import dev.videoautomation.platform.http.ApiVersion;
import dev.videoautomation.platform.http.CallerTrace;
import dev.videoautomation.platform.http.RequestIds;

/**
 * Adds the internal token and the request id to every call one service makes to another, and, while the OpenTelemetry
 * SDK is off, the caller's own {@code traceparent} and {@code tracestate} ({@link CallerTrace}; while it runs, the
 * extension's REST-client filter adds its client span's {@code traceparent} instead).
 * A call made while serving a client carries that client's token on (while it has a minute left); anything else signs as
 * {@code service:<name>}: a scheduled worker, and a request that arrived with another service's token, which is never
 * passed along as if it were ours. Register it with {@code @RegisterClientHeaders(InternalTokenHeadersFactory.class)}.
 */
@ApplicationScoped
public class InternalTokenHeadersFactory implements ClientHeadersFactory {
  private static final long MIN_REMAINING_SECONDS = 60;

  private final CurrentCaller currentCaller;
  private final InternalTokens tokens;

  InternalTokenHeadersFactory(CurrentCaller currentCaller, InternalTokens tokens) {
    this.currentCaller = currentCaller;
    this.tokens = tokens;
  }

  @Override
  public MultivaluedMap<String, String> update(MultivaluedMap<String, String> incoming,
      MultivaluedMap<String, String> outgoing) {
    var headers = new MultivaluedHashMap<String, String>();
    headers.putSingle("Authorization", "Bearer " + tokenForThisCall());
    var requestId = RequestIds.current();
    if (!"none".equals(requestId)) {
      headers.putSingle(ApiVersion.REQUEST_ID_HEADER, requestId);
    }
    CallerTrace.carryOn(headers::putSingle);
    return headers;
  }

  private String tokenForThisCall() {
    var now = Instant.now().getEpochSecond();
    return currentCaller.get()
        .filter(caller -> !caller.isService() && caller.expiresAt() - now > MIN_REMAINING_SECONDS)
        .map(Caller::token)
        .orElseGet(tokens::forThisService);
  }
}

package dev.videoautomation.auth.subkeys;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.core.MultivaluedHashMap;
import jakarta.ws.rs.core.MultivaluedMap;

import org.eclipse.microprofile.rest.client.ext.ClientHeadersFactory;

import dev.videoautomation.platform.http.ApiVersion;
import dev.videoautomation.platform.http.CallerTrace;
import dev.videoautomation.platform.http.RequestIds;
import dev.videoautomation.platform.token.InternalTokens;

/**
 * Signs auth's calls for budgets and key usage as {@code service:auth-service}, even while serving a client: billing
 * and the gateway answer those to the service subject only (docs/internal-api.md §3.19.2, §3.19.4), since a key's
 * budget is its owner's decision and must never be set with a client's own token. The platform's
 * {@code InternalTokenHeadersFactory} would carry the client's token on instead.
 */
@ApplicationScoped
public class ServiceTokenHeaders implements ClientHeadersFactory {
  private final InternalTokens tokens;

  ServiceTokenHeaders(InternalTokens tokens) {
    this.tokens = tokens;
  }

  @Override
  public MultivaluedMap<String, String> update(MultivaluedMap<String, String> incoming,
      MultivaluedMap<String, String> outgoing) {
    var headers = new MultivaluedHashMap<String, String>();
    headers.putSingle("Authorization", "Bearer " + tokens.forThisService());
    var requestId = RequestIds.current();
    if (!"none".equals(requestId)) {
      headers.putSingle(ApiVersion.REQUEST_ID_HEADER, requestId);
    }
    // While the OpenTelemetry SDK is off, the caller's trace goes on as it came (the extension's filter otherwise).
    CallerTrace.carryOn(headers::putSingle);
    return headers;
  }
}

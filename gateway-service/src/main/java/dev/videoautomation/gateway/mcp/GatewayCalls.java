package dev.videoautomation.gateway.mcp;

import java.util.Map;

import jakarta.enterprise.context.ApplicationScoped;

import io.vertx.core.Future;
import io.vertx.core.MultiMap;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpHeaders;
import io.vertx.ext.web.RoutingContext;

import dev.videoautomation.gateway.proxy.ClientAddresses;
import dev.videoautomation.gateway.proxy.ForwardingFilter;
import dev.videoautomation.gateway.proxy.InProcessExchange;

/**
 * The REST calls MCP makes for its caller, run in process through the gateway's request path
 * ({@link ForwardingFilter#inProcess}): request sizes, route, admission with the caller's key, {@code Idempotency-Key},
 * the daily unit and the one forward to the owner, as for a REST call, with no second HTTP exchange. A route the
 * gateway serves itself goes through {@link Loopback}.
 */
@ApplicationScoped
class GatewayCalls {
  /** The caller's headers a call carries on: its key. */
  private static final String[] KEY_HEADERS = {"Authorization", "X-Api-Key"};

  /**
   * Who a call is made for, read from the {@code /mcp} request while it is current (a list read again and a result
   * stored happen in callbacks after it): its key headers and what the gateway knows of it.
   */
  record Caller(MultiMap keyHeaders, InProcessExchange.Caller request) {
  }

  private final ForwardingFilter pipeline;
  private final Loopback loopback;
  private final ClientAddresses addresses;

  GatewayCalls(ForwardingFilter pipeline, Loopback loopback, ClientAddresses addresses) {
    this.pipeline = pipeline;
    this.loopback = loopback;
    this.addresses = addresses;
  }

  /** The caller of the {@code /mcp} request in {@code rc}; one without a key or address when {@code rc} is null. */
  Caller caller(RoutingContext rc) {
    var keyHeaders = MultiMap.caseInsensitiveMultiMap();
    if (rc == null) {
      return new Caller(keyHeaders, new InProcessExchange.Caller(null, null, null, "http", null));
    }
    for (var name : KEY_HEADERS) {
      var value = rc.request().getHeader(name);
      if (value != null) {
        keyHeaders.set(name, value);
      }
    }
    return new Caller(keyHeaders, InProcessExchange.Caller.of(rc, addresses));
  }

  /** {@code method target} for {@code caller} with {@code extraHeaders} and a JSON {@code body} (null for none). */
  Future<InProcessExchange.Answer> call(String method, String target, Caller caller,
      Map<String, String> extraHeaders, Buffer body) {
    var headers = MultiMap.caseInsensitiveMultiMap().addAll(caller.keyHeaders())
        .set(HttpHeaders.ACCEPT, "application/json");
    extraHeaders.forEach(headers::set);
    if (body != null) {
      headers.set(HttpHeaders.CONTENT_TYPE, "application/json");
    }
    return pipeline.inProcess(new InProcessExchange(method, target, headers, body, caller.request(),
        loopback::call));
  }
}

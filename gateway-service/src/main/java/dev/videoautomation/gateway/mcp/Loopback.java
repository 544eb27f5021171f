package dev.videoautomation.gateway.mcp;

import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;

import io.quarkus.vertx.http.HttpServer;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.PoolOptions;
import io.vertx.core.http.RequestOptions;

import dev.videoautomation.gateway.proxy.ClientAddresses;
import dev.videoautomation.gateway.proxy.InProcessExchange;
import dev.videoautomation.platform.http.ApiVersion;
import dev.videoautomation.platform.http.CallerTrace;

/**
 * Calls the gateway itself on its own port on loopback, for the one kind of MCP call that does not run in process:
 * a route the gateway serves itself ({@code Owner.GATEWAY}: its JAX-RS resources, such as {@code GET /v1/jobs/{id}},
 * {@code GET /v1/usage} and the {@code vas://} resources' documents), which needs the JAX-RS stack behind the
 * gateway's HTTP server. Every call to an owner runs in process ({@link InProcessExchange}) instead. The call carries
 * the MCP caller's key, request id, trace context and address (the relay header, believed only from this process),
 * so it meets the same request path as a REST call.
 */
@ApplicationScoped
class Loopback {
  private final HttpServer server;
  private final ClientAddresses addresses;
  private final HttpClient client;

  Loopback(Vertx vertx, HttpServer server, ClientAddresses addresses) {
    this.server = server;
    this.addresses = addresses;
    this.client = vertx.createHttpClient(new HttpClientOptions().setKeepAlive(true).setTcpNoDelay(true)
        .setDecompressionSupported(false), new PoolOptions().setHttp1MaxSize(64));
  }

  @PreDestroy
  void close() {
    client.close();
  }

  /** {@code exchange} sent to the gateway over HTTP, its answer read whole. */
  Future<InProcessExchange.Answer> call(InProcessExchange exchange) {
    var options = new RequestOptions().setMethod(exchange.method()).setHost("127.0.0.1")
        .setPort(server.getPort()).setURI(exchange.uri());
    exchange.headers().forEach((name, value) -> {
      if (!HttpHeaders.CONTENT_LENGTH.toString().equalsIgnoreCase(name)) {
        options.addHeader(name, value);
      }
    });
    var caller = exchange.caller();
    if (caller.address() != null) {
      // The owners' per-address limits count the MCP caller, not this gateway.
      options.putHeader(ClientAddresses.HEADER, caller.address()).putHeader(ClientAddresses.RELAY_HEADER,
          addresses.relaySecret());
    }
    if (caller.requestId() != null) {
      options.putHeader(ApiVersion.REQUEST_ID_HEADER, caller.requestId());
    }
    if (caller.trace() != null) {
      options.putHeader(CallerTrace.TRACEPARENT, caller.trace().traceparent());
      if (caller.trace().tracestate() != null) {
        options.putHeader(CallerTrace.TRACESTATE, caller.trace().tracestate());
      }
    }
    var body = exchange.wholeBody();
    return client.request(options)
        .compose(request -> body == null ? request.send() : request.send(body))
        .compose(response -> response.body().map(bytes -> new InProcessExchange.Answer(response.statusCode(),
            response.headers(), bytes)));
  }
}

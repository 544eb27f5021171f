package dev.videoautomation.gateway.mcp;

import java.util.Map;

import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;

import io.quarkus.vertx.http.HttpServer;
import io.vertx.core.Future;
import io.vertx.core.MultiMap;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.PoolOptions;
import io.vertx.core.http.RequestOptions;

import dev.videoautomation.gateway.proxy.ClientAddresses;

/**
 * Calls the gateway itself on its own port on loopback, with the MCP caller's key: so a tool call meets the same
 * pipeline as a REST call (request sizes, admission with scope and subscription, {@code Idempotency-Key}, the daily
 * unit, the internal token) and there is no second path to the services.
 */
@ApplicationScoped
class Loopback {
  /** The caller's headers a tool call carries on. */
  static final String[] CALLER_HEADERS = {"Authorization", "X-Api-Key", "X-Request-Id", "traceparent"};

  /** One answer: status, headers, body. */
  record Answer(int status, MultiMap headers, Buffer body) {
  }

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

  /**
   * {@code method target} on the gateway with {@code caller}'s key (and request id), {@code extraHeaders}, and a JSON
   * {@code body} when not null. {@code caller} is null when there is no HTTP request to copy from.
   */
  Future<Answer> call(String method, String target, HttpServerRequest caller, Map<String, String> extraHeaders,
      Buffer body) {
    var options = new RequestOptions().setMethod(HttpMethod.valueOf(method)).setHost("127.0.0.1")
        .setPort(server.getPort()).setURI(target).putHeader("Accept", "application/json");
    if (caller != null) {
      // The owners' per-address limits (registration) count the MCP caller, not this gateway.
      var address = addresses.of(caller);
      if (address != null) {
        options.putHeader(ClientAddresses.HEADER, address).putHeader(ClientAddresses.RELAY_HEADER,
            addresses.relaySecret());
      }
      for (var name : CALLER_HEADERS) {
        var value = caller.getHeader(name);
        if (value != null) {
          options.putHeader(name, value);
        }
      }
    }
    extraHeaders.forEach(options::putHeader);
    if (body != null) {
      options.putHeader("Content-Type", "application/json");
    }
    return client.request(options)
        .compose(request -> body == null ? request.send() : request.send(body))
        .compose(response -> response.body().map(bytes -> new Answer(response.statusCode(), response.headers(),
            bytes)));
  }
}

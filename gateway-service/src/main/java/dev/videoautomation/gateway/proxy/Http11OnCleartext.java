package dev.videoautomation.gateway.proxy;

import jakarta.enterprise.context.ApplicationScoped;

import io.quarkus.vertx.http.HttpServerOptionsCustomizer;
import io.vertx.core.http.HttpServerOptions;

/**
 * The gateway speaks HTTP/1.1 on its cleartext port. An {@code Upgrade: h2c} (which Java's {@code HttpClient}, and so
 * the generated Java client, sends on every {@code http://} request by default) is ignored and the request answered
 * over HTTP/1.1: RFC 9113 §3.1 deprecates the upgrade, and Vert.x's upgrade of a request with a streamed body cut
 * uploads short (500/502 on {@code POST /v1/upload}). Vert.x 4.5 has one switch for cleartext HTTP/2, so a client
 * that starts with the HTTP/2 preface (prior knowledge) is refused too; HTTP/2 belongs to the TLS-terminating proxy in
 * front of the gateway, which negotiates it with ALPN.
 */
@ApplicationScoped
class Http11OnCleartext implements HttpServerOptionsCustomizer {
  @Override
  public void customizeHttpServer(HttpServerOptions options) {
    options.setHttp2ClearTextEnabled(false);
  }
}

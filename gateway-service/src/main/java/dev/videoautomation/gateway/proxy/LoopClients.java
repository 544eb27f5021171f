package dev.videoautomation.gateway.proxy;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import io.netty.util.concurrent.FastThreadLocal;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.PoolOptions;

/**
 * One HTTP client per event loop, so that a forward never leaves the loop its request came in on (issue 34). Vert.x
 * binds each pooled connection to the loop that opened it, and one client shared by every loop hands a request the
 * connection last used, whichever loop it belongs to; the request's writes and the answer's reads then cross between
 * loops twice per forward, each crossing a task queued on the other loop. A loop's own client only ever opens and
 * reuses connections on that loop. Callers off the event loops (none on the request path) share one client.
 */
final class LoopClients {
  private final Vertx vertx;
  private final HttpClientOptions options;
  private final PoolOptions pool;
  private final HttpClient offLoop;
  private final Set<HttpClient> opened = ConcurrentHashMap.newKeySet();
  private final FastThreadLocal<HttpClient> byLoop = new FastThreadLocal<>() {
    @Override
    protected HttpClient initialValue() {
      return open();
    }
  };

  /** {@code pool} applies to each loop's client: its connections are that loop's. */
  LoopClients(Vertx vertx, HttpClientOptions options, PoolOptions pool) {
    this.vertx = vertx;
    this.options = options;
    this.pool = pool;
    this.offLoop = open();
  }

  /** The client of the event loop running now, or the shared one off the event loops. */
  HttpClient current() {
    return Context.isOnEventLoopThread() ? byLoop.get() : offLoop;
  }

  void close() {
    opened.forEach(HttpClient::close);
  }

  private HttpClient open() {
    var client = vertx.createHttpClient(new HttpClientOptions(options), new PoolOptions(pool));
    opened.add(client);
    return client;
  }
}

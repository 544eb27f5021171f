package dev.videoautomation.gateway.proxy;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import io.vertx.core.Context;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.PoolOptions;
import io.vertx.core.http.RequestOptions;
import io.vertx.core.net.impl.ConnectionBase;

/**
 * A forward stays on the event loop its request came in on (issue 34): each loop's client uses connections of that
 * loop only. The control shows what the check catches: one client shared by two loops hands the second loop the
 * first loop's connection.
 */
class LoopClientsTest {
  private Vertx vertx;
  private HttpServer owner;

  @BeforeEach
  void start() throws Exception {
    vertx = Vertx.vertx(new VertxOptions().setEventLoopPoolSize(2));
    owner = vertx.createHttpServer().requestHandler(request -> request.response().end("ok")).listen(0, "127.0.0.1")
        .toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
  }

  @AfterEach
  void stop() throws Exception {
    vertx.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
  }

  @Test
  void shouldForwardOnConnectionsOfTheCallersOwnLoop() throws Exception {
    var clients = new LoopClients(vertx, new HttpClientOptions().setKeepAlive(true), new PoolOptions());
    for (var loop : twoLoops()) {
      for (int i = 0; i < 3; i++) {
        assertThat(requestOn(loop, clients::current)).as("answered on a connection of the caller's loop").isTrue();
      }
    }
  }

  @Test
  void shouldCatchAClientSharedByTwoLoops() throws Exception {
    var shared = vertx.createHttpClient(new HttpClientOptions().setKeepAlive(true), new PoolOptions());
    var loops = twoLoops();
    assertThat(requestOn(loops.getFirst(), () -> shared)).as("the first connection is its caller's loop's").isTrue();
    // The second loop is handed that connection once it is back in the pool, which it is after its answer is read,
    // a little later: some of three calls, each after a pause, find it there.
    var onOwnLoop = new ArrayList<Boolean>();
    for (int i = 0; i < 3; i++) {
      Thread.sleep(100);
      onOwnLoop.add(requestOn(loops.get(1), () -> shared));
    }
    assertThat(onOwnLoop).as("calls of the second loop on the first loop's connection").contains(false);
  }

  /**
   * Two contexts on different event loops: a thread outside Vert.x keeps the context it was given, so each comes from
   * a thread of its own, and new contexts take the loops in turn.
   */
  private List<Context> twoLoops() throws Exception {
    var first = contextOfANewThread();
    var second = contextOfANewThread();
    assertThat(threadOf(first)).isNotEqualTo(threadOf(second));
    return List.of(first, second);
  }

  private Context contextOfANewThread() throws Exception {
    var context = new Context[1];
    var thread = new Thread(() -> context[0] = vertx.getOrCreateContext());
    thread.start();
    thread.join();
    return context[0];
  }

  private static Thread threadOf(Context context) throws Exception {
    var thread = Promise.<Thread>promise();
    context.runOnContext(ignored -> thread.complete(Thread.currentThread()));
    return thread.future().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
  }

  /** One GET from {@code loop}: whether its connection belongs to that loop. */
  private boolean requestOn(Context loop, Supplier<HttpClient> client) throws Exception {
    var sameLoop = Promise.<Boolean>promise();
    loop.runOnContext(ignored -> client.get()
        .request(new RequestOptions().setMethod(HttpMethod.GET).setHost("127.0.0.1").setPort(owner.actualPort())
            .setURI("/"))
        .compose(request -> request.send().compose(response -> response.body().map(body ->
            ((ConnectionBase) request.connection()).channel().eventLoop().inEventLoop())))
        .onComplete(sameLoop));
    return sameLoop.future().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
  }
}

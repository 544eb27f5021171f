package dev.videoautomation.suite.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import io.vertx.core.AbstractVerticle;
import io.vertx.core.DeploymentOptions;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.HttpVersion;
import io.vertx.core.http.PoolOptions;
import io.vertx.httpproxy.HttpProxy;

/**
 * The yardstick of issue 34: the plainest reverse proxy on the gateway's own engine, {@code io.vertx:vertx-http-proxy}
 * on the same Vert.x 4.5, in front of the same static nginx owner. Two event loops (the gateway images'), one HTTP
 * client with a pool of 200 keep-alive HTTP/1.1 connections (the gateway's {@code gateway.upstream.max-connections}),
 * headers copied as the library copies them, and nothing else: no auth, metrics, tracing or other handlers. The
 * bench starts it in its own JVM with the gateway image's flags ({@link #start}); {@link #main} is the whole proxy.
 */
public final class VertxProxyYardstick {
  /** The gateway images' event loops (JvmImagesTest holds the images to them). */
  static final int EVENT_LOOPS = Integer.parseInt(GatewayBench.IMAGE_EVENT_LOOPS);
  /** The gateway's own pool per owner ({@code gateway.upstream.max-connections}'s default). */
  static final int POOL = 200;

  private VertxProxyYardstick() {
  }

  /** {@code <port> <owner port>}: proxies 127.0.0.1:port to the owner on 127.0.0.1 until the process is ended. */
  public static void main(String[] args) throws Exception {
    var port = Integer.parseInt(args[0]);
    var ownerPort = Integer.parseInt(args[1]);
    var vertx = Vertx.vertx(new VertxOptions().setEventLoopPoolSize(EVENT_LOOPS));
    HttpClient client = vertx.createHttpClient(new HttpClientOptions()
            .setProtocolVersion(HttpVersion.HTTP_1_1).setKeepAlive(true).setTcpNoDelay(true),
        new PoolOptions().setHttp1MaxSize(POOL));
    var proxy = HttpProxy.reverseProxy(client).origin(ownerPort, "127.0.0.1");
    // One server per event loop on the same port, as Quarkus deploys its HTTP server: Vert.x spreads the connections.
    vertx.deployVerticle(() -> new AbstractVerticle() {
      @Override
      public void start(Promise<Void> started) {
        this.vertx.createHttpServer().requestHandler(proxy).listen(port, "127.0.0.1")
            .<Void>mapEmpty().onComplete(started);
      }
    }, new DeploymentOptions().setInstances(EVENT_LOOPS)).toCompletionStage().toCompletableFuture()
        .get(10, TimeUnit.SECONDS);
    System.out.println("vertx-http-proxy on 127.0.0.1:" + port + " -> 127.0.0.1:" + ownerPort);
  }

  /** The yardstick running in its own JVM. */
  record Running(Process process, int port) implements AutoCloseable {
    @Override
    public void close() throws InterruptedException {
      process.destroy();
      if (!process.waitFor(5, TimeUnit.SECONDS)) {
        process.destroyForcibly();
      }
    }
  }

  /** Starts {@link #main} with {@code javaOptions} (the gateway image's flags) and this JVM's classpath. */
  static Running start(List<String> javaOptions, int ownerPort) throws IOException, InterruptedException {
    var port = BenchSupport.freePort();
    var log = Files.createTempFile("vas-vertx-proxy", ".log");
    var command = new ArrayList<String>();
    command.add(ProcessHandle.current().info().command().orElse("java"));
    command.addAll(javaOptions);
    command.addAll(List.of("-cp", System.getProperty("java.class.path"), VertxProxyYardstick.class.getName(),
        Integer.toString(port), Integer.toString(ownerPort)));
    var process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    try {
      BenchSupport.awaitListening(process, port, "the Vert.x proxy (log: " + log + ")");
    } catch (RuntimeException | InterruptedException e) {
      process.destroyForcibly();
      throw e;
    }
    return new Running(process, port);
  }
}

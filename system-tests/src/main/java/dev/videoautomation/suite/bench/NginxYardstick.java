package dev.videoautomation.suite.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * nginx from the committed {@code bench/gateway/nginx.conf}: the owner every gateway read goes to (a static JSON
 * answer) and a plain nginx proxy in front of the same owner, beside which a run judges the Vert.x yardstick
 * ({@link VertxProxyYardstick}, issue 34: a round counts only when it reaches 0.65× nginx's throughput). Only
 * the ports and the scratch directory are filled in, so the target cannot move with the config.
 */
final class NginxYardstick implements AutoCloseable {
  private final Process process;
  private final int ownerPort;
  private final int proxyPort;

  private NginxYardstick(Process process, int ownerPort, int proxyPort) {
    this.process = process;
    this.ownerPort = ownerPort;
    this.proxyPort = proxyPort;
  }

  /** Starts nginx with the committed config; {@code documentsPort} answers the owner's {@code /q/openapi}. */
  static NginxYardstick start(Path root, int documentsPort) throws IOException, InterruptedException {
    var dir = Files.createTempDirectory("vas-nginx");
    var ownerPort = BenchSupport.freePort();
    var proxyPort = BenchSupport.freePort();
    var config = Files.readString(root.resolve("bench/gateway/nginx.conf"))
        .replace("@DIR@", dir.toString())
        .replace("@OWNER_PORT@", Integer.toString(ownerPort))
        .replace("@PROXY_PORT@", Integer.toString(proxyPort))
        .replace("@DOCUMENTS_PORT@", Integer.toString(documentsPort));
    var file = dir.resolve("nginx.conf");
    Files.writeString(file, config);
    var process = new ProcessBuilder(nginx(), "-p", dir.toString(), "-c", file.toString())
        .redirectErrorStream(true).redirectOutput(dir.resolve("stdout.log").toFile()).start();
    var yardstick = new NginxYardstick(process, ownerPort, proxyPort);
    BenchSupport.awaitListening(process, ownerPort, "nginx");
    BenchSupport.awaitListening(process, proxyPort, "nginx");
    return yardstick;
  }

  int ownerPort() {
    return ownerPort;
  }

  int proxyPort() {
    return proxyPort;
  }

  private static String nginx() {
    for (var candidate : new String[] {"/usr/sbin/nginx", "/usr/local/sbin/nginx", "/usr/bin/nginx"}) {
      if (Files.isExecutable(Path.of(candidate))) {
        return candidate;
      }
    }
    return "nginx";
  }

  @Override
  public void close() throws InterruptedException {
    process.destroy();
    if (!process.waitFor(5, java.util.concurrent.TimeUnit.SECONDS)) {
      process.destroyForcibly();
    }
  }
}

package dev.videoautomation.gateway.sizes;

import java.io.IOException;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;

/** One request written as bytes on a socket, for what HTTP clients will not send (a length with no body behind). */
final class RawHttp {
  private RawHttp() {
  }

  /** Writes {@code head} and reads until the server closes the connection (the refusal closes it). */
  static String exchange(URI server, String head) throws IOException {
    try (var socket = new Socket(server.getHost(), server.getPort())) {
      socket.setSoTimeout(10_000);
      socket.getOutputStream().write(head.getBytes(StandardCharsets.ISO_8859_1));
      socket.getOutputStream().flush();
      return new String(socket.getInputStream().readAllBytes(), StandardCharsets.ISO_8859_1);
    }
  }
}

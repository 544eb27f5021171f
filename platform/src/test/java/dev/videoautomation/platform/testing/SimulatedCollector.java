package dev.videoautomation.platform.testing;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;

import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.List;

import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.stubbing.ServeEvent;

/**
 * An OpenTelemetry collector simulated by WireMock ({@code POST /v1/traces}, OTLP/HTTP). Export bodies are protobuf:
 * ids travel as raw bytes and strings as UTF-8, so a span's presence is checked by looking for exactly those bytes.
 */
public final class SimulatedCollector {
  private final WireMockServer server;

  public SimulatedCollector(WireMockServer server) {
    this.server = server;
    server.stubFor(post(urlPathEqualTo("/v1/traces")).willReturn(aResponse().withStatus(200)));
  }

  /** Every export received so far. */
  public List<ServeEvent> exports() {
    return server.getAllServeEvents().stream().filter(e -> e.getRequest().getUrl().equals("/v1/traces")).toList();
  }

  /** The first export holding the span with this id (hex), waiting up to 10 s for the batch to be sent. */
  public ServeEvent awaitSpan(String spanIdHex) throws InterruptedException {
    var id = HexFormat.of().parseHex(spanIdHex);
    for (int i = 0; i < 100; i++) {
      var found = exports().stream().filter(e -> indexOf(e.getRequest().getBody(), id) >= 0).findFirst();
      if (found.isPresent()) {
        return found.get();
      }
      Thread.sleep(100);
    }
    throw new AssertionError("no export with span " + spanIdHex + " reached the collector within 10 s");
  }

  public static boolean holdsId(ServeEvent export, String hex) {
    return indexOf(export.getRequest().getBody(), HexFormat.of().parseHex(hex)) >= 0;
  }

  public static boolean holdsText(ServeEvent export, String text) {
    return indexOf(export.getRequest().getBody(), text.getBytes(StandardCharsets.UTF_8)) >= 0;
  }

  private static int indexOf(byte[] haystack, byte[] needle) {
    outer:
    for (int i = 0; i <= haystack.length - needle.length; i++) {
      for (int j = 0; j < needle.length; j++) {
        if (haystack[i + j] != needle[j]) {
          continue outer;
        }
      }
      return i;
    }
    return -1;
  }
}

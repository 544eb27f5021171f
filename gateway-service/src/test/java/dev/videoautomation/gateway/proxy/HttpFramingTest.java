package dev.videoautomation.gateway.proxy;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import com.github.tomakehurst.wiremock.WireMockServer;

import io.quarkus.test.common.ResourceArg;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;

import dev.videoautomation.gateway.OwnerStubs;
import dev.videoautomation.platform.testing.InjectWireMock;
import dev.videoautomation.platform.testing.PostgresResource;
import dev.videoautomation.platform.testing.WireMockResource;

/**
 * What the gateway does with requests no HTTP client library sends, written as bytes on a socket: an HTTP/2 upgrade
 * or preface on the cleartext port, a request the router cannot route (no {@code Host}, a target that is not a path)
 * and one the decoder refuses (bad framing). Every answer is a 400 or an HTTP/1.1 answer, never an ERROR in the log.
 */
@QuarkusTest
@WithTestResource(PostgresResource.class)
@WithTestResource(value = WireMockResource.class, initArgs = @ResourceArg(name = "properties",
    value = "gateway.owners.auth,gateway.owners.billing,gateway.owners.scrape,gateway.owners.media,"
        + "gateway.owners.clone"))
class HttpFramingTest {
  private static final String HOST = "Host: localhost\r\n";
  private static final String UPGRADE = "Connection: Upgrade, HTTP2-Settings\r\nUpgrade: h2c\r\n"
      + "HTTP2-Settings: AAMAAABkAARAAAAAAAIAAAAA\r\n";

  @InjectWireMock
  WireMockServer owner;

  @TestHTTPResource("/")
  URI gateway;

  OwnerStubs.Holder caller;
  final List<LogRecord> errors = new ArrayList<>();
  final Handler errorLog = new Handler() {
    @Override
    public void publish(LogRecord record) {
      if (record.getLevel().intValue() >= Level.SEVERE.intValue()) {
        synchronized (errors) {
          errors.add(record);
        }
      }
    }

    @Override
    public void flush() {
    }

    @Override
    public void close() {
    }
  };

  @BeforeEach
  void reset() {
    owner.resetAll();
    caller = new OwnerStubs(owner).subscribed();
    owner.stubFor(get(urlPathEqualTo("/v1/videos")).willReturn(aResponse().withStatus(200)
        .withHeader("Content-Type", "application/json").withBody("{\"data\":[],\"nextCursor\":null}")));
    Logger.getLogger("").addHandler(errorLog);
  }

  @AfterEach
  void noErrorWasLogged() {
    Logger.getLogger("").removeHandler(errorLog);
    synchronized (errors) {
      assertThat(errors).extracting(LogRecord::getMessage).as("ERROR log lines").isEmpty();
    }
  }

  @Test
  void shouldAnswerAnH2cUpgradeOverHttp11AndForwardNoneOfIt() throws IOException {
    var answer = exchange("GET /v1/videos HTTP/1.1\r\n" + HOST + "Authorization: Bearer " + caller.key() + "\r\n"
        + UPGRADE + "\r\n");

    assertThat(answer.text()).startsWith("HTTP/1.1 200 ").doesNotContain("101 Switching Protocols")
        .contains("\"nextCursor\":null");
    var forwarded = owner.getAllServeEvents().stream()
        .filter(event -> event.getRequest().getUrl().startsWith("/v1/videos")).findFirst().orElseThrow();
    assertThat(forwarded.getRequest().getHeaders().keys()).map(String::toLowerCase)
        .doesNotContain("upgrade", "http2-settings");
  }

  @Test
  void shouldNotSpeakHttp2ToAClientThatStartsWithThePreface() throws IOException {
    var answer = exchange("PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n");

    // An HTTP/2 server answers the preface with a SETTINGS frame, in binary; this one reads it as an HTTP/1 request
    // whose target is not a path and answers a 400 in text, which the HTTP/2 client takes for a protocol error.
    assertThat(answer.text()).matches("(?s)HTTP/\\d\\.\\d 400 .*").contains("\"error\":\"invalid_request\"");
    assertThat(answer.closed()).isTrue();
  }

  @Test
  void shouldAnswerARequestWithoutHostWithTheJsonError() throws IOException {
    var answer = exchange("GET /v1/videos HTTP/1.1\r\nX-Request-Id: framing-1\r\n\r\n");

    assertThat(answer.status()).isEqualTo(400);
    assertThat(answer.head()).containsIgnoringCase("\r\nService-Version: 2026-11-21")
        .containsIgnoringCase("\r\nX-Request-Id: framing-1").containsIgnoringCase("\r\nContent-Type: application/json");
    assertThat(answer.body()).contains("\"error\":\"invalid_request\"", "\"field\":\"Host\"", "RFC 9112")
        .doesNotContain("Exception", "stack");
  }

  @Test
  void shouldAnswerATargetThatIsNotAPathWithTheJsonError() throws IOException {
    for (var head : List.of("GET ?x=1 HTTP/1.1\r\n" + HOST + "\r\n", "OPTIONS * HTTP/1.1\r\n" + HOST + "\r\n")) {
      var answer = exchange(head);

      assertThat(answer.status()).as(head).isEqualTo(400);
      assertThat(answer.head()).as(head).containsIgnoringCase("\r\nService-Version: 2026-11-21")
          .containsIgnoringCase("\r\nX-Request-Id: req_");
      assertThat(answer.body()).as(head).contains("\"error\":\"invalid_request\"", "must be a path")
          .doesNotContain("Exception");
    }
  }

  @Test
  void shouldCloseTheConnectionAfterAnAmbiguousBodyLength() throws IOException {
    var next = "GET /v1/nowhere HTTP/1.1\r\n" + HOST + "\r\n";
    for (var head : List.of(
        "POST /v1/watch HTTP/1.1\r\n" + HOST + "Content-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n"
            + "2\r\n{}\r\n0\r\n\r\n",
        "POST /v1/watch HTTP/1.1\r\n" + HOST + "Transfer-Encoding: chunked\r\nContent-Length: 4\r\n\r\n"
            + "2\r\n{}\r\n0\r\n\r\n",
        "POST /v1/watch HTTP/1.1\r\n" + HOST + "Content-Length: 2\r\nContent-Length: 3\r\n\r\n{} ",
        "POST /v1/watch HTTP/1.1\r\n" + HOST + "Content-Length: 2, 3\r\n\r\n{} ")) {
      // A second request rides behind each: were the connection kept, it would be answered (a smuggled request).
      var answer = exchange(head + next);

      assertThat(answer.status()).as(head).isEqualTo(400);
      assertThat(answer.closed()).as(head).isTrue();
      assertThat(answer.text()).as(head).doesNotContain("not_found");
    }
    assertThat(owner.getAllServeEvents()).noneMatch(event -> event.getRequest().getUrl().equals("/v1/watch"));
  }

  @Test
  void shouldRefuseMalformedHeadersAndLineEndsAtTheDecoder() throws IOException {
    for (var head : List.of(
        "GET /v1/nowhere HTTP/1.1\r\n" + HOST + "X-Control: a\u0001b\r\n\r\n",
        "GET /v1/nowhere HTTP/1.1\r\n" + HOST + "X-\u0007Name: a\r\n\r\n",
        "GET /v1/nowhere HTTP/1.1\n" + "Host: localhost\n\n",
        "GET /v1/nowhere HTTP/1.1\r\n" + "Host: localhost\nX-Bare: lf\r\n\r\n")) {
      var answer = exchange(head);

      assertThat(answer.status()).as(head.replaceAll("\\p{Cntrl}", "·")).isEqualTo(400);
      assertThat(answer.closed()).as(head).isTrue();
    }
  }

  /** One exchange: what came back, and whether the gateway closed the connection (within two seconds). */
  record Answer(String text, boolean closed) {
    int status() {
      return text.length() < 12 ? -1 : Integer.parseInt(text.substring(9, 12));
    }

    String head() {
      var end = text.indexOf("\r\n\r\n");
      return end < 0 ? text : text.substring(0, end + 2);
    }

    String body() {
      var end = text.indexOf("\r\n\r\n");
      return end < 0 ? "" : text.substring(end + 4);
    }
  }

  private Answer exchange(String request) throws IOException {
    try (var socket = new Socket(gateway.getHost(), gateway.getPort())) {
      socket.setSoTimeout(2_000);
      socket.getOutputStream().write(request.getBytes(StandardCharsets.ISO_8859_1));
      socket.getOutputStream().flush();
      var received = new ByteArrayOutputStream();
      var buffer = new byte[8192];
      var closed = false;
      try {
        for (int read; (read = socket.getInputStream().read(buffer)) >= 0; ) {
          received.write(buffer, 0, read);
        }
        closed = true;
      } catch (SocketTimeoutException stillOpen) {
        // the connection was kept
      }
      return new Answer(received.toString(StandardCharsets.ISO_8859_1), closed);
    }
  }
}

package dev.videoautomation.suite.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Pattern;

import com.fasterxml.jackson.databind.JsonNode;

import net.jqwik.api.AfterFailureMode;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.ShrinkingMode;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;

import dev.videoautomation.suite.Service;

/**
 * A fuzzer of malformed HTTP/1.1, written as bytes on a socket to the gateway (no client library sends these): control
 * characters in header names and values, bare LF line ends, {@code Content-Length} with {@code Transfer-Encoding},
 * two {@code Content-Length}s, NUL in the path, no {@code Host}, a target that is not a path. Each is refused with a
 * 400: by the HTTP decoder bare (the connection then closed), by Quarkus' URI check bare, or, for what reaches the
 * router, with the suite's JSON error, {@code Service-Version} and {@code X-Request-Id}. After an ambiguous body
 * length (RFC 9112 §6.1, §6.3) the connection is closed and the request smuggled behind it never answered. Nothing of
 * it is logged at ERROR by the gateway.
 */
class MalformedHttpIT {
  private static final int TRIES = 400;
  private static final Pattern ERROR_LINE = Pattern.compile("(?m)^\\d\\d:\\d\\d:\\d\\d,\\d{3} ERROR .*$");
  private static final Map<Kind, AtomicInteger> SENT = new ConcurrentSkipListMap<>();
  private static long logOffset;

  /** What is wrong with the request, and who refuses it. */
  enum Kind {
    CONTROL_IN_VALUE(true), CONTROL_IN_NAME(true), BARE_LF(true), LENGTH_AND_CHUNKED(true), TWO_LENGTHS(true),
    NUL_IN_PATH(false), NO_HOST(false), NOT_A_PATH(false);

    /** Refused by the decoder, which closes the connection. */
    final boolean decoder;

    Kind(boolean decoder) {
      this.decoder = decoder;
    }
  }

  record Probe(Kind kind, String request) {
    @Override
    public String toString() {
      var shown = new StringBuilder(kind + ": ");
      for (var c : request.toCharArray()) {
        shown.append(c == '\r' ? "\\r" : c == '\n' ? "\\n\n" : c < 0x20 || c == 0x7F
            ? String.format(Locale.ROOT, "\\x%02x", (int) c) : String.valueOf(c));
      }
      return shown.toString();
    }
  }

  /** What came back, and whether the gateway closed the connection. */
  record Answer(String text, boolean closed) {
    int status() {
      return text.startsWith("HTTP/1.") && text.length() >= 12 ? Integer.parseInt(text.substring(9, 12)) : -1;
    }

    long statusLines() {
      return Pattern.compile("(?m)^HTTP/1\\.[01] \\d{3} ").matcher(text).results().count();
    }

    String body() {
      var end = text.indexOf("\r\n\r\n");
      return end < 0 ? "" : text.substring(end + 4);
    }
  }

  @BeforeContainer
  static void startTheSuite() throws Exception {
    ReliabilitySuite.ensureStarted();
    logOffset = Files.size(ReliabilitySuite.suite().logFile(Service.GATEWAY));
  }

  @AfterContainer
  static void nothingWasLoggedAtError() throws IOException {
    var log = Files.readString(ReliabilitySuite.suite().logFile(Service.GATEWAY), StandardCharsets.UTF_8);
    var since = log.length() >= logOffset ? log.substring((int) logOffset) : log;
    assertThat(ERROR_LINE.matcher(since).results().map(match -> match.group()).toList())
        .as("ERROR lines in the gateway's log while malformed requests arrived (%s)", SENT).isEmpty();
  }

  @Property(tries = TRIES, shrinking = ShrinkingMode.BOUNDED, afterFailure = AfterFailureMode.SAMPLE_FIRST)
  void everyMalformedRequestIsRefusedWithA400(@ForAll("probes") Probe probe) throws IOException {
    SENT.computeIfAbsent(probe.kind(), kind -> new AtomicInteger()).incrementAndGet();
    var answer = exchange(probe.request());

    assertThat(answer.status()).as("%s\n→ %s", probe, answer.text()).isEqualTo(400);
    if (probe.kind().decoder) {
      assertThat(answer.closed()).as("%s: connection closed", probe).isTrue();
      // The well-formed request behind it, were the connection kept, would be a second answer.
      assertThat(answer.statusLines()).as("%s\n→ %s", probe, answer.text()).isEqualTo(1);
    }
    if (probe.kind() == Kind.NO_HOST || probe.kind() == Kind.NOT_A_PATH) {
      assertThat(answer.text()).as("%s\n→ %s", probe, answer.text())
          .containsIgnoringCase("\r\nService-Version: ").containsIgnoringCase("\r\nX-Request-Id: ")
          .containsIgnoringCase("\r\nContent-Type: application/json");
      JsonNode error = ReliabilitySuite.JSON.readTree(answer.body());
      assertThat(error.path("error").asText()).as(answer.body()).isEqualTo("invalid_request");
      assertThat(error.path("message").asText()).as(answer.body()).isNotBlank();
      assertThat(answer.body()).doesNotContain("Exception", "\tat ");
    }
  }

  @Provide
  Arbitrary<Probe> probes() {
    var methods = Arbitraries.of("GET", "POST", "PUT", "DELETE");
    var paths = Arbitraries.of("/v1/info", "/v1/videos", "/v1/watch", "/v1/upload", "/v1/nowhere", "/cdn/m/x/y");
    var controls = Arbitraries.chars().with(controlCharacters());
    return Arbitraries.oneOf(
        Combinators.combine(methods, paths, controls).as((method, path, control) -> new Probe(Kind.CONTROL_IN_VALUE,
            head(method, path, "Host: gateway\r\nX-Probe: a" + control + "b\r\n") + WELL_FORMED)),
        Combinators.combine(methods, paths, controls).as((method, path, control) -> new Probe(Kind.CONTROL_IN_NAME,
            head(method, path, "Host: gateway\r\nX-Pro" + control + "be: a\r\n") + WELL_FORMED)),
        Combinators.combine(methods, paths, Arbitraries.integers().between(0, 2)).as((method, path, line) ->
            new Probe(Kind.BARE_LF, bareLf(head(method, path, "Host: gateway\r\nX-Probe: a\r\n"), line)
                + WELL_FORMED)),
        Combinators.combine(paths, Arbitraries.of("Transfer-Encoding: chunked", "transfer-encoding: CHUNKED",
                "Transfer-Encoding: gzip, chunked"), Arbitraries.integers().between(0, 9), Arbitraries.of(true, false))
            .as((path, chunked, length, lengthFirst) -> new Probe(Kind.LENGTH_AND_CHUNKED, "POST " + path
                + " HTTP/1.1\r\nHost: gateway\r\nContent-Type: application/json\r\n"
                + (lengthFirst ? "Content-Length: " + length + "\r\n" + chunked + "\r\n"
                    : chunked + "\r\nContent-Length: " + length + "\r\n")
                + "\r\n2\r\n{}\r\n0\r\n\r\n" + WELL_FORMED)),
        Combinators.combine(paths, Arbitraries.integers().between(0, 9), Arbitraries.integers().between(0, 9),
                Arbitraries.of(true, false))
            .as((path, first, second, separateLines) -> new Probe(Kind.TWO_LENGTHS, "POST " + path
                + " HTTP/1.1\r\nHost: gateway\r\nContent-Type: application/json\r\n"
                + (separateLines ? "Content-Length: " + first + "\r\nContent-Length: " + second + "\r\n"
                    : "Content-Length: " + first + ", " + second + "\r\n")
                + "\r\n" + "x".repeat(Math.max(first, second)) + WELL_FORMED)),
        Combinators.combine(methods, paths, Arbitraries.integers().between(1, 10)).as((method, path, at) ->
            new Probe(Kind.NUL_IN_PATH, head(method, path.substring(0, Math.min(at, path.length())) + '\0'
                + path.substring(Math.min(at, path.length())), "Host: gateway\r\nConnection: close\r\n"))),
        Combinators.combine(methods, paths).as((method, path) -> new Probe(Kind.NO_HOST,
            head(method, path, "Connection: close\r\n"))),
        Arbitraries.of("*", "?x=1", "v1/info").map(target -> new Probe(Kind.NOT_A_PATH,
            head("GET", target, "Host: gateway\r\nConnection: close\r\n"))));
  }

  /** A request that is fine, sent behind a malformed one: a kept connection would answer it. */
  private static final String WELL_FORMED = "GET /v1/nowhere HTTP/1.1\r\nHost: gateway\r\nConnection: close\r\n\r\n";

  private static String head(String method, String target, String headers) {
    return method + " " + target + " HTTP/1.1\r\n" + headers
        + (method.equals("GET") || method.equals("DELETE") ? "" : "Content-Length: 0\r\n") + "\r\n";
  }

  /** {@code head} with the CRLF ending its request line (0), a header line (1) or the head (2) made a bare LF. */
  private static String bareLf(String head, int line) {
    var end = switch (line) {
      case 0 -> head.indexOf("\r\n");
      case 1 -> head.indexOf("\r\n", head.indexOf("\r\n") + 2);
      default -> head.length() - 2;
    };
    return head.substring(0, end) + head.substring(end + 1);
  }

  /** Every C0 control but HTAB, CR and LF (which end lines), and DEL. */
  private static char[] controlCharacters() {
    var controls = new StringBuilder();
    for (char c = 0; c < 0x20; c++) {
      if (c != '\t' && c != '\r' && c != '\n') {
        controls.append(c);
      }
    }
    return controls.append((char) 0x7F).toString().toCharArray();
  }

  private static Answer exchange(String request) throws IOException {
    var gateway = ReliabilitySuite.gateway();
    try (var socket = new Socket(gateway.getHost(), gateway.getPort())) {
      socket.setSoTimeout(5_000);
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
      } catch (SocketTimeoutException kept) {
        // the gateway kept the connection open
      }
      return new Answer(received.toString(StandardCharsets.ISO_8859_1), closed);
    }
  }
}

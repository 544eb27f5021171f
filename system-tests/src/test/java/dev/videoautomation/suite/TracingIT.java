package dev.videoautomation.suite;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static dev.videoautomation.suite.Agents.as;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import io.opentelemetry.proto.trace.v1.Span.SpanKind;
import io.restassured.http.ContentType;

import dev.videoautomation.platform.testing.SimulatedCollector;
import dev.videoautomation.platform.testing.SimulatedCollector.ExportedSpan;

/**
 * One agent request followed across the suite: staging an asset goes gateway → records → media, and each of them
 * exports its server span under the agent's trace to the (simulated) OpenTelemetry collector, each one descending
 * from the caller's (through the caller's client span).
 */
@ExtendWith(RunningSuite.class)
class TracingIT {
  private static final SecureRandom RANDOM = new SecureRandom();

  @Test
  void shouldExportOneTraceFromEveryServiceARequestPassesThrough() throws Exception {
    var provider = RunningSuite.providers();
    var collector = new SimulatedCollector(provider);
    provider.stubFor(get(urlEqualTo("/files/traced-asset.mp4")).willReturn(aResponse()
        .withHeader("Content-Type", "video/mp4").withBody(Files.readAllBytes(MediaJourneyIT.clip()))));
    var agent = Agents.subscribedAgent();
    var traceId = hex(16);
    var agentSpan = hex(8);

    as(agent).header("traceparent", "00-" + traceId + "-" + agentSpan + "-01").contentType(ContentType.JSON)
        .body(Map.of("url", provider.baseUrl() + "/files/traced-asset.mp4", "name", "traced"))
        .when().post("/v1/assets").then().statusCode(201);

    var trace = awaitTrace(collector, traceId, Set.of("gateway-service", "records-service", "media-service"));
    var gateway = serverSpanOf(trace, "gateway-service");
    assertThat(gateway.parentSpanId()).as("the gateway's span has the agent's span as its parent").isEqualTo(agentSpan);
    var records = serverSpanOf(trace, "records-service");
    assertThat(records.name()).as("records names its span after the route").isEqualTo("POST /v1/assets");
    assertThat(ancestors(trace, records)).as("records' span descends from the gateway's").contains(gateway.spanId());
    var media = serverSpanOf(trace, "media-service");
    assertThat(ancestors(trace, media)).as("media's span descends from records'").contains(records.spanId());
  }

  /** The spans of the trace, once every one of the services has exported a server span of it (up to 15 s). */
  private static List<ExportedSpan> awaitTrace(SimulatedCollector collector, String traceId, Set<String> services)
      throws InterruptedException {
    List<ExportedSpan> trace = List.of();
    for (int i = 0; i < 100; i++) {
      trace = collector.spans().stream().filter(span -> span.traceId().equals(traceId)).toList();
      var exporting = trace.stream().filter(span -> span.kind() == SpanKind.SPAN_KIND_SERVER)
          .map(ExportedSpan::service).collect(Collectors.toSet());
      if (exporting.containsAll(services)) {
        return trace;
      }
      Thread.sleep(150);
    }
    throw new AssertionError("services that exported a server span of the agent's trace: " + trace);
  }

  private static ExportedSpan serverSpanOf(List<ExportedSpan> trace, String service) {
    return trace.stream().filter(span -> span.service().equals(service) && span.kind() == SpanKind.SPAN_KIND_SERVER)
        .findFirst().orElseThrow();
  }

  /** The span ids from this span's parent up to the trace's root, as far as they were exported. */
  private static List<String> ancestors(List<ExportedSpan> trace, ExportedSpan span) {
    var byId = trace.stream().collect(Collectors.toMap(ExportedSpan::spanId, s -> s, (a, b) -> a));
    var ids = new ArrayList<String>();
    for (var parent = span.parentSpanId(); !parent.isEmpty(); ) {
      ids.add(parent);
      var next = byId.get(parent);
      parent = next == null ? "" : next.parentSpanId();
    }
    return ids;
  }

  private static String hex(int bytes) {
    var value = new byte[bytes];
    RANDOM.nextBytes(value);
    return HexFormat.of().formatHex(value);
  }
}

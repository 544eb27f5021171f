package dev.videoautomation.platform.testing;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;

import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import java.util.regex.Pattern;

import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.stubbing.ServeEvent;
import com.google.protobuf.ByteString;
import com.google.protobuf.InvalidProtocolBufferException;

import io.opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest;
import io.opentelemetry.proto.common.v1.AnyValue;
import io.opentelemetry.proto.common.v1.KeyValue;
import io.opentelemetry.proto.trace.v1.Span;

/**
 * An OpenTelemetry collector simulated by WireMock: it takes OTLP/HTTP exports ({@code POST /v1/traces}, protobuf)
 * and reads them with the OTLP message classes, so tests assert on spans (ids, parents, names, attributes) rather
 * than on bytes.
 */
public final class SimulatedCollector {
  private static final HexFormat HEX = HexFormat.of();

  /** One exported span: the service that sent it ({@code service.name}), ids in hex (parent empty for a root). */
  public record ExportedSpan(String service, String traceId, String spanId, String parentSpanId, String name,
      Span.SpanKind kind, Map<String, String> attributes) {
    public String attribute(String key) {
      return attributes.get(key);
    }
  }

  /** A W3C {@code traceparent} header as a service sent it on. */
  public record Traceparent(String traceId, String spanId, String flags) {
    private static final Pattern FORM = Pattern.compile("00-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})");

    public static Traceparent parse(String header) {
      var match = FORM.matcher(String.valueOf(header));
      if (!match.matches()) {
        throw new AssertionError("not a version-00 traceparent: " + header);
      }
      return new Traceparent(match.group(1), match.group(2), match.group(3));
    }

    public boolean sampled() {
      return (Integer.parseInt(flags, 16) & 1) == 1;
    }
  }

  private final WireMockServer server;

  public SimulatedCollector(WireMockServer server) {
    this.server = server;
    server.stubFor(post(urlPathEqualTo("/v1/traces")).willReturn(aResponse().withStatus(200)));
  }

  /** Every export request received so far (for its headers). */
  public List<ServeEvent> exports() {
    return server.getAllServeEvents().stream().filter(e -> e.getRequest().getUrl().equals("/v1/traces")).toList();
  }

  /** Every span of every export received so far; an export that is not OTLP protobuf fails the test. */
  public List<ExportedSpan> spans() {
    var spans = new ArrayList<ExportedSpan>();
    for (var export : exports()) {
      spans.addAll(read(export.getRequest().getBody()));
    }
    return spans;
  }

  /** The span with this id (hex), waiting up to 10 s for its batch to be sent. */
  public ExportedSpan awaitSpan(String spanIdHex) throws InterruptedException {
    return awaitSpan(span -> span.spanId().equals(spanIdHex), "span " + spanIdHex);
  }

  /** The first span that matches, waiting up to 10 s for its batch to be sent. */
  public ExportedSpan awaitSpan(Predicate<ExportedSpan> match, String description) throws InterruptedException {
    for (int i = 0; i < 100; i++) {
      var found = spans().stream().filter(match).findFirst();
      if (found.isPresent()) {
        return found.get();
      }
      Thread.sleep(100);
    }
    throw new AssertionError("no " + description + " reached the collector within 10 s; it has " + spans());
  }

  static List<ExportedSpan> read(byte[] body) {
    ExportTraceServiceRequest request;
    try {
      request = ExportTraceServiceRequest.parseFrom(body);
    } catch (InvalidProtocolBufferException e) {
      throw new AssertionError("the collector received an export that is not OTLP protobuf", e);
    }
    var spans = new ArrayList<ExportedSpan>();
    for (var resourceSpans : request.getResourceSpansList()) {
      var service = attributes(resourceSpans.getResource().getAttributesList()).get("service.name");
      for (var scopeSpans : resourceSpans.getScopeSpansList()) {
        for (var span : scopeSpans.getSpansList()) {
          spans.add(new ExportedSpan(service, hex(span.getTraceId()), hex(span.getSpanId()),
              hex(span.getParentSpanId()), span.getName(), span.getKind(), attributes(span.getAttributesList())));
        }
      }
    }
    return spans;
  }

  private static Map<String, String> attributes(List<KeyValue> list) {
    var attributes = new LinkedHashMap<String, String>();
    list.forEach(pair -> attributes.put(pair.getKey(), text(pair.getValue())));
    return attributes;
  }

  private static String text(AnyValue value) {
    return switch (value.getValueCase()) {
      case STRING_VALUE -> value.getStringValue();
      case INT_VALUE -> String.valueOf(value.getIntValue());
      case BOOL_VALUE -> String.valueOf(value.getBoolValue());
      case DOUBLE_VALUE -> String.valueOf(value.getDoubleValue());
      default -> value.toString();
    };
  }

  private static String hex(ByteString id) {
    return HEX.formatHex(id.toByteArray());
  }
}

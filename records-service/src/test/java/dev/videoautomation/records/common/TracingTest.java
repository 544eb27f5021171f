package dev.videoautomation.records.common;

import static dev.videoautomation.records.Simulated.as;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import com.github.tomakehurst.wiremock.WireMockServer;

import io.opentelemetry.proto.trace.v1.Span.SpanKind;
import io.quarkus.test.common.ResourceArg;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;

import dev.videoautomation.platform.ids.IdPrefix;
import dev.videoautomation.platform.ids.Ids;
import dev.videoautomation.platform.testing.InjectWireMock;
import dev.videoautomation.platform.testing.PostgresResource;
import dev.videoautomation.platform.testing.SimulatedCollector;
import dev.videoautomation.platform.testing.SimulatedCollector.Traceparent;
import dev.videoautomation.platform.testing.WireMockResource;
import dev.videoautomation.records.Fixtures;
import dev.videoautomation.records.Simulated;

/**
 * A service's span joins the trace the gateway sent and is named after the resource template; each of its own
 * calls (here records → media through the internal REST client) is a client span under it, whose id the callee gets.
 */
@QuarkusTest
@WithTestResource(PostgresResource.class)
@WithTestResource(value = WireMockResource.class, initArgs = @ResourceArg(name = "properties",
    value = Simulated.PROPERTIES + ",otel.exporter.otlp.endpoint"))
@TestProfile(TracingTest.Exporting.class)
class TracingTest {
  private static final String GATEWAY_TRACE = "0af7651916cd43dd8448eb211c80319c";
  private static final String GATEWAY_SPAN = "b7ad6b7169203331";

  public static class Exporting implements QuarkusTestProfile {
    @Override
    public Map<String, String> getConfigOverrides() {
      return Map.of("otel.bsp.schedule.delay", "100ms");
    }
  }

  @InjectWireMock
  WireMockServer wireMock;

  SimulatedCollector collector;

  @BeforeEach
  void reset() {
    wireMock.resetAll();
    collector = new SimulatedCollector(wireMock);
  }

  @Test
  void shouldMakeItsSpanTheParentOfTheCallsItMakes() throws Exception {
    Fixtures.mediaStages(wireMock);
    as(Simulated.newClient()).header("traceparent", "00-" + GATEWAY_TRACE + "-" + GATEWAY_SPAN + "-01")
        .body("{\"url\": \"https://videos.example.net/v/clip.mp4\"}").when().post("/v1/assets")
        .then().statusCode(201);

    var toMedia = Traceparent.parse(wireMock.getAllServeEvents().stream()
        .filter(e -> e.getRequest().getUrl().equals("/internal/staging/url")).findFirst().orElseThrow()
        .getRequest().getHeader("traceparent"));
    assertThat(toMedia.traceId()).isEqualTo(GATEWAY_TRACE);
    assertThat(toMedia.spanId()).isNotEqualTo(GATEWAY_SPAN);

    var call = collector.awaitSpan(toMedia.spanId());
    assertThat(call.kind()).as("the REST-client call's own span").isEqualTo(SpanKind.SPAN_KIND_CLIENT);
    var server = collector.awaitSpan(call.parentSpanId());
    assertThat(server.service()).isEqualTo("records-service");
    assertThat(server.kind()).isEqualTo(SpanKind.SPAN_KIND_SERVER);
    assertThat(server.traceId()).isEqualTo(GATEWAY_TRACE);
    assertThat(server.parentSpanId()).as("the gateway's span as the parent").isEqualTo(GATEWAY_SPAN);
    assertThat(server.name()).as("named after the route").isEqualTo("POST /v1/assets");
  }

  @Test
  void shouldNameASpanAfterTheTemplateAndKeepTheConcretePathAsAnAttribute() throws Exception {
    var missing = Ids.newId(IdPrefix.REF);
    as(Simulated.newClient()).header("X-Request-Id", "rid-missing").when().get("/v1/references/" + missing)
        .then().statusCode(404);

    var span = collector.awaitSpan(s -> "rid-missing".equals(s.attribute("vas.request_id")), "span of the 404");
    assertThat(span.name()).isEqualTo("GET /v1/references/{id}");
    assertThat(span.attributes()).containsEntry("url.path", "/v1/references/" + missing)
        .containsEntry("http.route", "/v1/references/{id}").containsEntry("http.response.status_code", "404");
  }
}

package dev.videoautomation.records.common;

import static dev.videoautomation.platform.testing.SimulatedCollector.holdsId;
import static dev.videoautomation.platform.testing.SimulatedCollector.holdsText;
import static dev.videoautomation.records.Simulated.as;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import com.github.tomakehurst.wiremock.WireMockServer;

import io.quarkus.test.common.ResourceArg;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;

import dev.videoautomation.platform.http.TraceParent;
import dev.videoautomation.platform.ids.IdPrefix;
import dev.videoautomation.platform.ids.Ids;
import dev.videoautomation.platform.testing.InjectWireMock;
import dev.videoautomation.platform.testing.PostgresResource;
import dev.videoautomation.platform.testing.SimulatedCollector;
import dev.videoautomation.platform.testing.WireMockResource;
import dev.videoautomation.records.Fixtures;
import dev.videoautomation.records.Simulated;

/**
 * A service's span joins the trace the gateway sent, is named after the resource template, and is the parent the
 * service's own calls carry on (here records → media through the internal REST client).
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

    var toMedia = TraceParent.parse(wireMock.getAllServeEvents().stream()
        .filter(e -> e.getRequest().getUrl().equals("/internal/staging/url")).findFirst().orElseThrow()
        .getRequest().getHeader("traceparent")).orElseThrow();
    assertThat(toMedia.traceId()).isEqualTo(GATEWAY_TRACE);
    assertThat(toMedia.spanId()).isNotEqualTo(GATEWAY_SPAN);

    var export = collector.awaitSpan(toMedia.spanId());
    assertThat(holdsId(export, GATEWAY_TRACE)).isTrue();
    assertThat(holdsId(export, GATEWAY_SPAN)).as("the gateway's span as the parent").isTrue();
    assertThat(holdsText(export, "records-service")).isTrue();
    assertThat(holdsText(export, "POST /v1/assets")).as("named after the route").isTrue();
  }

  @Test
  void shouldNameASpanAfterTheTemplateAndKeepTheConcretePathAsAnAttribute() throws Exception {
    var missing = Ids.newId(IdPrefix.REF);
    as(Simulated.newClient()).when().get("/v1/references/" + missing).then().statusCode(404);
    as(Simulated.newClient()).header("X-Request-Id", "rid-marker").when().get("/v1/references")
        .then().statusCode(200);

    for (int i = 0; i < 100 && collector.exports().stream().noneMatch(e -> holdsText(e, "rid-marker")); i++) {
      Thread.sleep(100);
    }
    var named = collector.exports().stream().filter(e -> holdsText(e, "/v1/references/" + missing)).findFirst();
    assertThat(named).as("the 404's span was exported").isPresent();
    assertThat(holdsText(named.get(), "GET /v1/references/{id}")).isTrue();
  }
}

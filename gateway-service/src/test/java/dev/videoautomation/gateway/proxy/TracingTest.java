package dev.videoautomation.gateway.proxy;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static dev.videoautomation.platform.testing.SimulatedCollector.holdsId;
import static dev.videoautomation.platform.testing.SimulatedCollector.holdsText;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import java.net.URL;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import com.github.tomakehurst.wiremock.WireMockServer;

import io.quarkus.test.common.ResourceArg;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;

import dev.videoautomation.gateway.OwnerStubs;
import dev.videoautomation.platform.http.TraceParent;
import dev.videoautomation.platform.testing.InjectWireMock;
import dev.videoautomation.platform.testing.PostgresResource;
import dev.videoautomation.platform.testing.SimulatedCollector;
import dev.videoautomation.platform.testing.WireMockResource;

/** The gateway's spans exported to a collector simulated over real HTTP, next to owners simulated the same way. */
@QuarkusTest
@WithTestResource(PostgresResource.class)
@WithTestResource(value = WireMockResource.class, initArgs = @ResourceArg(name = "properties",
    value = "gateway.owners.auth,gateway.owners.billing,gateway.owners.scrape,gateway.owners.media,"
        + "gateway.owners.clone,otel.exporter.otlp.endpoint"))
@TestProfile(TracingTest.Exporting.class)
class TracingTest {
  private static final String AGENT_TRACE = "4bf92f3577b34da6a3ce929d0e0e4736";
  private static final String AGENT_SPAN = "00f067aa0ba902b7";

  public static class Exporting implements QuarkusTestProfile {
    @Override
    public Map<String, String> getConfigOverrides() {
      return Map.of("otel.bsp.schedule.delay", "100ms", "otel.exporter.otlp.headers", "x-collector-key=k%3D1");
    }
  }

  @InjectWireMock
  WireMockServer wireMock;

  @TestHTTPResource(value = "health/live", management = true)
  URL managementHealth;

  SimulatedCollector collector;
  OwnerStubs.Holder caller;

  @BeforeEach
  void reset() {
    wireMock.resetAll();
    caller = new OwnerStubs(wireMock).subscribed();
    collector = new SimulatedCollector(wireMock);
    wireMock.stubFor(get(urlPathEqualTo("/v1/music")).willReturn(aResponse().withStatus(200)
        .withHeader("Content-Type", "application/json").withBody("{\"data\":[]}")));
  }

  @Test
  void shouldExportTheGatewaysSpanUnderTheAgentsTraceAndMakeItTheOwnersParent() throws Exception {
    given().when().get(managementHealth).then().statusCode(200);
    given().header("X-Api-Key", caller.key()).header("X-Request-Id", "rid-traced")
        .header("traceparent", "00-" + AGENT_TRACE + "-" + AGENT_SPAN + "-01")
        .when().get("/v1/music").then().statusCode(200);

    var forwarded = TraceParent.parse(wireMock.getAllServeEvents().stream()
        .filter(e -> e.getRequest().getUrl().equals("/v1/music")).findFirst().orElseThrow()
        .getRequest().getHeader("traceparent")).orElseThrow();
    assertThat(forwarded.traceId()).isEqualTo(AGENT_TRACE);
    assertThat(forwarded.spanId()).isNotEqualTo(AGENT_SPAN);
    assertThat(forwarded.flags()).isEqualTo("01");

    var export = collector.awaitSpan(forwarded.spanId());
    assertThat(export.getRequest().getHeader("Content-Type")).isEqualTo("application/x-protobuf");
    assertThat(export.getRequest().getHeader("x-collector-key")).isEqualTo("k=1");
    assertThat(holdsId(export, AGENT_TRACE)).as("the agent's trace id").isTrue();
    assertThat(holdsId(export, AGENT_SPAN)).as("the agent's span as the parent").isTrue();
    for (var text : List.of("gateway-service", "/v1/music", "rid-traced", "http.response.status_code")) {
      assertThat(holdsText(export, text)).as(text).isTrue();
    }
    assertThat(collector.exports()).as("health probes are not traced")
        .noneMatch(e -> holdsText(e, "/q/health"));
  }

  @Test
  void shouldLeaveAnUnsampledTraceUnrecordedButCarryItOn() throws Exception {
    given().header("X-Api-Key", caller.key()).header("traceparent", "00-" + AGENT_TRACE + "-" + AGENT_SPAN + "-00")
        .when().get("/v1/music").then().statusCode(200);
    given().header("X-Api-Key", caller.key()).when().get("/v1/music").then().statusCode(200);

    var sent = wireMock.getAllServeEvents().stream().filter(e -> e.getRequest().getUrl().equals("/v1/music"))
        .map(e -> TraceParent.parse(e.getRequest().getHeader("traceparent")).orElseThrow()).toList();
    var unsampled = sent.stream().filter(t -> t.traceId().equals(AGENT_TRACE)).findFirst().orElseThrow();
    var fresh = sent.stream().filter(t -> !t.traceId().equals(AGENT_TRACE)).findFirst().orElseThrow();
    assertThat(unsampled.flags()).isEqualTo("00");
    // The sampled bit; a new trace also sets W3C level 2's random-id bit (03).
    assertThat(Integer.parseInt(fresh.flags(), 16) & 1).as("a trace the gateway starts is sampled").isEqualTo(1);
    collector.awaitSpan(fresh.spanId());
    assertThat(collector.exports()).noneMatch(e -> holdsId(e, unsampled.spanId()));
  }
}

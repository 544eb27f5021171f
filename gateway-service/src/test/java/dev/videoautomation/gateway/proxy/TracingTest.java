package dev.videoautomation.gateway.proxy;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import java.net.URL;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import com.github.tomakehurst.wiremock.WireMockServer;

import io.opentelemetry.proto.trace.v1.Span.SpanKind;
import io.quarkus.test.common.ResourceArg;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;

import dev.videoautomation.gateway.OwnerStubs;
import dev.videoautomation.platform.testing.InjectWireMock;
import dev.videoautomation.platform.testing.PostgresResource;
import dev.videoautomation.platform.testing.SimulatedCollector;
import dev.videoautomation.platform.testing.SimulatedCollector.Traceparent;
import dev.videoautomation.platform.testing.WireMockResource;

/**
 * The gateway's spans exported to a collector simulated over real HTTP, next to owners simulated the same way. The
 * gateway answers everything from a Vert.x filter, not a resource: its server span is still recorded (the
 * extension traces at the Vert.x level), and each forward through its Vert.x client is a client span under it,
 * whose id the owner gets as its parent.
 */
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

    var forwarded = forwardedTraceparents().getFirst();
    assertThat(forwarded.traceId()).isEqualTo(AGENT_TRACE);
    assertThat(forwarded.spanId()).isNotEqualTo(AGENT_SPAN);
    assertThat(forwarded.flags()).isEqualTo("01");

    var forward = collector.awaitSpan(forwarded.spanId());
    assertThat(forward.service()).isEqualTo("gateway-service");
    assertThat(forward.kind()).as("the forward is the gateway's client span").isEqualTo(SpanKind.SPAN_KIND_CLIENT);
    var server = collector.awaitSpan(forward.parentSpanId());
    assertThat(server.kind()).isEqualTo(SpanKind.SPAN_KIND_SERVER);
    assertThat(server.traceId()).isEqualTo(AGENT_TRACE);
    assertThat(server.parentSpanId()).as("the agent's span as the parent").isEqualTo(AGENT_SPAN);
    assertThat(server.attributes()).containsEntry("vas.request_id", "rid-traced")
        .containsEntry("url.path", "/v1/music").containsEntry("http.request.method", "GET")
        .containsEntry("http.response.status_code", "200");
    var export = collector.exports().getFirst().getRequest();
    assertThat(export.getHeader("Content-Type")).isEqualTo("application/x-protobuf");
    assertThat(export.getHeader("x-collector-key")).as("the header list, decoded").isEqualTo("k=1");
    assertThat(collector.spans()).as("health probes are not traced")
        .noneMatch(span -> String.valueOf(span.attribute("url.path")).startsWith("/q/"));
  }

  @Test
  void shouldLeaveAnUnsampledTraceUnrecordedButCarryItOn() throws Exception {
    given().header("X-Api-Key", caller.key()).header("traceparent", "00-" + AGENT_TRACE + "-" + AGENT_SPAN + "-00")
        .when().get("/v1/music").then().statusCode(200);
    given().header("X-Api-Key", caller.key()).when().get("/v1/music").then().statusCode(200);

    var sent = forwardedTraceparents();
    var unsampled = sent.stream().filter(t -> t.traceId().equals(AGENT_TRACE)).findFirst().orElseThrow();
    var fresh = sent.stream().filter(t -> !t.traceId().equals(AGENT_TRACE)).findFirst().orElseThrow();
    assertThat(unsampled.sampled()).as("the agent's unsampled flag is kept").isFalse();
    assertThat(fresh.sampled()).as("a trace the gateway starts is sampled (OTEL_TRACES_SAMPLER_ARG 1.0)").isTrue();
    collector.awaitSpan(fresh.spanId());
    assertThat(collector.spans()).noneMatch(span -> span.traceId().equals(AGENT_TRACE));
  }

  @Test
  void shouldCarryTheTraceOnAForwardMadeAfterTheIdempotencyClaim() throws Exception {
    wireMock.stubFor(post(urlPathEqualTo("/v1/watch")).willReturn(aResponse().withStatus(200)
        .withHeader("Content-Type", "application/json").withBody("{\"summary\":\"a cat\"}")));
    given().header("X-Api-Key", caller.key()).header("Idempotency-Key", UUID.randomUUID().toString())
        .header("traceparent", "00-" + AGENT_TRACE + "-" + AGENT_SPAN + "-01").contentType("application/json")
        .body("{\"url\":\"a\"}").when().post("/v1/watch").then().statusCode(200);

    var forwarded = Traceparent.parse(wireMock.getAllServeEvents().stream()
        .filter(e -> e.getRequest().getUrl().equals("/v1/watch")).findFirst().orElseThrow()
        .getRequest().getHeader("traceparent"));
    assertThat(forwarded.traceId()).isEqualTo(AGENT_TRACE);
    var server = collector.awaitSpan(collector.awaitSpan(forwarded.spanId()).parentSpanId());
    assertThat(server.parentSpanId()).isEqualTo(AGENT_SPAN);
  }

  @Test
  void shouldTraceAnAnswerTheGatewayGivesItself() throws Exception {
    given().header("X-Request-Id", "rid-unrouted").when().get("/v1/no-such-route").then().statusCode(404);

    var span = collector.awaitSpan(s -> "rid-unrouted".equals(s.attribute("vas.request_id")), "span of the 404");
    assertThat(span.kind()).isEqualTo(SpanKind.SPAN_KIND_SERVER);
    assertThat(span.attributes()).containsEntry("http.response.status_code", "404");
  }

  @Test
  void shouldSendNoClaimTokenOrQueryStringToTheCollector() throws Exception {
    var claimToken = "clm_" + UUID.randomUUID().toString().replace("-", "");
    var sessionId = "cs_" + UUID.randomUUID().toString().replace("-", "");
    wireMock.stubFor(get(urlPathEqualTo("/claim/" + claimToken)).willReturn(aResponse().withStatus(200)
        .withHeader("Content-Type", "text/html").withBody("<p>claim</p>")));
    wireMock.stubFor(get(urlPathEqualTo("/v1/credits/status")).willReturn(aResponse().withStatus(200)
        .withHeader("Content-Type", "application/json").withBody("{\"status\":\"pending\"}")));

    given().header("X-Request-Id", "rid-claim").when().get("/claim/" + claimToken).then().statusCode(200);
    given().header("X-Request-Id", "rid-status").when().get("/v1/credits/status?sessionId=" + sessionId)
        .then().statusCode(200);

    var claim = collector.awaitSpan(s -> "rid-claim".equals(s.attribute("vas.request_id")), "span of the claim page");
    assertThat(claim.attribute("url.path")).isEqualTo("/claim/{claimToken}");
    var status = collector.awaitSpan(s -> "rid-status".equals(s.attribute("vas.request_id")), "span of the status");
    assertThat(status.attribute("url.query")).isEqualTo("redacted");
    collector.awaitSpan(s -> s.kind() == SpanKind.SPAN_KIND_CLIENT && s.parentSpanId().equals(status.spanId()),
        "forward of the status");
    assertThat(collector.exports()).as("no export holds the token or the session id, in any attribute")
        .noneMatch(e -> e.getRequest().getBodyAsString().contains(claimToken))
        .noneMatch(e -> e.getRequest().getBodyAsString().contains(sessionId));
  }

  private List<Traceparent> forwardedTraceparents() {
    return wireMock.getAllServeEvents().stream().filter(e -> e.getRequest().getUrl().equals("/v1/music"))
        .map(e -> {
          assertThat(e.getRequest().getHeaders().getHeader("traceparent").values()).as("one traceparent").hasSize(1);
          return Traceparent.parse(e.getRequest().getHeader("traceparent"));
        }).toList();
  }
}

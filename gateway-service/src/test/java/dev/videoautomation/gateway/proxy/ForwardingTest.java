package dev.videoautomation.gateway.proxy;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static com.github.tomakehurst.wiremock.client.WireMock.getRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.matching;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

import java.net.URL;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

import org.jboss.logmanager.ExtLogRecord;
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

/** The gateway against owners simulated over real HTTP; records points at a closed loopback port. */
@QuarkusTest
@WithTestResource(PostgresResource.class)
@WithTestResource(value = WireMockResource.class, initArgs = @ResourceArg(name = "properties",
    value = "gateway.owners.auth,gateway.owners.billing,gateway.owners.scrape,gateway.owners.media,"
        + "gateway.owners.clone"))
class ForwardingTest {
  @InjectWireMock
  WireMockServer owner;

  /** Metrics answer on the management port only. */
  @TestHTTPResource(value = "metrics", management = true)
  URL managementMetrics;

  OwnerStubs stubs;
  OwnerStubs.Holder caller;

  @BeforeEach
  void reset() {
    owner.resetAll();
    stubs = new OwnerStubs(owner);
    caller = stubs.subscribed();
  }

  @Test
  void shouldForwardWithAnInternalTokenInsteadOfTheCallersKey() {
    owner.stubFor(get(urlPathEqualTo("/v1/videos")).willReturn(aResponse().withStatus(200)
        .withHeader("Content-Type", "application/json").withHeader("X-Owner", "clone")
        .withBody("{\"data\":[]}")));

    given().header("X-Api-Key", caller.key()).header("X-Request-Id", "rid-1")
        .when().get("/v1/videos?limit=5&cursor=abc")
        .then().statusCode(200)
        .header("X-Owner", "clone")
        .header("Service-Version", "2026-11-21")
        .header("X-Request-Id", "rid-1")
        .body("data.size()", equalTo(0));

    owner.verify(getRequestedFor(urlEqualTo("/v1/videos?limit=5&cursor=abc"))
        .withHeader("Authorization", matching("Bearer [A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+"))
        .withHeader("X-Request-Id", com.github.tomakehurst.wiremock.client.WireMock.equalTo("rid-1"))
        .withoutHeader("X-Api-Key"));
    var forwarded = owner.getAllServeEvents().stream()
        .filter(e -> e.getRequest().getUrl().startsWith("/v1/videos")).findFirst().orElseThrow();
    var claims = dev.videoautomation.gateway.TokenClaims.of(forwarded.getRequest().getHeader("Authorization"));
    assertThat(claims.get("sub").asText()).isEqualTo(caller.clientId());
    assertThat(claims.get("keyId").asText()).isEqualTo(caller.keyId());
    assertThat(claims.get("scope").asText()).contains("api.read").contains("api.write");
    assertThat(claims.get("plan").asText()).isEqualTo("pro");
    assertThat(forwarded.getRequest().getBodyAsString()).doesNotContain(caller.key());
    assertThat(forwarded.getRequest().getHeaders().all().toString()).doesNotContain(caller.key());
  }

  /**
   * No collector is named here, so the OpenTelemetry SDK is off: the agent's valid trace context reaches the owner as
   * it came (the owner's span would otherwise hang under a gateway span that nobody records), and an invalid one is
   * not passed on at all, its tracestate with it.
   */
  @Test
  void shouldCarryTheAgentsTraceOnAsItCameWithoutACollector() {
    owner.stubFor(get(urlPathEqualTo("/v1/music")).willReturn(aResponse().withStatus(200).withBody("{\"data\":[]}")));
    var agentTrace = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01";

    given().header("X-Api-Key", caller.key()).header("X-Request-Id", "rid-valid-trace")
        .header("traceparent", agentTrace).header("tracestate", "vendor=opaque,other=1")
        .when().get("/v1/music").then().statusCode(200);
    for (var invalid : new String[] {"00-not-a-trace", "00-00000000000000000000000000000000-00f067aa0ba902b7-01",
        "00-4bf92f3577b34da6a3ce929d0e0e4736-0000000000000000-01", "00-4BF92F3577B34DA6A3CE929D0E0E4736-00f067aa0ba902b7-01",
        "01-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01", agentTrace + "-extra"}) {
      given().header("X-Api-Key", caller.key()).header("X-Request-Id", "rid-invalid-trace")
          .header("traceparent", invalid).header("tracestate", "vendor=opaque")
          .when().get("/v1/music").then().statusCode(200);
    }
    given().header("X-Api-Key", caller.key()).header("X-Request-Id", "rid-no-trace")
        .when().get("/v1/music").then().statusCode(200);

    var valid = forwardedWith("rid-valid-trace");
    assertThat(valid).hasSize(1);
    assertThat(valid.getFirst().getHeaders().getHeader("traceparent").values()).as("byte for byte, once")
        .containsExactly(agentTrace);
    assertThat(valid.getFirst().getHeader("tracestate")).isEqualTo("vendor=opaque,other=1");
    assertThat(forwardedWith("rid-invalid-trace")).hasSize(6).allSatisfy(request -> {
      assertThat(request.containsHeader("traceparent")).as("an invalid traceparent is dropped").isFalse();
      assertThat(request.containsHeader("tracestate")).as("and its tracestate with it").isFalse();
    });
    assertThat(forwardedWith("rid-no-trace").getFirst().containsHeader("traceparent"))
        .as("no trace made up without a collector").isFalse();
  }

  @Test
  void shouldPutTheAgentsTraceIdIntoTheGatewaysLogContext() {
    try (var lines = new ForwarderLog()) {
      given().auth().oauth2(caller.key()).header("X-Request-Id", "rid-logged-trace")
          .header("traceparent", "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01")
          .when().get("/v1/accounts").then().statusCode(502);
      given().auth().oauth2(caller.key()).header("X-Request-Id", "rid-logged-invalid")
          .header("traceparent", "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-1")
          .when().get("/v1/accounts").then().statusCode(502);

      var traced = lines.withRequestId("rid-logged-trace");
      assertThat(traced.getMdc("traceId")).isEqualTo("4bf92f3577b34da6a3ce929d0e0e4736");
      assertThat(lines.withRequestId("rid-logged-invalid").getMdc("traceId")).as("an invalid one is ignored")
          .isNull();
    }
  }

  private List<com.github.tomakehurst.wiremock.verification.LoggedRequest> forwardedWith(String requestId) {
    return owner.getAllServeEvents().stream().map(e -> e.getRequest())
        .filter(r -> r.getUrl().equals("/v1/music") && requestId.equals(r.getHeader("X-Request-Id"))).toList();
  }

  /** The lines the forwarder writes while it is open, each with its log context. */
  private static final class ForwarderLog extends Handler implements AutoCloseable {
    private final List<ExtLogRecord> lines = new CopyOnWriteArrayList<>();

    ForwarderLog() {
      Logger.getLogger(Forwarder.class.getName()).addHandler(this);
    }

    ExtLogRecord withRequestId(String requestId) {
      return lines.stream().filter(line -> requestId.equals(line.getMdc("requestId"))).findFirst()
          .orElseThrow(() -> new AssertionError("no forwarder line of " + requestId + " in " + lines.size()));
    }

    @Override
    public void publish(LogRecord record) {
      var line = (ExtLogRecord) record;
      line.copyMdc();
      lines.add(line);
    }

    @Override
    public void flush() {
    }

    @Override
    public void close() {
      Logger.getLogger(Forwarder.class.getName()).removeHandler(this);
    }
  }

  @Test
  void shouldTimeEveryRouteUnderItsTemplateWithHistogramBuckets() {
    owner.stubFor(get(urlPathEqualTo("/v1/clones/video/vid_metricsProbe1")).willReturn(aResponse().withStatus(200)
        .withHeader("Content-Type", "application/json").withBody("{\"status\":\"running\"}")));
    given().header("X-Api-Key", caller.key()).when().get("/v1/clones/video/vid_metricsProbe1").then().statusCode(200);

    var metrics = given().when().get(managementMetrics).then().statusCode(200).extract().asString();
    assertThat(metrics).contains("http_server_requests_seconds_bucket")
        .containsPattern("http_server_requests_seconds_count\\{[^}]*uri=\"/v1/clones/video/\\{id}\"")
        .contains("service=\"gateway-service\"")
        .doesNotContain("vid_metricsProbe1");
  }

  @Test
  void shouldStreamARequestBodyWhole() {
    owner.stubFor(post(urlEqualTo("/v1/upload")).willReturn(aResponse().withStatus(201).withBody("{\"ok\":true}")));
    var body = new byte[5 * 1024 * 1024];
    Arrays.fill(body, (byte) 'x');

    given().auth().oauth2(caller.key()).contentType("application/octet-stream").body(body)
        .when().post("/v1/upload")
        .then().statusCode(201);

    owner.verify(postRequestedFor(urlEqualTo("/v1/upload")));
    var forwarded = owner.getAllServeEvents().stream()
        .filter(e -> e.getRequest().getUrl().equals("/v1/upload")).findFirst().orElseThrow();
    assertThat(forwarded.getRequest().getBody()).hasSize(body.length);
  }

  @Test
  void shouldRelayTheOwnersErrorsAsTheyAre() {
    owner.stubFor(post(urlEqualTo("/v1/scrape/shortvideo/profile")).willReturn(aResponse().withStatus(501)
        .withHeader("Content-Type", "application/json")
        .withBody("{\"error\":\"not_implemented\",\"message\":\"not built yet\"}")));

    given().auth().oauth2(caller.key()).contentType("application/json").body("{}").when().post("/v1/scrape/shortvideo/profile")
        .then().statusCode(501).body("error", equalTo("not_implemented"));
  }

  @Test
  void shouldAnswerUnknownPathsWithJson404() {
    given().when().get("/v1/nowhere").then().statusCode(404)
        .header("Service-Version", "2026-11-21")
        .body("error", equalTo("not_found"))
        .body("message", containsString("/v1/nowhere"));
    assertThat(owner.getAllServeEvents()).isEmpty();
  }

  @Test
  void shouldAnswerAWrongMethodWith405AndAllow() {
    given().when().get("/v1/watch").then().statusCode(405)
        .header("Allow", "OPTIONS, POST")
        .body("error", equalTo("method_not_allowed"));
  }

  @Test
  void shouldAnswerAPreflightFromAnyOrigin() {
    given().header("Origin", "https://agent.example").header("Access-Control-Request-Method", "POST")
        .header("Access-Control-Request-Headers", "Authorization, Idempotency-Key")
        .when().options("/v1/watch")
        .then().statusCode(204)
        .header("Access-Control-Allow-Origin", "*")
        .header("Access-Control-Allow-Methods", containsString("POST"))
        .header("Access-Control-Allow-Headers", containsString("Idempotency-Key"))
        .header("Access-Control-Allow-Headers", containsString("X-Api-Key"))
        .header("Access-Control-Allow-Headers", containsString("Max-Credits"))
        .header("Service-Version", "2026-11-21");
    assertThat(owner.getAllServeEvents()).isEmpty();
  }

  @Test
  void shouldExposeTheSuiteHeadersToCrossOriginCallers() {
    given().header("Origin", "https://agent.example").when().get("/v1/nowhere")
        .then().statusCode(404)
        .header("Access-Control-Allow-Origin", "*")
        .header("Access-Control-Expose-Headers", containsString("Service-Version"))
        .header("Access-Control-Expose-Headers", containsString("RateLimit-Remaining"));
    var exposed = given().header("Origin", "https://agent.example").when().get("/v1/nowhere")
        .then().extract().header("Access-Control-Expose-Headers");
    assertThat(exposed.split(",\\s*")).contains("RateLimit", "RateLimit-Policy", "RateLimit-Limit",
        "RateLimit-Remaining", "RateLimit-Reset", "Retry-After", "Credits-Remaining");
  }

  @Test
  void shouldAnswer502WhenTheOwnerIsDown() {
    given().auth().oauth2(caller.key()).when().get("/v1/accounts").then().statusCode(502)
        .body("error", equalTo("upstream_error"))
        .header("Service-Version", "2026-11-21");
  }

  @Test
  void shouldAnswer504WhenTheOwnerIsTooSlow() {
    owner.stubFor(get(urlEqualTo("/v1/music")).willReturn(aResponse().withStatus(200).withFixedDelay(3_000)));
    given().auth().oauth2(caller.key()).when().get("/v1/music").then().statusCode(504).body("error", equalTo("upstream_timeout"));
  }
}

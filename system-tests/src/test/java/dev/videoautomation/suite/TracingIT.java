package dev.videoautomation.suite;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static dev.videoautomation.platform.testing.SimulatedCollector.holdsId;
import static dev.videoautomation.platform.testing.SimulatedCollector.holdsText;
import static dev.videoautomation.suite.Agents.as;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import io.restassured.http.ContentType;

import dev.videoautomation.platform.testing.SimulatedCollector;

/**
 * One agent request followed across the suite: staging an asset goes gateway → records → media, and each of them
 * exports its span under the agent's trace to the (simulated) OpenTelemetry collector.
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

    var expected = Set.of("gateway-service", "records-service", "media-service");
    Set<String> exporting = new TreeSet<>();
    for (int i = 0; i < 100 && !exporting.containsAll(expected); i++) {
      Thread.sleep(150);
      exporting = new TreeSet<>();
      for (var export : collector.exports()) {
        if (holdsId(export, traceId)) {
          for (var service : expected) {
            if (holdsText(export, service)) {
              exporting.add(service);
            }
          }
        }
      }
    }
    assertThat(exporting).as("services that exported a span of the agent's trace").containsAll(expected);
    assertThat(collector.exports()).as("the gateway's span has the agent's span as its parent")
        .anyMatch(e -> holdsId(e, traceId) && holdsId(e, agentSpan) && holdsText(e, "gateway-service"));
    assertThat(collector.exports()).as("records names its span after the route")
        .anyMatch(e -> holdsId(e, traceId) && holdsText(e, "POST /v1/assets"));
  }

  private static String hex(int bytes) {
    var value = new byte[bytes];
    RANDOM.nextBytes(value);
    return HexFormat.of().formatHex(value);
  }
}

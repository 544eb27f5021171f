package dev.videoautomation.platform.http;

import static dev.videoautomation.platform.http.TracingWithoutCollectorTest.AGENT_SPAN;
import static dev.videoautomation.platform.http.TracingWithoutCollectorTest.AGENT_TRACE;
import static dev.videoautomation.platform.http.TracingWithoutCollectorTest.failing;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;

import jakarta.enterprise.inject.Any;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;

import org.junit.jupiter.api.Test;

import io.opentelemetry.sdk.trace.export.SpanExporter;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;

import dev.videoautomation.platform.errors.ErrorMappers;

/**
 * OTEL_TRACES_SAMPLER_ARG is the share of new traces kept, while a caller's decision is kept whatever the ratio
 * (parent-based): at 0, a trace this service starts is not sampled, an agent's sampled trace still is. The SDK is
 * switched on here explicitly, with no collector named: spans are made and sent nowhere ({@link NoCollector}), never
 * to the extension's default address.
 */
@QuarkusTest
@TestProfile(TraceSamplingTest.NoNewTraces.class)
class TraceSamplingTest {
  public static class NoNewTraces implements QuarkusTestProfile {
    @Override
    public Map<String, String> getConfigOverrides() {
      return Map.of("otel.traces.sampler.arg", "0", TracingSwitch.SETTING, "false");
    }
  }

  @Inject
  @Any
  Instance<SpanExporter> exporters;

  @Test
  void shouldSendSpansNowhereWithoutACollector() {
    assertThat(exporters.stream().toList()).singleElement().isInstanceOf(NoCollector.class);
  }

  @Test
  void shouldSampleNoNewTraceButKeepTheCallersDecision() {
    try (var lines = LogLines.of(ErrorMappers.class)) {
      failing().header("X-Request-Id", "rid-new").when().get("/v1/probe/boom").then().statusCode(500);
      failing().header("X-Request-Id", "rid-joined")
          .header("traceparent", "00-" + AGENT_TRACE + "-" + AGENT_SPAN + "-01")
          .when().get("/v1/probe/boom").then().statusCode(500);

      var fresh = lines.first("request id rid-new");
      assertThat(fresh.getMdc("traceId")).matches("[0-9a-f]{32}").isNotEqualTo(AGENT_TRACE);
      assertThat(fresh.getMdc("sampled")).isEqualTo("false");
      var joined = lines.first("request id rid-joined");
      assertThat(joined.getMdc("traceId")).isEqualTo(AGENT_TRACE);
      assertThat(joined.getMdc("sampled")).isEqualTo("true");
    }
  }
}

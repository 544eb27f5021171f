package dev.videoautomation.platform.http;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.Set;

import jakarta.enterprise.inject.Any;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;

import org.junit.jupiter.api.Test;

import io.opentelemetry.sdk.trace.export.SpanExporter;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.specification.RequestSpecification;

import dev.videoautomation.platform.errors.ErrorMappers;
import dev.videoautomation.platform.testing.TestTokens;

/**
 * With no collector named, spans are still made, so the log lines of a request carry its request id and its trace,
 * but they are sent nowhere: the only exporter is {@link NoCollector}, never the extension's default address.
 */
@QuarkusTest
class TracingWithoutCollectorTest {
  static final String AGENT_TRACE = "4bf92f3577b34da6a3ce929d0e0e4736";
  static final String AGENT_SPAN = "00f067aa0ba902b7";

  @Inject
  @Any
  Instance<SpanExporter> exporters;

  /** A request whose failure the error mapper logs (the line is in the request's log context). */
  static RequestSpecification failing() {
    return given().header("Authorization", "Bearer " + TestTokens.forClient("cli_test", Set.of("api.read"), null));
  }

  @Test
  void shouldSendSpansNowhere() {
    assertThat(exporters.stream().toList()).singleElement().isInstanceOf(NoCollector.class);
  }

  @Test
  void shouldPutTheRequestIdAndTheTraceIntoEveryLogLineOfTheRequest() {
    try (var lines = LogLines.of(ErrorMappers.class)) {
      failing().header("X-Request-Id", "rid-logged")
          .header("traceparent", "00-" + AGENT_TRACE + "-" + AGENT_SPAN + "-01").when().get("/v1/probe/boom").then().statusCode(500).header("X-Request-Id", "rid-logged");

      var line = lines.first("Unexpected failure");
      assertThat(line.getMdc("requestId")).isEqualTo("rid-logged");
      assertThat(line.getMdc("traceId")).as("the caller's trace").isEqualTo(AGENT_TRACE);
      assertThat(line.getMdc("spanId")).as("this service's own span").matches("[0-9a-f]{16}")
          .isNotEqualTo(AGENT_SPAN);
    }
  }
}

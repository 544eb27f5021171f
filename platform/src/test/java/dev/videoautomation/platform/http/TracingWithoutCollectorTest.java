package dev.videoautomation.platform.http;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.Set;

import org.junit.jupiter.api.Test;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.specification.RequestSpecification;

import dev.videoautomation.platform.errors.ErrorMappers;
import dev.videoautomation.platform.testing.TestTokens;

/**
 * With no collector named, the OpenTelemetry SDK is off ({@link TracingSwitch}) and no span is made; the log lines of
 * a request still carry its request id and the trace id of the caller's valid {@code traceparent}
 * ({@link CallerTrace}).
 */
@QuarkusTest
class TracingWithoutCollectorTest {
  static final String AGENT_TRACE = "4bf92f3577b34da6a3ce929d0e0e4736";
  static final String AGENT_SPAN = "00f067aa0ba902b7";

  /** A request whose failure the error mapper logs (the line is in the request's log context). */
  static RequestSpecification failing() {
    return given().header("Authorization", "Bearer " + TestTokens.forClient("cli_test", Set.of("api.read"), null));
  }

  @Test
  void shouldPutTheRequestIdAndTheTraceIntoEveryLogLineOfTheRequest() {
    try (var lines = LogLines.of(ErrorMappers.class)) {
      failing().header("X-Request-Id", "rid-logged")
          .header("traceparent", "00-" + AGENT_TRACE + "-" + AGENT_SPAN + "-01").when().get("/v1/probe/boom").then().statusCode(500).header("X-Request-Id", "rid-logged");

      var line = lines.first("Unexpected failure");
      assertThat(line.getMdc("requestId")).isEqualTo("rid-logged");
      assertThat(line.getMdc("traceId")).as("the caller's trace").isEqualTo(AGENT_TRACE);
      assertThat(line.getMdc("spanId")).as("no span of its own is made").isNull();
    }
  }

  @Test
  void shouldIgnoreAnInvalidTraceparent() {
    try (var lines = LogLines.of(ErrorMappers.class)) {
      failing().header("X-Request-Id", "rid-bad-trace").header("traceparent", "00-" + AGENT_TRACE + "-" + AGENT_SPAN)
          .when().get("/v1/probe/boom").then().statusCode(500).header("X-Request-Id", "rid-bad-trace");

      var line = lines.first("request id rid-bad-trace");
      assertThat(line.getMdc("requestId")).isEqualTo("rid-bad-trace");
      assertThat(line.getMdc("traceId")).isNull();
    }
  }
}

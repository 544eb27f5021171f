package dev.videoautomation.platform.http;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Only a valid version-00 W3C traceparent gives a trace id; anything else is ignored, never an error. */
class CallerTraceTest {
  private static final String TRACE = "4bf92f3577b34da6a3ce929d0e0e4736";

  @Test
  void shouldReadTheTraceIdOfAValidTraceparent() {
    assertThat(CallerTrace.traceId("00-" + TRACE + "-00f067aa0ba902b7-01")).isEqualTo(TRACE);
    assertThat(CallerTrace.traceId("00-" + TRACE + "-00f067aa0ba902b7-00")).as("unsampled").isEqualTo(TRACE);
  }

  @Test
  void shouldIgnoreAnythingElse() {
    assertThat(CallerTrace.traceId(null)).isNull();
    assertThat(CallerTrace.traceId("")).isNull();
    assertThat(CallerTrace.traceId("00-" + TRACE + "-00f067aa0ba902b7-1")).as("short flags").isNull();
    assertThat(CallerTrace.traceId("00-" + TRACE + "-00f067aa0ba902b7-01-x")).as("longer than version 00").isNull();
    assertThat(CallerTrace.traceId("01-" + TRACE + "-00f067aa0ba902b7-01")).as("another version").isNull();
    assertThat(CallerTrace.traceId("00-" + TRACE.toUpperCase() + "-00f067aa0ba902b7-01")).as("uppercase").isNull();
    assertThat(CallerTrace.traceId("00-" + "0".repeat(32) + "-00f067aa0ba902b7-01")).as("zero trace").isNull();
    assertThat(CallerTrace.traceId("00-" + TRACE + "-0000000000000000-01")).as("zero parent").isNull();
    assertThat(CallerTrace.traceId("00-" + TRACE + "-00f067aa0ba902g7-01")).as("not hex").isNull();
    assertThat(CallerTrace.traceId("00_" + TRACE + "-00f067aa0ba902b7-01")).as("separator").isNull();
    assertThat(CallerTrace.traceId("00-" + TRACE + "-00f067aa0ba902b7-0z")).as("flags not hex").isNull();
  }
}

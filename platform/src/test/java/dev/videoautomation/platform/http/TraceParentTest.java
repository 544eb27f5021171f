package dev.videoautomation.platform.http;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class TraceParentTest {
  @Test
  void shouldReadTheW3cExample() {
    var parent = TraceParent.parse("00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01").orElseThrow();
    assertThat(parent.traceId()).isEqualTo("4bf92f3577b34da6a3ce929d0e0e4736");
    assertThat(parent.spanId()).isEqualTo("00f067aa0ba902b7");
    assertThat(parent.header()).isEqualTo("00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01");
  }

  @Test
  void shouldIgnoreWhatTheSpecSaysToIgnore() {
    for (var bad : new String[] {null, "", "01-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01",
        "00-00000000000000000000000000000000-00f067aa0ba902b7-01",
        "00-4bf92f3577b34da6a3ce929d0e0e4736-0000000000000000-01",
        "00-4BF92F3577B34DA6A3CE929D0E0E4736-00f067aa0ba902b7-01", "00-4bf92f35-00f067aa0ba902b7-01"}) {
      assertThat(TraceParent.parse(bad)).as("'%s'", bad).isEmpty();
    }
  }

  @Test
  void aChildKeepsTheTraceAndFlagsWithANewSpan() {
    var parent = TraceParent.newTrace();
    var child = parent.child();
    assertThat(child.traceId()).isEqualTo(parent.traceId());
    assertThat(child.flags()).isEqualTo("01");
    assertThat(child.spanId()).hasSize(16).isNotEqualTo(parent.spanId());
    assertThat(TraceParent.parse(child.header())).contains(child);
  }
}

package dev.videoautomation.platform.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import io.micrometer.core.instrument.Metrics;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;

class QueueDepthTest {
  private final SimpleMeterRegistry registry = new SimpleMeterRegistry();

  @BeforeEach
  void register() {
    Metrics.addRegistry(registry);
  }

  @AfterEach
  void unregister() {
    Metrics.removeRegistry(registry);
  }

  @Test
  void shouldReportEachRoundAndZeroWhatDrained() {
    QueueDepth.report(List.of(new QueueDepth.Count("qd-video", "pending", 3),
        new QueueDepth.Count("qd-image", "running", 1)));
    assertThat(depth("qd-video", "pending")).isEqualTo(3);
    assertThat(depth("qd-image", "running")).isEqualTo(1);

    QueueDepth.report(List.of(new QueueDepth.Count("qd-video", "pending", 2)));
    assertThat(depth("qd-video", "pending")).isEqualTo(2);
    assertThat(depth("qd-image", "running")).as("drained since the last round").isZero();
  }

  private double depth(String kind, String status) {
    return registry.get("vas.task.queue.depth").tag("kind", kind).tag("status", status).gauge().value();
  }
}

package dev.videoautomation.platform.work;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import io.micrometer.core.instrument.Metrics;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;

/** The depth of a real table's waiting work, counted by the service's query and published per kind and status. */
class QueueGaugeTest {
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
  void shouldPublishWhatWaitsAndZeroWhatDrained() {
    var dataSource = WorkTables.freshWorkTable();
    WorkTables.insert(dataSource, "v1", "qg-video", "pending", -1);
    WorkTables.insert(dataSource, "v2", "qg-video", "pending", -1);
    WorkTables.insert(dataSource, "i1", "qg-image", "running", -1);
    WorkTables.insert(dataSource, "i2", "qg-image", "succeeded", -1);
    var gauge = new QueueGauge(dataSource, "SELECT kind, status, count(*) FROM work.items "
        + "WHERE status IN ('pending', 'running') GROUP BY kind, status");

    gauge.count();
    assertThat(depth("qg-video", "pending")).isEqualTo(2);
    assertThat(depth("qg-image", "running")).isEqualTo(1);

    WorkTables.execute(dataSource, "UPDATE work.items SET status = 'succeeded' WHERE kind = 'qg-image'");
    gauge.count();
    assertThat(depth("qg-video", "pending")).isEqualTo(2);
    assertThat(depth("qg-image", "running")).as("drained since the last count").isZero();
  }

  private double depth(String kind, String status) {
    return registry.get("vas.task.queue.depth").tag("kind", kind).tag("status", status).gauge().value();
  }
}

package dev.videoautomation.platform.metrics;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

import io.micrometer.core.instrument.Metrics;
import io.micrometer.core.instrument.Tags;

/**
 * {@code vas_task_queue_depth{kind, status}}: how much background work waits in a service's task rows (renders,
 * image and music tasks, account checks, scheduled posts). Services count their rows on a schedule and report each
 * count here; a pair not reported in a round reads 0, so a drained queue shows as 0, not as its last value.
 */
public final class QueueDepth {
  private static final Map<String, AtomicLong> GAUGES = new ConcurrentHashMap<>();

  private QueueDepth() {
  }

  /** One counted group: work of {@code kind} in {@code status}. */
  public record Count(String kind, String status, long rows) {
  }

  /** Replaces every reported depth with this round's counts. */
  public static synchronized void report(List<Count> counts) {
    var seen = new java.util.HashSet<String>();
    for (var count : counts) {
      var key = count.kind() + "|" + count.status();
      seen.add(key);
      GAUGES.computeIfAbsent(key, k -> Metrics.gauge("vas.task.queue.depth",
          Tags.of("kind", count.kind(), "status", count.status()), new AtomicLong())).set(count.rows());
    }
    GAUGES.forEach((key, gauge) -> {
      if (!seen.contains(key)) {
        gauge.set(0);
      }
    });
  }
}

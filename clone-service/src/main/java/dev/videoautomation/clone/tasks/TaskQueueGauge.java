package dev.videoautomation.clone.tasks;

import javax.sql.DataSource;

import jakarta.enterprise.context.ApplicationScoped;

import io.quarkus.scheduler.Scheduled;

import dev.videoautomation.platform.work.QueueGauge;

/** Publishes how many tasks wait or run, by kind, as {@code vas_task_queue_depth} (docs/operations.md §5). */
@ApplicationScoped
public class TaskQueueGauge {
  private final QueueGauge gauge;

  TaskQueueGauge(DataSource dataSource) {
    this.gauge = new QueueGauge(dataSource, "SELECT kind, status, count(*) FROM tasks "
        + "WHERE status IN ('pending', 'running') GROUP BY kind, status");
  }

  @Scheduled(every = "${clone.metrics.queue-every:15s}", delayed = "10s",
      concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
  public void count() {
    gauge.count();
  }
}

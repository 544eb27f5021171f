package dev.videoautomation.records.common;

import javax.sql.DataSource;

import jakarta.enterprise.context.ApplicationScoped;

import io.quarkus.scheduler.Scheduled;

import dev.videoautomation.platform.work.QueueGauge;

/**
 * Publishes records' background work as {@code vas_task_queue_depth} (docs/operations.md §5): accounts waiting for
 * verification, posts due and not yet sent, posts being published.
 */
@ApplicationScoped
public class WorkQueueGauge {
  private final QueueGauge gauge;

  WorkQueueGauge(DataSource dataSource) {
    this.gauge = new QueueGauge(dataSource, """
        SELECT 'account_verification', 'waiting', count(*) FROM accounts WHERE status = 'creating'
        UNION ALL SELECT 'post_publish', 'due', count(*) FROM posts
          WHERE status = 'scheduled' AND scheduled_at <= now()
        UNION ALL SELECT 'post_publish', 'publishing', count(*) FROM posts WHERE status = 'publishing'""");
  }

  @Scheduled(every = "${records.metrics.queue-every:15s}", delayed = "10s",
      concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
  public void count() {
    gauge.count();
  }
}

package dev.videoautomation.records.common;

import java.util.ArrayList;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.transaction.Transactional;

import io.quarkus.scheduler.Scheduled;

import dev.videoautomation.platform.metrics.QueueDepth;

/**
 * Publishes records' background work as {@code vas_task_queue_depth} (docs/operations.md §5): accounts waiting for
 * verification, posts due and not yet sent, posts being published.
 */
@ApplicationScoped
public class WorkQueueGauge {
  private final EntityManager entities;

  WorkQueueGauge(EntityManager entities) {
    this.entities = entities;
  }

  @Scheduled(every = "${records.metrics.queue-every:15s}", delayed = "10s",
      concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
  @Transactional
  public void count() {
    var counts = new ArrayList<QueueDepth.Count>();
    var rows = entities.createNativeQuery("""
        SELECT 'account_verification', 'waiting', count(*) FROM accounts WHERE status = 'creating'
        UNION ALL SELECT 'post_publish', 'due', count(*) FROM posts
          WHERE status = 'scheduled' AND scheduled_at <= now()
        UNION ALL SELECT 'post_publish', 'publishing', count(*) FROM posts WHERE status = 'publishing'""")
        .getResultList();
    for (var item : rows) {
      var row = (Object[]) item;
      counts.add(new QueueDepth.Count((String) row[0], (String) row[1], ((Number) row[2]).longValue()));
    }
    QueueDepth.report(counts);
  }
}

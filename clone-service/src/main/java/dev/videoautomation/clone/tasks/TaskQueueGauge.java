package dev.videoautomation.clone.tasks;

import java.util.ArrayList;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.transaction.Transactional;

import io.quarkus.scheduler.Scheduled;

import dev.videoautomation.platform.metrics.QueueDepth;

/** Publishes how many tasks wait or run, by kind, as {@code vas_task_queue_depth} (docs/operations.md §5). */
@ApplicationScoped
public class TaskQueueGauge {
  private final EntityManager entities;

  TaskQueueGauge(EntityManager entities) {
    this.entities = entities;
  }

  @Scheduled(every = "${clone.metrics.queue-every:15s}", delayed = "10s",
      concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
  @Transactional
  public void count() {
    var counts = new ArrayList<QueueDepth.Count>();
    for (var item : entities.createNativeQuery("SELECT kind, status, count(*) FROM tasks "
        + "WHERE status IN ('pending', 'running') GROUP BY kind, status").getResultList()) {
      var row = (Object[]) item;
      counts.add(new QueueDepth.Count((String) row[0], (String) row[1], ((Number) row[2]).longValue()));
    }
    QueueDepth.report(counts);
  }
}

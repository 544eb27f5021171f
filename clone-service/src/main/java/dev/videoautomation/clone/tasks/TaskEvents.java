package dev.videoautomation.clone.tasks;

import jakarta.enterprise.context.ApplicationScoped;

import dev.videoautomation.platform.events.Outbox;
import dev.videoautomation.platform.jobs.JobStatus;

/**
 * Records a change of a task as a job event (docs/internal-api.md §3.15): raises the task's event sequence and writes
 * the outbox row with the job view after the change, and so the {@code job_events} notification, in the caller's
 * transaction. Every write that changes a task calls it once. A task from before webhooks moved to records names no
 * one-off receiver here: clone's own dispatcher still delivers its webhook.
 */
@ApplicationScoped
public class TaskEvents {
  private final Outbox outbox;

  public TaskEvents(Outbox outbox) {
    this.outbox = outbox;
  }

  /** {@code task} has just changed (it is managed by the caller's transaction, which writes the new sequence). */
  void changed(Task task) {
    task.eventSeq++;
    var status = JobStatus.fromWire(task.status).orElseThrow();
    outbox.jobChanged(new Outbox.JobChange(task.id, task.clientId, status, task.eventSeq, JobView.of(task),
        task.webhookLegacy ? null : task.webhookUrl));
  }
}

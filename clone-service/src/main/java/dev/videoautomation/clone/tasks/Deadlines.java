package dev.videoautomation.clone.tasks;

import jakarta.enterprise.context.ApplicationScoped;

import io.quarkus.logging.Log;

import dev.videoautomation.clone.provider.QueueProvider;

/**
 * Ends open tasks past their deadline (docs/jobs.md, "Deadlines and refunds"): each becomes {@code failed} with
 * {@code deadline_exceeded} ({@link TaskStore#expire}, on the locked row, so replicas racing end it once), then, as
 * after a cancel, its refund is settled through the refund queue and the provider is asked to drop the request (best
 * effort: fal drops only requests not yet started).
 */
@ApplicationScoped
public class Deadlines {
  private static final int BATCH = 20;
  private final TaskStore store;
  private final Refunds refunds;
  private final QueueProvider provider;

  public Deadlines(TaskStore store, Refunds refunds, QueueProvider provider) {
    this.store = store;
    this.refunds = refunds;
    this.provider = provider;
  }

  /** One pass over the tasks past their deadline; answers how many this pass ended. */
  public int expireDue() {
    int ended = 0;
    for (var id : store.pastDeadline(BATCH)) {
      var expired = store.expire(id);
      if (expired.isPresent()) {
        Log.infof("Task %s failed: deadline_exceeded (deadline %s)", id, expired.get().deadlineAt);
        settleEnded(expired.get());
        ended++;
      }
    }
    return ended;
  }

  /** A task this replica just ended early (canceled, or past its deadline): refund it now, and drop it upstream. */
  void settleEnded(Task task) {
    refunds.settle(task.id);
    if (task.providerCancelUrl != null) {
      dropUpstream(task.id, task.providerCancelUrl);
    }
  }

  /** Asks the provider to drop a task's request; best effort, as fal drops only requests that have not started. */
  void dropUpstream(String taskId, String cancelUrl) {
    try {
      provider.cancel(cancelUrl);
    } catch (RuntimeException e) {
      Log.debugf("Provider cancel of %s not taken: %s", taskId, e.getMessage());
    }
  }
}

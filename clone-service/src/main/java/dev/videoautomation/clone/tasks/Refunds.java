package dev.videoautomation.clone.tasks;

import jakarta.enterprise.context.ApplicationScoped;

import io.quarkus.logging.Log;

import dev.videoautomation.platform.calls.CreditsCalls;
import dev.videoautomation.platform.calls.OwnerRefusal;

/**
 * Gives back the credits of failed and canceled tasks. A task's refund falls due in the same transaction that fails
 * or cancels it; this claims it (so one worker calls billing), refunds with operationId = task id (billing refunds an
 * operationId at most once anyway) and marks it done. A refund billing could not take stays due and is retried.
 */
@ApplicationScoped
public class Refunds {
  private final TaskClaims claims;
  private final TaskStore store;
  private final CreditsCalls credits;

  public Refunds(TaskClaims claims, TaskStore store, CreditsCalls credits) {
    this.claims = claims;
    this.store = store;
    this.credits = credits;
  }

  public void settleDue() {
    claims.claimRefunds(20, null).forEach(this::refund);
  }

  /** Refunds this task now if its refund is due and no one else is on it (a cancel). */
  public void settle(String id) {
    claims.claimRefunds(1, id).forEach(this::refund);
  }

  private void refund(String id) {
    var task = store.find(id).orElse(null);
    if (task == null) {
      return;
    }
    try {
      var refunded = credits.refund(task.clientId, task.id, Task.CANCELED.equals(task.status) ? "task_canceled"
          : "task_failed");
      // A replayed refund answers what the first one gave back, so the amount is the same however often it is asked.
      store.refunded(id, refunded.creditsRefunded());
    } catch (OwnerRefusal e) {
      Log.warnf("Refund of %s not taken yet (%s); it is retried", id, e.reason());
    }
  }
}

package dev.videoautomation.clone.tasks;

import java.util.UUID;
import java.util.concurrent.atomic.AtomicBoolean;

import jakarta.enterprise.context.ApplicationScoped;

import io.quarkus.logging.Log;
import io.quarkus.scheduler.Scheduled;
import io.quarkus.scheduler.ScheduledExecution;

import dev.videoautomation.clone.config.CloneConfig;
import dev.videoautomation.clone.webhooks.WebhookDispatcher;

/**
 * The worker every replica runs: each pass fails the tasks past their deadline, claims due tasks (SKIP LOCKED, so
 * replicas share them), steps each one, settles refunds that fell due, and sends due legacy webhooks. It runs on a schedule ({@code clone.worker.every}) and, when
 * {@code clone.worker.nudge} is on, at once after a task is created.
 */
@ApplicationScoped
public class TaskWorker {
  private final TaskClaims claims;
  private final TaskRunner runner;
  private final Refunds refunds;
  private final Deadlines deadlines;
  private final WebhookDispatcher webhooks;
  private final CloneConfig config;
  private final AtomicBoolean nudged = new AtomicBoolean();

  public TaskWorker(TaskClaims claims, TaskRunner runner, Refunds refunds, Deadlines deadlines,
      WebhookDispatcher webhooks, CloneConfig config) {
    this.claims = claims;
    this.runner = runner;
    this.refunds = refunds;
    this.deadlines = deadlines;
    this.webhooks = webhooks;
    this.config = config;
  }

  @Scheduled(every = "{clone.worker.every}", delayed = "5s", concurrentExecution = Scheduled.ConcurrentExecution.SKIP,
      skipExecutionIf = Disabled.class)
  void tick() {
    runOnce();
  }

  /** One pass; answers how many tasks it stepped. */
  public int runOnce() {
    deadlines.expireDue();
    var token = UUID.randomUUID().toString();
    var ids = claims.claim(config.worker().batch(), config.worker().lease(), token);
    for (var id : ids) {
      runner.step(id, token);
    }
    refunds.settleDue();
    webhooks.deliverDue();
    return ids.size();
  }

  /** Starts a pass now on a virtual thread (one at a time per replica), so new work does not wait for the tick. */
  public void nudge() {
    if (!config.worker().nudge() || !nudged.compareAndSet(false, true)) {
      return;
    }
    Thread.ofVirtual().name("clone-worker-nudge").start(() -> {
      try {
        while (runOnce() > 0) {
          // keep going while there is due work
        }
      } catch (RuntimeException e) {
        Log.warnf(e, "A worker pass failed");
      } finally {
        nudged.set(false);
      }
    });
  }

  /** Skips the scheduled pass when {@code clone.worker.enabled} is false. */
  @ApplicationScoped
  public static class Disabled implements Scheduled.SkipPredicate {
    private final CloneConfig config;

    public Disabled(CloneConfig config) {
      this.config = config;
    }

    @Override
    public boolean test(ScheduledExecution execution) {
      return !config.worker().enabled();
    }
  }
}

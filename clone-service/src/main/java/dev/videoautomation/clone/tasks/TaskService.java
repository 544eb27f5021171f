package dev.videoautomation.clone.tasks;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;

import io.quarkus.logging.Log;

import dev.videoautomation.clone.provider.QueueProvider;
import dev.videoautomation.platform.calls.CreditsCalls;
import dev.videoautomation.platform.errors.ApiException;
import dev.videoautomation.platform.lists.PageRequest;

/**
 * Starting, reading and canceling tasks for the resources. A task is charged before it exists (operationId = its id):
 * when billing refuses (402 insufficient_credits), nothing is queued and the refusal reaches the agent unchanged.
 */
@ApplicationScoped
public class TaskService {
  private final TaskStore store;
  private final TaskRepository tasks;
  private final CreditsCalls credits;
  private final TaskWorker worker;
  private final Refunds refunds;
  private final QueueProvider provider;

  public TaskService(TaskStore store, TaskRepository tasks, CreditsCalls credits, TaskWorker worker, Refunds refunds,
      QueueProvider provider) {
    this.store = store;
    this.tasks = tasks;
    this.credits = credits;
    this.worker = worker;
    this.refunds = refunds;
    this.provider = provider;
  }

  /** A new task's fields; {@link #start} charges it, stores it and wakes the worker. */
  public record Draft(String id, String kind, String purpose, String clientId, String model, String mode,
      String prompt, Map<String, Object> input, String operation, Map<String, String> attributes,
      String webhookUrl) {
  }

  public Task start(Draft draft) {
    var charged = credits.charge(draft.clientId(), draft.id(), draft.operation(), 1, draft.attributes());
    var task = new Task();
    task.id = draft.id();
    task.kind = draft.kind();
    task.purpose = draft.purpose();
    task.clientId = draft.clientId();
    task.status = Task.PENDING;
    task.model = draft.model();
    task.mode = draft.mode();
    task.prompt = draft.prompt();
    task.input = draft.input();
    task.operation = draft.operation();
    task.creditsCharged = charged.creditsCharged();
    task.webhookUrl = draft.webhookUrl();
    task.refundState = "none";
    var now = TaskStore.now();
    task.nextAttemptAt = now;
    task.createdAt = now;
    task.updatedAt = now;
    try {
      store.create(task);
    } catch (RuntimeException e) {
      Log.warnf("Task %s could not be stored after its charge; refunding", draft.id());
      credits.refund(draft.clientId(), draft.id(), "submit_failed");
      throw e;
    }
    worker.nudge();
    return task;
  }

  @Transactional
  public Optional<Task> owned(String id, String clientId, String kind) {
    return tasks.owned(id, clientId, kind);
  }

  @Transactional
  public Optional<Task> find(String id) {
    return tasks.findByIdOptional(id);
  }

  @Transactional
  public List<Task> page(String clientId, String kind, PageRequest request) {
    return tasks.page(clientId, kind, request);
  }

  /** Cancels the client's open task: refunded once at once, and the provider asked (best effort) to drop it. */
  public Optional<Task> cancel(String id, String clientId, String kind) {
    var canceled = store.cancel(id, clientId, kind);
    canceled.filter(TaskStore.Canceled::now).map(TaskStore.Canceled::task).ifPresent(t -> {
      refunds.settle(t.id);
      if (t.providerCancelUrl != null) {
        try {
          provider.cancel(t.providerCancelUrl);
        } catch (RuntimeException e) {
          Log.debugf("Provider cancel of %s not taken: %s", t.id, e.getMessage());
        }
      }
    });
    return canceled.flatMap(c -> find(c.task().id));
  }

  /** Waits up to {@code wait} for the task to finish, reading it again every 200 ms. */
  public Task await(String id, Duration wait) {
    var deadline = System.nanoTime() + wait.toNanos();
    while (true) {
      var task = find(id).orElseThrow(() -> ApiException.notFound("Task " + id));
      if (!task.open() || System.nanoTime() > deadline) {
        return task;
      }
      try {
        Thread.sleep(200);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return task;
      }
    }
  }
}

package dev.videoautomation.clone.tasks;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;

import io.quarkus.logging.Log;

import dev.videoautomation.platform.calls.CreditsCalls;
import dev.videoautomation.platform.errors.ApiError;
import dev.videoautomation.platform.errors.ApiException;
import dev.videoautomation.platform.errors.ErrorCode;
import dev.videoautomation.platform.lists.PageRequest;
import dev.videoautomation.platform.spending.DryRuns;

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
  private final Deadlines deadlines;
  private final DryRuns dryRuns;

  public TaskService(TaskStore store, TaskRepository tasks, CreditsCalls credits, TaskWorker worker,
      Deadlines deadlines, DryRuns dryRuns) {
    this.store = store;
    this.tasks = tasks;
    this.credits = credits;
    this.worker = worker;
    this.deadlines = deadlines;
    this.dryRuns = dryRuns;
  }

  /**
   * A new task's fields; {@link #start} charges it, stores it and wakes the worker. {@code deadline} counts from its
   * creation; {@code webhookUrl} is its one-off receiver, delivered by records from the outbox.
   */
  public record Draft(String id, String kind, String purpose, String clientId, String model, String mode,
      String prompt, Map<String, Object> input, String operation, Map<String, String> attributes,
      String webhookUrl, Duration deadline) {
  }

  /** Charges, stores and wakes; a dry run ends before the charge, with billing's quote of exactly that charge. */
  public Task start(Draft draft) {
    dryRuns.stopIfRequested(draft.clientId(), draft.operation(), 1, draft.attributes());
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
    task.deadlineAt = now.plus(draft.deadline());
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

  /**
   * Cancels the client's open task: refunded once at once, and the provider asked (best effort) to drop it. A task
   * already canceled is answered as it is; one that succeeded or failed is 409 {@code not_cancelable} with its
   * {@code status}. Empty when the client has no such task.
   */
  public Optional<Task> cancel(String id, String clientId, String kind) {
    var canceled = store.cancel(id, clientId, kind);
    canceled.filter(TaskStore.Canceled::now).map(TaskStore.Canceled::task).ifPresent(deadlines::settleEnded);
    var current = canceled.flatMap(c -> find(c.task().id));
    if (current.isPresent() && (Task.SUCCEEDED.equals(current.get().status)
        || Task.FAILED.equals(current.get().status))) {
      var task = current.get();
      throw new ApiException(ApiError.of(ErrorCode.NOT_CANCELABLE, "The job has already " + task.status
          + "; there is nothing to cancel.").with("id", task.id).with("status", task.status));
    }
    return current;
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

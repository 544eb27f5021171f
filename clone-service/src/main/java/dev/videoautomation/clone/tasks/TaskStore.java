package dev.videoautomation.clone.tasks;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Optional;
import java.util.function.Consumer;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;
import jakarta.transaction.Transactional;

import io.quarkus.logging.Log;

import dev.videoautomation.clone.provider.QueueProvider;
import dev.videoautomation.platform.errors.ApiError;

/**
 * Every change a worker makes to a task, each in its own transaction on the locked row and only while the worker's
 * lease token is still the row's: a worker whose lease ran out (and whose task another worker took over) changes
 * nothing, so a task is submitted, finished, failed and refunded once. Every change of the task's status or progress
 * is also its next job event ({@link TaskEvents}: the outbox row and the {@code job_events} notification) in
 * the same transaction, and a terminal change announces {@link TaskEnded} there (a legacy render's webhook is queued
 * by it).
 */
@ApplicationScoped
@Transactional
public class TaskStore {
  private final TaskRepository tasks;
  private final Event<TaskEnded> ended;
  private final TaskEvents events;

  public TaskStore(TaskRepository tasks, Event<TaskEnded> ended, TaskEvents events) {
    this.tasks = tasks;
    this.ended = ended;
    this.events = events;
  }

  /** The job error of a task failed past its deadline (docs/jobs.md). */
  public static final String DEADLINE_EXCEEDED = "deadline_exceeded";

  public static Instant now() {
    return Instant.now().truncatedTo(ChronoUnit.MILLIS);
  }

  public void create(Task task) {
    tasks.persist(task);
    events.changed(task);
  }

  public Optional<Task> find(String id) {
    return tasks.findByIdOptional(id);
  }

  /** Up to {@code limit} open tasks whose deadline has passed, the longest overdue first. */
  public java.util.List<String> pastDeadline(int limit) {
    return tasks.find("status in ?1 and deadlineAt <= ?2 order by deadlineAt", Task.OPEN, now()).page(0, limit)
        .project(TaskId.class).list().stream().map(TaskId::id).toList();
  }

  /** A projection of a task on its id. */
  @io.quarkus.runtime.annotations.RegisterForReflection
  public record TaskId(String id) {
  }

  /** The task while {@code token} still holds it and it is open; empty once another worker or a cancel took it. */
  @Transactional(Transactional.TxType.REQUIRES_NEW)
  public Optional<Task> held(String id, String token) {
    return tasks.locked(id).filter(t -> token.equals(t.leaseToken) && t.open());
  }

  public boolean submitted(String id, String token, QueueProvider.Submitted submitted, Instant nextPoll) {
    return change(id, token, t -> {
      t.providerRequestId = submitted.requestId();
      t.providerStatusUrl = submitted.statusUrl();
      t.providerResponseUrl = submitted.responseUrl();
      t.providerCancelUrl = submitted.cancelUrl();
      t.providerStatus = "IN_QUEUE";
      t.status = Task.RUNNING;
      t.startedAt = t.startedAt == null ? now() : t.startedAt;
      t.progress = Math.max(t.progress, 5);
      t.polls = 0;
      t.attempts = 0;
      t.nextAttemptAt = nextPoll;
    });
  }

  public boolean polled(String id, String token, String providerStatus, int progress, Instant nextPoll) {
    return change(id, token, t -> {
      t.providerStatus = providerStatus;
      t.status = Task.RUNNING;
      t.startedAt = t.startedAt == null ? now() : t.startedAt;
      t.progress = Math.max(t.progress, progress);
      t.polls++;
      t.nextAttemptAt = nextPoll;
    });
  }

  /** A transient fault: try again at {@code next}. */
  public boolean retryLater(String id, String token, ApiError error, Instant next) {
    return change(id, token, t -> {
      t.attempts++;
      t.nextAttemptAt = next;
      Log.debugf("Task %s attempt %d failed (%s: %s); next try at %s", id, t.attempts, error.getError(),
          error.getMessage(), next);
    });
  }

  public boolean succeed(String id, String token, TaskResult result) {
    return change(id, token, t -> {
      t.status = Task.SUCCEEDED;
      t.progress = 100;
      t.providerStatus = "COMPLETED";
      t.resultUrl = result.resultUrl();
      t.resultUrls = result.resultUrls();
      t.resultMediaId = result.mediaId();
      t.resultContentType = result.contentType();
      t.resultDurationSeconds = result.durationSeconds();
      t.resultWidth = result.width();
      t.resultHeight = result.height();
      t.imageUrl = result.imageUrl();
      t.finishedAt = now();
      ended.fire(new TaskEnded(t));
    });
  }

  public boolean fail(String id, String token, ApiError error) {
    return change(id, token, t -> failNow(t, error));
  }

  /**
   * Cancels an open task of this client: it becomes {@code canceled} and its refund falls due. Whatever worker holds
   * it loses its lease at once. An already finished task is returned unchanged.
   */
  public Optional<Canceled> cancel(String id, String clientId, String kind) {
    return tasks.locked(id).filter(t -> t.clientId.equals(clientId) && t.kind.equals(kind)).map(t -> {
      boolean open = t.open();
      if (open) {
        t.status = Task.CANCELED;
        t.errorMessage = "Canceled by the client.";
        t.refundState = t.creditsCharged > 0 ? "due" : "none";
        release(t);
        t.finishedAt = now();
        ended.fire(new TaskEnded(t));
        events.changed(t);
      }
      return new Canceled(t, open);
    });
  }

  /** The task after a cancel, and whether this cancel is what ended it. */
  public record Canceled(Task task, boolean now) {
  }

  /**
   * Billing confirmed the refund of {@code credits}: the job shows them as {@code creditsRefunded}. No job event: the
   * job ended already, and the issue allows one event per transition, so streams and webhooks never see its final
   * status twice; a reader finds the refund in the job view.
   */
  public void refunded(String id, int credits) {
    tasks.locked(id).ifPresent(t -> {
      t.refundState = "done";
      t.creditsRefunded = credits;
      t.lockedUntil = null;
      t.updatedAt = now();
    });
  }

  /**
   * Fails the task with {@code deadline_exceeded} when it is still open past its deadline, whoever holds it (that
   * worker loses its lease, as on a cancel); its refund falls due. Answers the task when this is what ended it.
   */
  public Optional<Task> expire(String id) {
    return tasks.locked(id).filter(t -> t.open() && !t.deadlineAt.isAfter(now())).map(t -> {
      failNow(t, DEADLINE_EXCEEDED, "The job did not finish by its deadline (" + t.deadlineAt + "); the provider "
          + "was asked to drop it and the credits are refunded.");
      release(t);
      events.changed(t);
      return t;
    });
  }

  private void failNow(Task t, ApiError error) {
    failNow(t, error.getError(), error.getMessage());
  }

  private void failNow(Task t, String code, String message) {
    t.status = Task.FAILED;
    t.errorCode = code;
    t.errorMessage = message;
    t.refundState = t.creditsCharged > 0 ? "due" : "none";
    t.finishedAt = now();
    ended.fire(new TaskEnded(t));
  }

  /** Applies {@code change} while {@code token} holds the task; a change of status or progress is a job event. */
  private boolean change(String id, String token, Consumer<Task> change) {
    var held = tasks.locked(id).filter(t -> token.equals(t.leaseToken) && t.open());
    if (held.isEmpty()) {
      Log.debugf("Task %s is no longer held by this worker; leaving it", id);
      return false;
    }
    var task = held.get();
    var status = task.status;
    var progress = task.progress;
    change.accept(task);
    release(task);
    if (!status.equals(task.status) || progress != task.progress) {
      events.changed(task);
    }
    return true;
  }

  private static void release(Task task) {
    task.lockedUntil = null;
    task.leaseToken = null;
    task.updatedAt = now();
  }
}

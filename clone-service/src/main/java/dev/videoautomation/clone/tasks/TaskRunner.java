package dev.videoautomation.clone.tasks;

import java.time.Duration;
import java.time.Instant;
import java.util.Set;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Instance;

import org.eclipse.microprofile.faulttolerance.exceptions.CircuitBreakerOpenException;
import org.eclipse.microprofile.faulttolerance.exceptions.TimeoutException;

import io.quarkus.logging.Log;

import dev.videoautomation.clone.config.CloneConfig;
import dev.videoautomation.clone.provider.QueueProvider;
import dev.videoautomation.clone.sources.ProviderFiles;
import dev.videoautomation.platform.errors.ApiError;
import dev.videoautomation.platform.errors.ApiException;
import dev.videoautomation.platform.errors.ErrorCode;
import dev.videoautomation.platform.ffmpeg.MediaTools;

/**
 * One step of one claimed task: submit it to the provider's queue (once: the request id and URLs are stored at
 * submit, so a restarted worker polls instead of submitting again), or poll it (backing off), or, when the provider
 * says COMPLETED, fetch the output and finish it. Faults of the provider or of the suite (5xx, timeouts) are retried
 * with backoff up to {@code clone.worker.max-attempts}; anything else fails the task, which refunds it.
 */
@ApplicationScoped
public class TaskRunner {
  /** Failures no retry can fix. */
  private static final Set<String> PERMANENT = Set.of("provider_auth_failed", "provider_credits_exhausted",
      "provider_not_configured");

  private final TaskStore store;
  private final QueueProvider provider;
  private final ProviderFiles files;
  private final MediaTools tools;
  private final Instance<TaskFinisher> finishers;
  private final CloneConfig config;
  private final Deadlines deadlines;

  public TaskRunner(TaskStore store, QueueProvider provider, ProviderFiles files, MediaTools tools,
      Instance<TaskFinisher> finishers, CloneConfig config, Deadlines deadlines) {
    this.store = store;
    this.provider = provider;
    this.files = files;
    this.tools = tools;
    this.finishers = finishers;
    this.config = config;
    this.deadlines = deadlines;
  }

  public void step(String id, String token) {
    var held = store.held(id, token);
    if (held.isEmpty()) {
      return;
    }
    var task = held.get();
    try {
      if (Instant.now().isAfter(task.createdAt.plus(config.worker().giveUpAfter()))) {
        store.fail(id, token, ApiError.of(ErrorCode.UPSTREAM_TIMEOUT, "The provider did not finish within "
            + config.worker().giveUpAfter().toMinutes() + " minutes; the credits were refunded."));
      } else if (task.providerRequestId == null) {
        var submitted = submit(task);
        if (!store.submitted(id, token, submitted, pollAt(0))) {
          // The task ended (a cancel, or its deadline) while its submit was on the wire, so the cancel found no
          // request to drop: drop this one now rather than leave the provider generating for nobody.
          deadlines.dropUpstream(id, submitted.cancelUrl());
        }
      } else {
        poll(task, token);
      }
    } catch (ApiException e) {
      fault(task, token, e.error());
    } catch (TimeoutException | CircuitBreakerOpenException e) {
      fault(task, token, ApiError.of(ErrorCode.UPSTREAM_TIMEOUT, "The provider did not answer in time."));
    } catch (RuntimeException e) {
      Log.warnf(e, "Task %s step failed unexpectedly", id);
      fault(task, token, ApiError.of(ErrorCode.INTERNAL_ERROR, "The task could not be processed."));
    }
  }

  /** Submits the task once; the caller's files it names for inlining are read from storage for the call. */
  private QueueProvider.Submitted submit(Task task) {
    var inline = task.inlineMedia();
    if (inline.isEmpty()) {
      return provider.submit(task.model, task.arguments());
    }
    try (var work = tools.workDir()) {
      return provider.submit(task.model, files.inline(task.arguments(), inline, work));
    }
  }

  private void poll(Task task, String token) {
    var status = provider.status(task.providerStatusUrl);
    if (status.completed()) {
      var output = provider.result(task.providerResponseUrl);
      var result = finisher(task.kind).finish(task, output);
      store.succeed(task.id, token, result);
    } else if (status.failed()) {
      store.fail(task.id, token, ApiError.of(ErrorCode.UPSTREAM_ERROR,
          "The provider reported the generation as " + status.status() + "; the credits were refunded."));
    } else {
      var progress = "IN_PROGRESS".equals(status.status()) ? Math.min(90, 20 + task.polls * 5) : 10;
      store.polled(task.id, token, status.status(), progress, pollAt(task.polls + 1));
    }
  }

  private void fault(Task task, String token, ApiError error) {
    // A provider's own 4xx about the request (a model refusing its input) will not change on a retry; its 5xx, 429,
    // timeouts and the suite's own outages may.
    var upstream = error.extra().get("upstreamStatus");
    boolean providerRefused = upstream instanceof Integer code && code >= 400 && code < 500 && code != 429;
    boolean transientFault = error.status() >= 500 && !PERMANENT.contains(error.getError()) && !providerRefused;
    if (transientFault && task.attempts + 1 < config.worker().maxAttempts()) {
      store.retryLater(task.id, token, error, Instant.now().plus(backoff(config.worker().retryInitial(),
          task.attempts, Duration.ofMinutes(10))));
      return;
    }
    Log.infof("Task %s failed: %s %s", task.id, error.getError(), error.getMessage());
    store.fail(task.id, token, error);
  }

  private TaskFinisher finisher(String kind) {
    return finishers.stream().filter(f -> f.kind().equals(kind)).findFirst()
        .orElseThrow(() -> new IllegalStateException("No finisher for task kind " + kind));
  }

  private Instant pollAt(int polls) {
    return Instant.now().plus(backoff(config.worker().pollInitial(), polls, config.worker().pollMax()));
  }

  static Duration backoff(Duration initial, int step, Duration max) {
    var factor = 1L << Math.min(step, 16);
    var wait = initial.multipliedBy(factor);
    return wait.compareTo(max) > 0 ? max : wait;
  }
}

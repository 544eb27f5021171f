package dev.videoautomation.gateway.jobs;

import java.util.function.Supplier;

import jakarta.inject.Singleton;


import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;

/**
 * A wait on one job ({@code Prefer: wait=N}), served from {@code job_events} (docs/jobs.md "Waiting"): it follows the
 * job before anyone reads its state, and ends when a notification says the job ended, when the caller saw it ended,
 * or after N seconds. It holds no connection to the owner meanwhile. While the listener is disconnected (or right
 * after it reconnects) the wait asks the owner itself once a second, so a missed notification costs at most a second.
 */
@Singleton
public class JobWaits {
  private static final long FALLBACK_POLL_MILLIS = 1_000;

  private final Vertx vertx;
  private final JobWatch watch;

  JobWaits(Vertx vertx, JobWatch watch) {
    this.vertx = vertx;
    this.watch = watch;
  }

  /** One wait; {@link #ended()} completes once, {@link #end()} ends it at once. */
  public final class Wait {
    private final Promise<Void> ended = Promise.promise();
    private final JobWatch.Registration registration;
    private final Supplier<Future<Boolean>> readEnded;
    private final long timer;
    private final long poll;

    private Wait(String jobId, int seconds, Supplier<Future<Boolean>> readEnded) {
      this.readEnded = readEnded;
      var context = vertx.getOrCreateContext();
      this.registration = watch.follow(jobId, context, new JobWatch.Follower() {
        @Override
        public void changed(dev.videoautomation.gateway.events.ChangeEvents.JobChange change) {
          if (JobOwners.terminal(change.status())) {
            end();
          }
        }

        @Override
        public void resync() {
          check();
        }
      });
      this.timer = vertx.setTimer(seconds * 1_000L, id -> end());
      this.poll = vertx.setPeriodic(FALLBACK_POLL_MILLIS, id -> {
        if (!watch.listening()) {
          check();
        }
      });
    }

    /** Completes when the job ended or the time is up; never fails. */
    public Future<Void> ended() {
      return ended.future();
    }

    /** Ends the wait now (the caller saw the job end, or is gone); idempotent. */
    public void end() {
      if (ended.tryComplete()) {
        registration.close();
        vertx.cancelTimer(timer);
        vertx.cancelTimer(poll);
      }
    }

    private void check() {
      if (!ended.future().isComplete()) {
        readEnded.get().onSuccess(over -> {
          if (Boolean.TRUE.equals(over)) {
            end();
          }
        });
      }
    }
  }

  /**
   * Starts waiting on {@code jobId} for at most {@code seconds}; {@code readEnded} reads from the owner whether the
   * job has ended (used only when notifications may have been missed). Call on a Vert.x context, before reading the
   * job's state.
   */
  public Wait begin(String jobId, int seconds, Supplier<Future<Boolean>> readEnded) {
    return new Wait(jobId, seconds, readEnded);
  }
}

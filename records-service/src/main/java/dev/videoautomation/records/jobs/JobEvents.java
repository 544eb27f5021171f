package dev.videoautomation.records.jobs;

import jakarta.enterprise.context.ApplicationScoped;

import dev.videoautomation.platform.events.EventLog;
import dev.videoautomation.platform.events.Outbox;
import dev.videoautomation.platform.jobs.JobStatus;

/**
 * The event log of records' jobs, on platform's {@link Outbox} ({@code records.outbox}): every change of an
 * account's verification or a post's publishing, its creation included, is one row and one {@code job_events}
 * notification, written in the transaction of the change (docs/internal-api.md §3.15, §3.17).
 */
@ApplicationScoped
public class JobEvents {
  private final Outbox outbox;

  public JobEvents(Outbox outbox) {
    this.outbox = outbox;
  }

  /**
   * Records that job {@code view} is now in its status; {@code seq} is the job row's event counter, already raised by
   * one in this transaction. Must run inside the transaction that writes the change.
   */
  public void changed(String clientId, long seq, JobView view, String webhookUrl) {
    outbox.jobChanged(new Outbox.JobChange(view.id(), clientId, JobStatus.fromWire(view.status()).orElseThrow(), seq,
        view, webhookUrl));
  }

  /** The kept events of a job after {@code afterSeq}; {@code latestSeq} is its row's event counter. */
  public EventLog after(String jobId, long afterSeq, long latestSeq) {
    return outbox.eventsAfter(jobId, afterSeq, latestSeq);
  }
}

package dev.videoautomation.platform.jobs;

import java.util.Optional;

/**
 * The status of any job (docs/jobs.md): each kind maps its own statuses onto these five. The wire value is the
 * lowercase name, the same in the job view, in {@code job_events} notifications and in webhook event types.
 */
public enum JobStatus {
  PENDING("pending", false),
  RUNNING("running", false),
  SUCCEEDED("succeeded", true),
  FAILED("failed", true),
  CANCELED("canceled", true);

  private final String wire;
  private final boolean terminal;

  JobStatus(String wire, boolean terminal) {
    this.wire = wire;
    this.terminal = terminal;
  }

  /** {@code pending}, {@code running}, … as the API writes it. */
  public String wire() {
    return wire;
  }

  /** Whether the job has ended: a wait answers, a stream sends its last event and closes. */
  public boolean terminal() {
    return terminal;
  }

  /**
   * The event a change into this status raises (docs/internal-api.md §3.15): {@code job.succeeded},
   * {@code job.failed} or {@code job.canceled} when it ends the job, {@code job.progress} for any other change.
   */
  public String eventType() {
    return terminal ? "job." + wire : JobEventType.PROGRESS;
  }

  /** The status of a wire value; empty for anything else (a filter naming an unknown status is the caller's 400). */
  public static Optional<JobStatus> fromWire(String value) {
    for (var status : values()) {
      if (status.wire.equals(value)) {
        return Optional.of(status);
      }
    }
    return Optional.empty();
  }
}

package dev.videoautomation.platform.jobs;

import java.util.List;

/** The event types the suite raises (docs/jobs.md, "Webhooks"): webhook subscriptions name these. */
public final class JobEventType {
  public static final String PROGRESS = "job.progress";
  public static final String SUCCEEDED = "job.succeeded";
  public static final String FAILED = "job.failed";
  public static final String CANCELED = "job.canceled";
  public static final String KEY_REVOKED = "key.revoked";

  /** Every type an endpoint may subscribe to, in the order the documentation lists them. */
  public static final List<String> ALL = List.of(SUCCEEDED, FAILED, CANCELED, PROGRESS, KEY_REVOKED);

  private JobEventType() {
  }
}

package dev.videoautomation.platform.spending;

/**
 * Ends a dry run at its point of no return (issue 32 §1): thrown by {@link DryRuns} once the request has passed every
 * check the real call makes, and answered 200 with its {@link DryRun} by {@link DryRunAnswers}. An exception, so that
 * whatever the owner would do next is skipped, and a transaction around the stop rolls back.
 */
public final class DryRunAnswered extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final transient DryRun answer;

  DryRunAnswered(DryRun answer) {
    super("dry run answered", null, false, false);
    this.answer = answer;
  }

  public DryRun answer() {
    return answer;
  }
}

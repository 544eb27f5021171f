package dev.videoautomation.clone.tasks;

/**
 * A task just ended (succeeded, failed or canceled). Fired synchronously inside the transaction that ends it, so what
 * an observer writes (a video's webhook) commits or rolls back with the task's own change.
 */
public record TaskEnded(Task task) {
}

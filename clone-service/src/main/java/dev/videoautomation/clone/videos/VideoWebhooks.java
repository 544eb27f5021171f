package dev.videoautomation.clone.videos;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

import dev.videoautomation.clone.tasks.TaskEnded;
import dev.videoautomation.clone.webhooks.WebhookOutbox;

/**
 * Queues a render's webhook when its task ends, in the same transaction: {@code clone.video.<status>} carrying the
 * video as {@code GET /v1/clones/video/{id}} shows it. Only renders take a {@code webhookUrl}.
 */
@ApplicationScoped
public class VideoWebhooks {
  private final WebhookOutbox outbox;

  public VideoWebhooks(WebhookOutbox outbox) {
    this.outbox = outbox;
  }

  void queue(@Observes TaskEnded ended) {
    var task = ended.task();
    if (task.webhookUrl == null) {
      return;
    }
    outbox.enqueue(new WebhookOutbox.Message(task.id, task.webhookUrl, "clone.video." + task.status,
        VideoDtos.CloneVideo.from(task)));
  }
}

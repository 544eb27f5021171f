package dev.videoautomation.clone.videos;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

import dev.videoautomation.clone.tasks.TaskEnded;
import dev.videoautomation.clone.webhooks.WebhookOutbox;

/**
 * Queues a legacy render's webhook when its task ends, in the same transaction: {@code clone.video.<status>} carrying
 * the video as {@code GET /v1/clones/video/{id}} shows it, signed with clone's own {@code Webhook-Signature}. Only
 * renders created before webhooks moved to records are legacy; every newer task's receiver is called by records from
 * the outbox (docs/jobs.md).
 */
@ApplicationScoped
public class VideoWebhooks {
  private final WebhookOutbox outbox;

  public VideoWebhooks(WebhookOutbox outbox) {
    this.outbox = outbox;
  }

  void queue(@Observes TaskEnded ended) {
    var task = ended.task();
    if (task.webhookUrl == null || !task.webhookLegacy) {
      return;
    }
    outbox.enqueue(new WebhookOutbox.Message(task.id, task.webhookUrl, "clone.video." + task.status,
        VideoDtos.CloneVideo.from(task)));
  }
}

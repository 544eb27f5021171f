package dev.videoautomation.clone.webhooks;

import java.util.LinkedHashMap;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.quarkus.hibernate.orm.panache.Panache;

import dev.videoautomation.clone.tasks.Task;
import dev.videoautomation.clone.tasks.TaskStore;
import dev.videoautomation.clone.videos.VideoDtos;
import dev.videoautomation.platform.ids.IdPrefix;
import dev.videoautomation.platform.ids.Ids;

/** Queues a finished task's webhook in the transaction that finishes it, so a task never finishes without one. */
@ApplicationScoped
public class WebhookOutbox {
  private final ObjectMapper json;

  public WebhookOutbox(ObjectMapper json) {
    this.json = json;
  }

  @Transactional(Transactional.TxType.MANDATORY)
  public void enqueue(Task task) {
    if (task.webhookUrl == null) {
      return;
    }
    var delivery = new WebhookDelivery();
    delivery.id = Ids.newId(IdPrefix.EVT);
    delivery.taskId = task.id;
    delivery.url = task.webhookUrl;
    delivery.event = "clone.video." + task.status;
    var now = TaskStore.now();
    var body = new LinkedHashMap<String, Object>();
    body.put("id", delivery.id);
    body.put("type", delivery.event);
    body.put("createdAt", now.toEpochMilli());
    body.put("data", VideoDtos.CloneVideo.from(task));
    try {
      delivery.body = json.writeValueAsString(body);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
    delivery.status = "pending";
    delivery.nextAttemptAt = now;
    delivery.createdAt = now;
    Panache.getEntityManager().persist(delivery);
  }
}

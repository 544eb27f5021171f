package dev.videoautomation.clone.webhooks;

import java.time.Clock;
import java.time.temporal.ChronoUnit;
import java.util.LinkedHashMap;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.quarkus.hibernate.orm.panache.Panache;

import dev.videoautomation.platform.ids.IdPrefix;
import dev.videoautomation.platform.ids.Ids;

/**
 * Queues a legacy webhook in the caller's transaction (the one that finishes a task), so a task never finishes
 * without it. Newer tasks' webhooks leave through the platform outbox to records instead.
 */
@ApplicationScoped
public class WebhookOutbox {
  private final ObjectMapper json;
  private final Clock clock;

  public WebhookOutbox(ObjectMapper json, Clock clock) {
    this.json = json;
    this.clock = clock;
  }

  /**
   * One webhook to send: about {@code subjectId} (the task), to {@code url}, of {@code type} (e.g.
   * {@code clone.video.succeeded}), carrying {@code data} (serialized as the body's {@code data}).
   */
  public record Message(String subjectId, String url, String type, Object data) {
  }

  @Transactional(Transactional.TxType.MANDATORY)
  public void enqueue(Message message) {
    var delivery = new WebhookDelivery();
    delivery.id = Ids.newId(IdPrefix.EVT);
    delivery.taskId = message.subjectId();
    delivery.url = message.url();
    delivery.event = message.type();
    var now = clock.instant().truncatedTo(ChronoUnit.MILLIS);
    var body = new LinkedHashMap<String, Object>();
    body.put("id", delivery.id);
    body.put("type", delivery.event);
    body.put("createdAt", now.toEpochMilli());
    body.put("data", message.data());
    try {
      delivery.body = json.writeValueAsString(body);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
    delivery.status = "pending";
    delivery.legacy = true;
    delivery.nextAttemptAt = now;
    delivery.createdAt = now;
    Panache.getEntityManager().persist(delivery);
  }
}

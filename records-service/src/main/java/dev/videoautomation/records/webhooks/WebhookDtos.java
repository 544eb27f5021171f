package dev.videoautomation.records.webhooks;

import java.util.List;

import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

import io.quarkus.runtime.annotations.RegisterForReflection;

import dev.videoautomation.records.common.Inputs;
import dev.videoautomation.records.openapi.ApiDocs;

/** Bodies and answers of /v1/webhooks (docs/jobs.md, "Webhooks"). */
public final class WebhookDtos {
  static final String WEBHOOK_ID = "^whk_[0-9A-Za-z]+$";
  static final String DELIVERY_ID = "^dlv_[0-9A-Za-z]+$";
  static final String EVENT_ID = "^evt_[0-9A-Za-z]+$";
  private static final String EVENT_TYPES = "The events this endpoint receives, each once: `job.succeeded`, "
      + "`job.failed`, `job.canceled`, `job.progress` (at most one per job every 5 s) and `key.revoked`.";
  private static final String SECRET = "The signing secret, `whsec_` and standard base64: shown only in this answer, "
      + "never stored (records derives it when it signs). Verify deliveries with any Standard Webhooks library.";

  private WebhookDtos() {
  }

  /**
   * The event types, as one named enum the endpoints' {@code events} lists refer to: an inline enum on a list's items
   * cannot be annotated, and the generated Java client cannot query-encode a set of inline enums.
   */
  @Schema(name = "WebhookEventType", type = SchemaType.STRING, description = "An event an endpoint can receive.",
      enumeration = {"job.succeeded", "job.failed", "job.canceled", "job.progress", "key.revoked"})
  static final class EventType {
    private EventType() {
    }
  }

  @RegisterForReflection
  @Schema(name = "WebhookCreate", additionalProperties = Schema.False.class)
  public record Create(
      @Schema(required = true, maxLength = Inputs.MAX_URL, example = "https://agent.example/hooks/jobs",
          description = "Where deliveries are POSTed: an https URL whose host resolves only to public addresses.")
      String url,
      @Schema(required = true, type = SchemaType.ARRAY, implementation = EventType.class, minItems = 1,
          maxItems = 5, uniqueItems = true, description = EVENT_TYPES)
      List<String> events) {
  }

  @RegisterForReflection
  @Schema(name = "WebhookView", description = "A webhook endpoint; its secret is never shown again.")
  public record View(
      @Schema(required = true, maxLength = ApiDocs.ID_MAX, pattern = WEBHOOK_ID) String id,
      @Schema(required = true, maxLength = Inputs.MAX_URL) String url,
      @Schema(required = true, type = SchemaType.ARRAY, implementation = EventType.class, maxItems = 5,
          description = EVENT_TYPES) List<String> events,
      @Schema(required = true, enumeration = {"enabled", "disabled"}) String status,
      @Schema(required = true, nullable = true, enumeration = {"gone", "failing"},
          description = "Why the endpoint is `disabled`: `gone` (it answered 410), `failing` (a delivery failed for "
              + "24 h). Null while enabled. `POST /v1/webhooks/{id}/enable` restores it.") String disabledReason,
      @Schema(required = true, minimum = "0", maximum = ApiDocs.EPOCH_MS_MAX, description = ApiDocs.CREATED_AT)
      long createdAt,
      @Schema(required = true, minimum = "0", maximum = ApiDocs.EPOCH_MS_MAX, description = ApiDocs.UPDATED_AT)
      long updatedAt) {
  }

  @RegisterForReflection
  @Schema(name = "WebhookWithSecret", description = "A webhook endpoint with its secret, shown once.")
  public record WithSecret(
      @Schema(required = true, maxLength = ApiDocs.ID_MAX, pattern = WEBHOOK_ID) String id,
      @Schema(required = true, maxLength = Inputs.MAX_URL) String url,
      @Schema(required = true, type = SchemaType.ARRAY, implementation = EventType.class, maxItems = 5,
          description = EVENT_TYPES) List<String> events,
      @Schema(required = true, enumeration = {"enabled", "disabled"}) String status,
      @Schema(required = true, nullable = true, enumeration = {"gone", "failing"}) String disabledReason,
      @Schema(required = true, maxLength = 128, pattern = "^whsec_[A-Za-z0-9+/]+=*$", description = SECRET)
      String secret,
      @Schema(required = true, minimum = "0", maximum = ApiDocs.EPOCH_MS_MAX, description = ApiDocs.CREATED_AT)
      long createdAt,
      @Schema(required = true, minimum = "0", maximum = ApiDocs.EPOCH_MS_MAX, description = ApiDocs.UPDATED_AT)
      long updatedAt) {
    static WithSecret of(View view, String secret) {
      return new WithSecret(view.id(), view.url(), view.events(), view.status(), view.disabledReason(), secret,
          view.createdAt(), view.updatedAt());
    }
  }

  @RegisterForReflection
  @Schema(name = "WebhookDeleted", description = "The endpoint is gone, with its pending deliveries and its log.")
  public record Deleted(
      @Schema(required = true, maxLength = ApiDocs.ID_MAX, pattern = WEBHOOK_ID) String id,
      @Schema(required = true, description = "Always true.") boolean deleted) {
  }

  @RegisterForReflection
  @Schema(name = "WebhookDelivery", description = "One event sent (or being sent) to one endpoint.")
  public record Delivery(
      @Schema(required = true, maxLength = ApiDocs.ID_MAX, pattern = DELIVERY_ID) String id,
      @Schema(required = true, maxLength = ApiDocs.ID_MAX, pattern = WEBHOOK_ID) String webhookId,
      @Schema(required = true, maxLength = ApiDocs.ID_MAX, pattern = EVENT_ID,
          description = "The event's id: the `webhook-id` header of every attempt and redelivery.") String eventId,
      @Schema(required = true, enumeration = {"job.succeeded", "job.failed", "job.canceled", "job.progress",
          "key.revoked"}) String eventType,
      @Schema(required = true, enumeration = {"pending", "delivered", "failed"},
          description = "`pending` while attempts go on, `delivered` after a 2xx, `failed` when retries ran out or "
              + "the endpoint was disabled.") String status,
      @Schema(required = true, minimum = "0", maximum = ApiDocs.INT32_MAX) int attempts,
      @Schema(required = true, nullable = true, minimum = "100", maximum = "599",
          description = "The HTTP status of the last attempt; null before any, or when it got no answer.")
      Integer lastStatusCode,
      @Schema(required = true, nullable = true, maxLength = 1024,
          description = "Why the last attempt got no answer (timeout, refused URL, connection error).")
      String lastError,
      @Schema(required = true, nullable = true, maxLength = 4096,
          description = "The start of the receiver's last answer body, at most 4 KiB.") String lastResponse,
      @Schema(required = true, nullable = true, minimum = "0", maximum = ApiDocs.EPOCH_MS_MAX,
          description = "When the next attempt is due (epoch ms); null unless `pending`.") Long nextAttemptAt,
      @Schema(required = true, minimum = "0", maximum = ApiDocs.EPOCH_MS_MAX, description = ApiDocs.CREATED_AT)
      long createdAt,
      @Schema(required = true, nullable = true, minimum = "0", maximum = ApiDocs.EPOCH_MS_MAX,
          description = "When the last attempt was made (epoch ms).") Long lastAttemptAt,
      @Schema(required = true, nullable = true, minimum = "0", maximum = ApiDocs.EPOCH_MS_MAX,
          description = "When a 2xx was received (epoch ms).") Long deliveredAt) {
  }
}

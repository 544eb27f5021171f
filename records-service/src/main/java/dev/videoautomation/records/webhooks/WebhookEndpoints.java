package dev.videoautomation.records.webhooks;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;

import javax.sql.DataSource;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;
import jakarta.transaction.Transactional.TxType;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.quarkus.logging.Log;
import io.quarkus.narayana.jta.QuarkusTransaction;

import dev.videoautomation.platform.errors.ApiError;
import dev.videoautomation.platform.errors.ApiException;
import dev.videoautomation.platform.errors.ErrorCode;
import dev.videoautomation.platform.ids.Ids;
import dev.videoautomation.platform.jobs.JobEventType;
import dev.videoautomation.platform.lists.Cursor;
import dev.videoautomation.platform.lists.Page;
import dev.videoautomation.platform.lists.PageRequest;
import dev.videoautomation.platform.urls.UrlGuard;
import dev.videoautomation.platform.webhooks.WebhookSecrets;
import dev.videoautomation.records.common.Inputs;

/**
 * A client's webhook endpoints and their delivery log (docs/jobs.md, "Webhooks"). Secrets are derived on demand from
 * the endpoint's id and generation ({@link WebhookSecrets}) and shown only in the answers of create and rotate; no
 * column holds one. Every method checks its input first, then that webhooks are configured (503
 * {@code provider_not_configured} otherwise), as every endpoint behind a provider does.
 */
@ApplicationScoped
public class WebhookEndpoints {
  /** At most this many endpoints per client; the next create is 409 {@code conflict} with {@code limit}. */
  public static final int MAX_PER_CLIENT = 10;
  static final String WEBHOOK_PREFIX = "whk";
  static final String DELIVERY_PREFIX = "dlv";
  static final String ENABLED = "enabled";
  static final String DISABLED = "disabled";
  private static final String COLUMNS = "id, url, events::text AS events, status, disabled_reason, created_at, "
      + "updated_at";
  private static final String DELIVERY_COLUMNS = "d.id, d.endpoint_id, d.event_id, e.type, d.status, d.attempts, "
      + "d.last_status_code, d.last_error, d.last_response, d.next_attempt_at, d.created_at, d.last_attempt_at, "
      + "d.delivered_at";
  private static final TypeReference<List<String>> STRINGS = new TypeReference<>() {
  };

  private final Sql sql;
  private final WebhookSecrets secrets;
  private final UrlGuard guard;
  private final WebhooksConfig config;
  private final ObjectMapper json;
  private final Clock clock;

  public WebhookEndpoints(DataSource dataSource, WebhookSecrets secrets, UrlGuard guard, WebhooksConfig config,
      ObjectMapper json, Clock clock) {
    this.sql = new Sql(dataSource);
    this.secrets = secrets;
    this.guard = guard;
    this.config = config;
    this.json = json;
    this.clock = clock;
  }

  /** Checks the URL (a DNS lookup, so outside any transaction), then stores the endpoint if the client has room. */
  @Transactional(TxType.NOT_SUPPORTED)
  public WebhookDtos.WithSecret create(String clientId, WebhookDtos.Create body) {
    if (body == null) {
      throw ApiException.invalidField("url", "is required");
    }
    var url = checkUrl(body.url());
    var events = events(body.events());
    secrets.requireConfigured();
    var id = Ids.newId(WEBHOOK_PREFIX);
    var now = now();
    var view = QuarkusTransaction.requiringNew().call(() -> {
      sql.lock("webhooks:" + clientId);
      long count = sql.one("SELECT count(*) FROM records.webhook_endpoints WHERE client_id = ?",
          row -> row.getLong(1), clientId).orElse(0L);
      if (count >= MAX_PER_CLIENT) {
        throw new ApiException(ApiError.of(ErrorCode.CONFLICT, "This client already has " + MAX_PER_CLIENT
                + " webhook endpoints, the most it may have. Delete one (DELETE /v1/webhooks/{id}) or subscribe an "
                + "existing endpoint to more events instead.")
            .with("limit", MAX_PER_CLIENT));
      }
      sql.update("INSERT INTO records.webhook_endpoints (id, client_id, url, events, status, generation, created_at, "
          + "updated_at) VALUES (?, ?, ?, ?::jsonb, 'enabled', 1, ?, ?)", id, clientId, url, text(events), now, now);
      return new WebhookDtos.View(id, url, events, ENABLED, null, now.toEpochMilli(), now.toEpochMilli());
    });
    Log.infof("Webhook endpoint %s created for %s", id, clientId);
    return WebhookDtos.WithSecret.of(view, secrets.endpointSecret(id, 1));
  }

  @Transactional(TxType.SUPPORTS)
  public Page<WebhookDtos.View> list(String clientId, PageRequest page) {
    secrets.requireConfigured();
    var after = page.after();
    var rows = after.isEmpty()
        ? sql.list("SELECT " + COLUMNS + " FROM records.webhook_endpoints WHERE client_id = ? "
            + "ORDER BY created_at DESC, id DESC LIMIT ?", this::view, clientId, page.fetchSize())
        : sql.list("SELECT " + COLUMNS + " FROM records.webhook_endpoints WHERE client_id = ? "
            + "AND (created_at, id) < (?, ?) ORDER BY created_at DESC, id DESC LIMIT ?", this::view, clientId,
            Instant.ofEpochMilli(after.get().createdAt()), after.get().id(), page.fetchSize());
    return Page.fromRows(rows, page, v -> new Cursor(v.createdAt(), v.id()), v -> v);
  }

  @Transactional(TxType.SUPPORTS)
  public WebhookDtos.View find(String clientId, String id) {
    checkId("id", WEBHOOK_PREFIX, id);
    secrets.requireConfigured();
    return owned(clientId, id);
  }

  @Transactional(TxType.REQUIRES_NEW)
  public WebhookDtos.Deleted delete(String clientId, String id) {
    checkId("id", WEBHOOK_PREFIX, id);
    secrets.requireConfigured();
    if (sql.update("DELETE FROM records.webhook_endpoints WHERE id = ? AND client_id = ?", id, clientId) == 0) {
      throw notFound(id);
    }
    Log.infof("Webhook endpoint %s deleted", id);
    return new WebhookDtos.Deleted(id, true);
  }

  /** A new secret (the next generation); the one it replaces keeps signing beside it for the overlap. */
  @Transactional(TxType.REQUIRES_NEW)
  public WebhookDtos.WithSecret rotate(String clientId, String id) {
    checkId("id", WEBHOOK_PREFIX, id);
    secrets.requireConfigured();
    var now = now();
    var generation = sql.one("UPDATE records.webhook_endpoints SET generation = generation + 1, "
            + "previous_signs_until = ?, updated_at = ? WHERE id = ? AND client_id = ? RETURNING generation",
            row -> row.getLong(1), now.plus(config.rotationOverlap()), now, id, clientId)
        .orElseThrow(() -> notFound(id));
    Log.infof("Webhook endpoint %s secret rotated to generation %d", id, generation);
    return WebhookDtos.WithSecret.of(owned(clientId, id), secrets.endpointSecret(id, generation));
  }

  /** Enabled again, whatever disabled it; deliveries that failed meanwhile can be sent again with redeliver. */
  @Transactional(TxType.REQUIRES_NEW)
  public WebhookDtos.View enable(String clientId, String id) {
    checkId("id", WEBHOOK_PREFIX, id);
    secrets.requireConfigured();
    if (sql.update("UPDATE records.webhook_endpoints SET status = 'enabled', disabled_reason = NULL, updated_at = ? "
        + "WHERE id = ? AND client_id = ?", now(), id, clientId) == 0) {
      throw notFound(id);
    }
    return owned(clientId, id);
  }

  @Transactional(TxType.SUPPORTS)
  public Page<WebhookDtos.Delivery> deliveries(String clientId, String id, PageRequest page) {
    checkId("id", WEBHOOK_PREFIX, id);
    secrets.requireConfigured();
    owned(clientId, id);
    var after = page.after();
    var from = "SELECT " + DELIVERY_COLUMNS + " FROM records.webhook_deliveries d JOIN records.webhook_events e "
        + "ON e.id = d.event_id WHERE d.endpoint_id = ? AND d.client_id = ? ";
    var rows = after.isEmpty()
        ? sql.list(from + "ORDER BY d.created_at DESC, d.id DESC LIMIT ?", WebhookEndpoints::delivery, id, clientId,
            page.fetchSize())
        : sql.list(from + "AND (d.created_at, d.id) < (?, ?) ORDER BY d.created_at DESC, d.id DESC LIMIT ?",
            WebhookEndpoints::delivery, id, clientId, Instant.ofEpochMilli(after.get().createdAt()),
            after.get().id(), page.fetchSize());
    return Page.fromRows(rows, page, d -> new Cursor(d.createdAt(), d.id()), d -> d);
  }

  /**
   * Sends the delivery's event to its endpoint again, as a new delivery with the same event (so the same
   * {@code webhook-id}), due at once and retried like any other. The endpoint must be enabled.
   */
  @Transactional(TxType.REQUIRES_NEW)
  public WebhookDtos.Delivery redeliver(String clientId, String deliveryId) {
    checkId("deliveryId", DELIVERY_PREFIX, deliveryId);
    secrets.requireConfigured();
    record Original(String eventId, String endpointId, String endpointStatus) {
    }
    var original = sql.one("SELECT d.event_id, d.endpoint_id, w.status FROM records.webhook_deliveries d "
            + "JOIN records.webhook_endpoints w ON w.id = d.endpoint_id WHERE d.id = ? AND d.client_id = ?",
            row -> new Original(row.getString(1), row.getString(2), row.getString(3)), deliveryId, clientId)
        .orElseThrow(() -> ApiException.notFound("The delivery " + deliveryId));
    if (!ENABLED.equals(original.endpointStatus())) {
      throw new ApiException(ErrorCode.CONFLICT, "The endpoint " + original.endpointId() + " is disabled; enable it "
          + "(POST /v1/webhooks/" + original.endpointId() + "/enable) before redelivering.");
    }
    var id = Ids.newId(DELIVERY_PREFIX);
    var now = now();
    sql.update("INSERT INTO records.webhook_deliveries (id, event_id, endpoint_id, client_id, status, "
        + "next_attempt_at, give_up_at, created_at) VALUES (?, ?, ?, ?, 'pending', ?, ?, ?)", id,
        original.eventId(), original.endpointId(), clientId, now, now.plus(config.retryFor()), now);
    Log.infof("Delivery %s redelivers event %s to %s as %s", deliveryId, original.eventId(), original.endpointId(),
        id);
    return sql.one("SELECT " + DELIVERY_COLUMNS + " FROM records.webhook_deliveries d JOIN records.webhook_events e "
        + "ON e.id = d.event_id WHERE d.id = ?", WebhookEndpoints::delivery, id).orElseThrow();
  }

  /**
   * The URL as stored: at most 2048 characters, passing the URL guard (every address public), and https unless the
   * guard lets loopback through (tests).
   */
  String checkUrl(String url) {
    Inputs.required("url", url, Inputs.MAX_URL);
    var checked = guard.checkReceiver(url, "url");
    return checked.uri().toString();
  }

  private static List<String> events(List<String> events) {
    if (events == null || events.isEmpty()) {
      throw ApiException.invalidField("events", "is required: at least one of " + String.join(", ",
          JobEventType.ALL));
    }
    var seen = new HashSet<String>();
    for (int i = 0; i < events.size(); i++) {
      var type = events.get(i);
      if (type == null || !JobEventType.ALL.contains(type)) {
        throw ApiException.invalidField("events[" + i + "]", "must be one of " + String.join(", ",
            JobEventType.ALL));
      }
      if (!seen.add(type)) {
        throw ApiException.invalidField("events[" + i + "]", "names " + type + " twice");
      }
    }
    return List.copyOf(events);
  }

  static void checkId(String field, String prefix, String id) {
    if (id == null || !id.startsWith(prefix + "_") || id.length() > 64 || id.length() <= prefix.length() + 1
        || !id.substring(prefix.length() + 1).chars().allMatch(c -> c < 128 && Character.isLetterOrDigit(c))) {
      throw ApiException.invalidField(field, "must be an id of the form " + prefix + "_…");
    }
  }

  private WebhookDtos.View owned(String clientId, String id) {
    return sql.one("SELECT " + COLUMNS + " FROM records.webhook_endpoints WHERE id = ? AND client_id = ?",
        this::view, id, clientId).orElseThrow(() -> notFound(id));
  }

  private static ApiException notFound(String id) {
    return ApiException.notFound("The webhook " + id);
  }

  private WebhookDtos.View view(ResultSet row) throws SQLException {
    try {
      return new WebhookDtos.View(row.getString("id"), row.getString("url"),
          json.readValue(row.getString("events"), STRINGS), row.getString("status"),
          row.getString("disabled_reason"), Sql.millis(row, "created_at"), Sql.millis(row, "updated_at"));
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("Stored webhook events are not JSON", e);
    }
  }

  static WebhookDtos.Delivery delivery(ResultSet row) throws SQLException {
    int status = row.getInt("last_status_code");
    Integer lastStatus = row.wasNull() ? null : status;
    return new WebhookDtos.Delivery(row.getString("id"), row.getString("endpoint_id"), row.getString("event_id"),
        row.getString("type"), row.getString("status").toLowerCase(Locale.ROOT), row.getInt("attempts"), lastStatus,
        row.getString("last_error"), row.getString("last_response"), Sql.millis(row, "next_attempt_at"),
        Sql.millis(row, "created_at"), Sql.millis(row, "last_attempt_at"), Sql.millis(row, "delivered_at"));
  }

  private String text(List<String> events) {
    try {
      return json.writeValueAsString(events);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
  }

  private Instant now() {
    return clock.instant().truncatedTo(ChronoUnit.MILLIS);
  }
}

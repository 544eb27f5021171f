package dev.videoautomation.records.common;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import jakarta.persistence.EntityManager;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.videoautomation.platform.lists.Tags;

/**
 * The one list query of every record table: the client's rows, newest first by keyset on
 * {@code (created_at DESC, id DESC)}, with tag filters as one jsonb containment ({@code tags @> [...]}, so several
 * filters are ANDed and the GIN index applies). Fetches one row more than the page to know whether another follows.
 */
public final class RecordLists {
  private static final ObjectMapper JSON = new ObjectMapper();

  private RecordLists() {
  }

  @SuppressWarnings("unchecked")
  public static <T> List<T> rows(EntityManager em, Class<T> type, String table, ListQuery query) {
    var sql = new StringBuilder("SELECT * FROM ").append(table).append(" WHERE client_id = :clientId");
    var params = new LinkedHashMap<String, Object>();
    params.put("clientId", query.clientId());
    var i = 0;
    for (var filter : query.equals().entrySet()) {
      sql.append(" AND ").append(filter.getKey()).append(" = :eq").append(i);
      params.put("eq" + i++, filter.getValue());
    }
    if (query.hideArchived()) {
      sql.append(" AND status <> 'archived'");
    }
    if (!query.tags().isEmpty()) {
      sql.append(" AND tags @> CAST(:tags AS jsonb)");
      params.put("tags", containment(query.tags()));
    }
    query.page().after().ifPresent(cursor -> {
      sql.append(" AND (created_at, id) < (:afterAt, :afterId)");
      params.put("afterAt", Instant.ofEpochMilli(cursor.createdAt()));
      params.put("afterId", cursor.id());
    });
    sql.append(" ORDER BY created_at DESC, id DESC LIMIT :limit");
    params.put("limit", query.page().fetchSize());
    var native_ = em.createNativeQuery(sql.toString(), type);
    params.forEach(native_::setParameter);
    return native_.getResultList();
  }

  /** {@code [{"key": k, "value": v}, ...]}: a row matches when its tags contain every pair. */
  static String containment(Map<String, String> tags) {
    try {
      return JSON.writeValueAsString(tags.entrySet().stream().map(e -> new Tags.Tag(e.getKey(), e.getValue()))
          .toList());
    } catch (JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
  }
}

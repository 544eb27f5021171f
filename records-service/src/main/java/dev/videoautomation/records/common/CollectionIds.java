package dev.videoautomation.records.common;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.videoautomation.platform.errors.ApiException;
import dev.videoautomation.platform.ids.IdPrefix;
import dev.videoautomation.platform.json.DuplicateKeys;
import dev.videoautomation.platform.json.RequestBodyMapper;

/**
 * The collection-level {@code PUT}/{@code DELETE} the reference lists (design §4): the record's id comes from
 * {@code ?id=} or from the body's {@code id}; both given must agree.
 */
public final class CollectionIds {
  /** The rules every request body is read by (a key given twice is refused, not read as its last value). */
  private static final ObjectMapper JSON = new RequestBodyMapper(new ObjectMapper()).strict();

  private CollectionIds() {
  }

  public static String resolve(IdPrefix prefix, String queryId, String bodyId) {
    var query = queryId == null || queryId.isBlank() ? null : queryId;
    if (query != null && bodyId != null && !query.equals(bodyId)) {
      throw ApiException.invalidField("id", "differs between the query and the body; send one id");
    }
    var id = query != null ? query : bodyId;
    if (id == null) {
      throw ApiException.invalidField("id", "is required: name the record with ?id= or the body's id");
    }
    return Inputs.id("id", prefix, id);
  }

  /** The id of a path-level update: a body id, when given, must be the path's. */
  public static String samePath(IdPrefix prefix, String pathId, String bodyId) {
    Inputs.id("id", prefix, pathId);
    if (bodyId != null && !bodyId.equals(pathId)) {
      throw ApiException.invalidField("id", "differs from the id in the path");
    }
    return pathId;
  }

  /** The id of a collection-level DELETE, whose optional body is {@code {"id": "..."}} and nothing else. */
  public static String fromDeleteBody(IdPrefix prefix, String queryId, String body) {
    String bodyId = null;
    if (body != null && !body.isBlank()) {
      JsonNode tree;
      try {
        tree = JSON.readTree(body);
      } catch (java.io.IOException e) {
        DuplicateKeys.field(e).ifPresent(field -> {
          throw ApiException.invalidField(field, DuplicateKeys.COMPLAINT);
        });
        throw new ApiException(dev.videoautomation.platform.errors.ErrorCode.INVALID_REQUEST,
            "The request body is not valid JSON; send {\"id\": \"...\"} or use ?id=.");
      }
      if (tree == null || !tree.isObject()) {
        throw new ApiException(dev.videoautomation.platform.errors.ErrorCode.INVALID_REQUEST,
            "The request body must be a JSON object such as {\"id\": \"...\"}.");
      }
      var names = tree.fieldNames();
      while (names.hasNext()) {
        var name = names.next();
        if (!name.equals("id")) {
          throw ApiException.invalidField(name, "is not a known field");
        }
      }
      var id = tree.get("id");
      if (id != null && !id.isNull()) {
        if (!id.isTextual()) {
          throw ApiException.invalidField("id", "must be a string");
        }
        bodyId = id.asText();
      }
    }
    return resolve(prefix, queryId, bodyId);
  }

  public static ApiException notFound(String kind, String id) {
    return ApiException.notFound("The " + kind + " " + id);
  }
}

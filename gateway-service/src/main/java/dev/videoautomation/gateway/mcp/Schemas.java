package dev.videoautomation.gateway.mcp;

import java.util.ArrayDeque;
import java.util.Deque;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * OpenAPI 3.0 schemas turned into the self-contained JSON Schema an MCP client validates with: every
 * {@code #/components/...} reference replaced by its target (a reference back into itself becomes an open schema),
 * {@code nullable: true} written as a {@code "null"} type, and 3.0's boolean {@code exclusiveMinimum/Maximum} as the
 * numbers JSON Schema means.
 */
final class Schemas {
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
  private static final int MAX_DEPTH = 32;

  private final JsonNode document;

  Schemas(JsonNode document) {
    this.document = document;
  }

  /** The object {@code node} points at when it is a {@code $ref}, else {@code node} itself. */
  JsonNode resolve(JsonNode node) {
    var current = node;
    for (int hops = 0; hops < MAX_DEPTH && current.has("$ref"); hops++) {
      current = target(current.get("$ref").asText());
    }
    return current;
  }

  /** A deep copy of {@code schema} with every reference inlined. */
  ObjectNode inline(JsonNode schema) {
    var copy = inline(schema, new ArrayDeque<>());
    return copy instanceof ObjectNode object ? object : NODES.objectNode();
  }

  private JsonNode inline(JsonNode node, Deque<String> trail) {
    if (node.isArray()) {
      var array = NODES.arrayNode();
      node.forEach(item -> array.add(inline(item, trail)));
      return array;
    }
    if (!node.isObject()) {
      return node.deepCopy();
    }
    if (node.has("$ref")) {
      var reference = node.get("$ref").asText();
      if (trail.contains(reference) || trail.size() >= MAX_DEPTH) {
        return NODES.objectNode().put("description", "The same shape as the enclosing "
            + reference.substring(reference.lastIndexOf('/') + 1) + ".");
      }
      trail.push(reference);
      var resolved = inline(target(reference), trail);
      trail.pop();
      return resolved;
    }
    var copy = NODES.objectNode();
    node.fields().forEachRemaining(field -> copy.set(field.getKey(), inline(field.getValue(), trail)));
    toJsonSchema(copy);
    return copy;
  }

  private static void toJsonSchema(ObjectNode schema) {
    if (schema.remove("nullable") instanceof JsonNode nullable && nullable.asBoolean(false)) {
      if (schema.get("type") instanceof JsonNode type && type.isTextual()) {
        schema.putArray("type").add(type.asText()).add("null");
      }
      if (schema.get("enum") instanceof ArrayNode values && !containsNull(values)) {
        values.addNull();
      }
    }
    for (var bound : new String[] {"Minimum", "Maximum"}) {
      var exclusive = schema.get("exclusive" + bound);
      if (exclusive != null && exclusive.isBoolean()) {
        var limit = schema.get(bound.toLowerCase(java.util.Locale.ROOT));
        schema.remove("exclusive" + bound);
        if (exclusive.asBoolean() && limit != null) {
          schema.set("exclusive" + bound, limit);
          schema.remove(bound.toLowerCase(java.util.Locale.ROOT));
        }
      }
    }
  }

  private static boolean containsNull(ArrayNode values) {
    for (var value : values) {
      if (value.isNull()) {
        return true;
      }
    }
    return false;
  }

  private JsonNode target(String reference) {
    if (!reference.startsWith("#/")) {
      return NODES.objectNode();
    }
    var found = document.at(reference.substring(1));
    return found.isMissingNode() ? NODES.objectNode() : found;
  }
}

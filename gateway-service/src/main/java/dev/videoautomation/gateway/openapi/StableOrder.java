package dev.videoautomation.gateway.openapi;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * The merged document in one order, whatever order the services answered in: paths, every kind of component, the
 * tags and each operation's responses sorted by name. Generated clients, the committed snapshot and its diffs then
 * stay the same from run to run.
 */
final class StableOrder {
  private StableOrder() {
  }

  static void apply(ObjectNode document) {
    sortFields(document.get("paths"));
    document.path("paths").forEach(operations -> operations.forEach(operation ->
        sortFields(operation.get("responses"))));
    if (document.get("components") instanceof ObjectNode components) {
      sortFields(components);
      components.forEach(StableOrder::sortFields);
    }
    if (document.get("tags") instanceof ArrayNode tags) {
      var sorted = new ArrayList<JsonNode>();
      tags.forEach(sorted::add);
      sorted.sort(Comparator.comparing(tag -> tag.path("name").asText()));
      tags.removeAll();
      tags.addAll(sorted);
    }
  }

  private static void sortFields(JsonNode node) {
    if (node instanceof ObjectNode object) {
      List<Map.Entry<String, JsonNode>> fields = new ArrayList<>(object.properties());
      fields.sort(Map.Entry.comparingByKey());
      object.removeAll();
      fields.forEach(field -> object.set(field.getKey(), field.getValue()));
    }
  }
}

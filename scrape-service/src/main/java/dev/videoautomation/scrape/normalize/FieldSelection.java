package dev.videoautomation.scrape.normalize;

import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * {@code fields}: each item keeps only the named fields, in the item's own order. {@code metrics.views} keeps that
 * field of an object ({@code {"metrics": {"views": …}}}) and, of a list of objects ({@code media.url}), that field of
 * each element. A parent named whole ({@code metrics}) wins over its children. The names were checked against the
 * kind before the provider was asked ({@link Kind#selects}).
 */
final class FieldSelection {
  private FieldSelection() {
  }

  static ArrayNode select(ArrayNode items, List<String> fields) {
    if (fields == null) {
      return items;
    }
    var wanted = tree(fields);
    var selected = JsonNodeFactory.instance.arrayNode();
    items.forEach(item -> selected.add(item.isObject() ? pick((ObjectNode) item, wanted) : item));
    return selected;
  }

  /** Top-level name → the child names wanted of it (empty: the whole value). */
  private static Map<String, Set<String>> tree(List<String> fields) {
    var whole = fields.stream().filter(field -> field.indexOf('.') < 0).collect(java.util.stream.Collectors.toSet());
    var wanted = new LinkedHashMap<String, Set<String>>();
    for (var field : fields) {
      var dot = field.indexOf('.');
      var top = dot < 0 ? field : field.substring(0, dot);
      var children = wanted.computeIfAbsent(top, t -> new LinkedHashSet<>());
      if (dot >= 0 && !whole.contains(top)) {
        children.add(field.substring(dot + 1));
      }
    }
    return wanted;
  }

  private static ObjectNode pick(ObjectNode item, Map<String, Set<String>> wanted) {
    var picked = JsonNodeFactory.instance.objectNode();
    item.properties().forEach(field -> {
      var children = wanted.get(field.getKey());
      if (children != null) {
        picked.set(field.getKey(), children.isEmpty() ? field.getValue() : pick(field.getValue(), children));
      }
    });
    return picked;
  }

  private static JsonNode pick(JsonNode value, Set<String> children) {
    if (value.isObject()) {
      var only = new LinkedHashMap<String, Set<String>>();
      children.forEach(child -> only.put(child, Set.of()));
      return pick((ObjectNode) value, only);
    }
    if (value.isArray()) {
      var each = JsonNodeFactory.instance.arrayNode();
      value.forEach(element -> each.add(pick(element, children)));
      return each;
    }
    return value;
  }
}

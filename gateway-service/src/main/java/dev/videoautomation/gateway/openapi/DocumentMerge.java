package dev.videoautomation.gateway.openapi;

import static dev.videoautomation.gateway.openapi.GatewayComponents.object;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;

/**
 * Several services' OpenAPI documents folded into one: their public paths (not {@code /internal/**} or
 * {@code /q/**}), components and tags. The services share one document, so a name two of them use for different
 * things is a conflict: it is named in {@link #conflicts()} (the merged document lists them in
 * {@code info.x-merge-conflicts}, and the committed snapshot refuses them) and, for components, the later copy
 * gets the service's name in front so that the document stays whole. The services' security schemes are dropped:
 * the keys an operation takes are the gateway's to say ({@link GatewayAnswers}).
 */
final class DocumentMerge {
  private final ObjectNode paths;
  private final ObjectNode components;
  private final ArrayNode tags;
  private final List<String> conflicts = new ArrayList<>();
  private final Map<String, String> componentOwners = new HashMap<>();
  private final Map<String, String> operationIds = new HashMap<>();

  DocumentMerge(ObjectNode merged) {
    this.paths = object(merged, "paths");
    this.components = object(merged, "components");
    this.tags = merged.has("tags") ? (ArrayNode) merged.get("tags") : merged.putArray("tags");
  }

  List<String> conflicts() {
    return conflicts;
  }

  /** Adds the public paths, components and tags of {@code service}'s {@code document} (a copy it may change). */
  void add(String service, JsonNode document) {
    var fallbackTag = Character.toUpperCase(service.charAt(0)) + service.substring(1);
    addComponents(service, fallbackTag, document);
    document.path("tags").forEach(tag -> addTag(service, tag));
    document.path("paths").fields().forEachRemaining(entry -> {
      var path = entry.getKey();
      if (path.startsWith("/internal") || path.startsWith("/q/") || path.equals("/q")) {
        return;
      }
      var target = object(paths, path);
      entry.getValue().fields().forEachRemaining(operation -> {
        if (target.has(operation.getKey())) {
          conflicts.add(operation.getKey().toUpperCase(Locale.ROOT) + " " + path
              + ": documented by more than one service ("
              + service + "-service too)");
          return;
        }
        if (operation.getValue() instanceof ObjectNode node) {
          node.remove("security");
          if (!node.has("tags")) {
            node.putArray("tags").add(fallbackTag);
            addTag(service, tags.objectNode().put("name", fallbackTag)
                .put("description", "Operations of " + service + "-service."));
          }
          var operationId = node.path("operationId").asText("");
          if (!operationId.isEmpty()) {
            var first = operationIds.putIfAbsent(operationId, service);
            if (first != null) {
              conflicts.add("operationId " + operationId + ": used by " + first + "-service and " + service
                  + "-service");
            }
          }
        }
        target.set(operation.getKey(), operation.getValue());
      });
    });
  }

  private void addTag(String service, JsonNode tag) {
    var name = tag.path("name").asText();
    for (var existing : tags) {
      if (existing.path("name").asText().equals(name)) {
        if (tag.has("description") && !tag.get("description").equals(existing.get("description"))) {
          if (existing.has("description")) {
            conflicts.add("tag " + name + ": described differently by " + service + "-service");
          } else {
            ((ObjectNode) existing).set("description", tag.get("description"));
          }
        }
        return;
      }
    }
    tags.add(tag);
  }

  /** Same name, other content: recorded as a conflict; this service's copy gets a prefixed name. */
  private void addComponents(String service, String prefix, JsonNode document) {
    var own = document.path("components");
    own.fieldNames().forEachRemaining(type -> {
      if (type.equals("securitySchemes")) {
        return;
      }
      var theirs = components.path(type);
      var renames = new LinkedHashMap<String, String>();
      own.path(type).fieldNames().forEachRemaining(name -> {
        if (theirs.has(name) && !theirs.get(name).equals(own.path(type).get(name))) {
          conflicts.add(type + "/" + name + ": " + componentOwners.get(type + "/" + name) + "-service and " + service
              + "-service define it differently (" + service + "'s is " + prefix + name + " here)");
          renames.put(name, prefix + name);
        }
      });
      renames.forEach((from, to) -> rewriteRefs(document, "#/components/" + type + "/" + from,
          "#/components/" + type + "/" + to));
      var target = object(components, type);
      own.path(type).fields().forEachRemaining(entry -> {
        var name = renames.getOrDefault(entry.getKey(), entry.getKey());
        componentOwners.putIfAbsent(type + "/" + name, service);
        target.set(name, entry.getValue());
      });
    });
  }

  private static void rewriteRefs(JsonNode node, String from, String to) {
    if (node instanceof ObjectNode object) {
      var replaced = new ArrayList<String>();
      object.fields().forEachRemaining(field -> {
        if ("$ref".equals(field.getKey()) && from.equals(field.getValue().asText())) {
          replaced.add(field.getKey());
        } else {
          rewriteRefs(field.getValue(), from, to);
        }
      });
      replaced.forEach(field -> object.set(field, TextNode.valueOf(to)));
    } else if (node != null && node.isArray()) {
      node.forEach(child -> rewriteRefs(child, from, to));
    }
  }
}

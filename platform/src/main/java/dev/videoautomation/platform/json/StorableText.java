package dev.videoautomation.platform.json;

import java.io.IOException;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.KeyDeserializer;
import com.fasterxml.jackson.databind.deser.std.DelegatingDeserializer;
import com.fasterxml.jackson.databind.deser.std.JsonNodeDeserializer;
import com.fasterxml.jackson.databind.deser.std.StringDeserializer;
import com.fasterxml.jackson.databind.deser.std.UntypedObjectDeserializer;
import com.fasterxml.jackson.databind.module.SimpleModule;

/**
 * Refuses U+0000 in any text of a request body — a string field, an element of a list of strings, or anywhere inside
 * a free-form document ({@code Map<String, Object>}, {@code JsonNode}), keys included — while the body is read, so
 * the answer names the field instead of the database refusing the row later. Used only for bodies the services
 * receive ({@link RequestBodyMapper}): answers from providers and other services are read as they come.
 */
public final class StorableText {
  private static final char NUL = '\0';

  private StorableText() {
  }

  /** The Jackson module: the deserializers of text, map keys, untyped values and trees check what they read. */
  @SuppressWarnings({"unchecked", "rawtypes"})
  public static SimpleModule module() {
    var module = new SimpleModule("storable-text");
    module.addDeserializer(String.class, (JsonDeserializer) new Checked(StringDeserializer.instance));
    module.addDeserializer(Object.class, new Checked(new UntypedObjectDeserializer(null, null)));
    module.addDeserializer(JsonNode.class,
        (JsonDeserializer) new Checked(JsonNodeDeserializer.getDeserializer(JsonNode.class)));
    module.addKeyDeserializer(String.class, new KeyDeserializer() {
      @Override
      public Object deserializeKey(String key, DeserializationContext context) throws IOException {
        if (key.indexOf(NUL) >= 0) {
          throw new UnstorableTextException(context.getParser());
        }
        return key;
      }
    });
    return module;
  }

  /** Reads as the wrapped deserializer does, then looks through the value for U+0000. */
  private static final class Checked extends DelegatingDeserializer {
    Checked(JsonDeserializer<?> delegate) {
      super(delegate);
    }

    @Override
    protected JsonDeserializer<?> newDelegatingInstance(JsonDeserializer<?> newDelegatee) {
      return new Checked(newDelegatee);
    }

    @Override
    public Object deserialize(JsonParser parser, DeserializationContext context) throws IOException {
      var value = super.deserialize(parser, context);
      var path = new ArrayDeque<Object>();
      if (holdsNul(value, path)) {
        var refused = new UnstorableTextException(parser);
        // Innermost first: each prepend puts its step in front of the ones already there.
        while (!path.isEmpty()) {
          var step = path.removeLast();
          if (step instanceof Integer index) {
            refused.prependPath(value, index);
          } else {
            refused.prependPath(value, (String) step);
          }
        }
        throw refused;
      }
      return value;
    }
  }

  /** Whether {@code value} holds U+0000 somewhere; if so {@code path} holds the steps to it, outermost first. */
  static boolean holdsNul(Object value, Deque<Object> path) {
    if (value instanceof String text) {
      return text.indexOf(NUL) >= 0;
    }
    if (value instanceof JsonNode node) {
      return treeHoldsNul(node, path);
    }
    if (value instanceof Map<?, ?> map) {
      for (var entry : map.entrySet()) {
        var key = String.valueOf(entry.getKey());
        path.addLast(key);
        if (key.indexOf(NUL) >= 0 || holdsNul(entry.getValue(), path)) {
          return true;
        }
        path.removeLast();
      }
      return false;
    }
    if (value instanceof List<?> list) {
      for (int i = 0; i < list.size(); i++) {
        path.addLast(i);
        if (holdsNul(list.get(i), path)) {
          return true;
        }
        path.removeLast();
      }
    }
    return false;
  }

  private static boolean treeHoldsNul(JsonNode node, Deque<Object> path) {
    if (node.isTextual()) {
      return node.textValue().indexOf(NUL) >= 0;
    }
    if (node.isObject()) {
      for (var field : node.properties()) {
        path.addLast(field.getKey());
        if (field.getKey().indexOf(NUL) >= 0 || treeHoldsNul(field.getValue(), path)) {
          return true;
        }
        path.removeLast();
      }
      return false;
    }
    if (node.isArray()) {
      for (int i = 0; i < node.size(); i++) {
        path.addLast(i);
        if (treeHoldsNul(node.get(i), path)) {
          return true;
        }
        path.removeLast();
      }
    }
    return false;
  }
}

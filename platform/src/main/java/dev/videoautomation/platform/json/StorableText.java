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
 * Refuses text the database cannot keep exactly in any text of a request body — a string field, an element of a list
 * of strings, or anywhere inside a free-form document ({@code Map<String, Object>}, {@code JsonNode}), keys
 * included — while the body is read, so the answer names the field instead of the database refusing the row (U+0000)
 * or silently storing {@code ?} (a lone UTF-16 surrogate, which has no UTF-8 form). Used only for bodies the services
 * receive ({@link RequestBodyMapper}): answers from providers and other services are read as they come.
 */
public final class StorableText {
  private static final char NUL = '\0';

  /** What is wrong with {@code text}, or null when the database keeps it exactly. */
  public static UnstorableTextException.Reason problem(String text) {
    for (int i = 0; i < text.length(); i++) {
      var c = text.charAt(i);
      if (c == NUL) {
        return UnstorableTextException.Reason.NUL;
      }
      if (Character.isHighSurrogate(c) && i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1))) {
        i++;
      } else if (Character.isSurrogate(c)) {
        return UnstorableTextException.Reason.LONE_SURROGATE;
      }
    }
    return null;
  }

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
        var problem = problem(key);
        if (problem != null) {
          throw new UnstorableTextException(context.getParser(), problem);
        }
        return key;
      }
    });
    return module;
  }

  /** Reads as the wrapped deserializer does, then looks through the value for text that cannot be stored. */
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
      var problem = find(value, path);
      if (problem != null) {
        var refused = new UnstorableTextException(parser, problem);
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

  /**
   * What is wrong with the first unstorable text inside {@code value} (null when there is none); if there is one,
   * {@code path} holds the steps to it, outermost first.
   */
  static UnstorableTextException.Reason find(Object value, Deque<Object> path) {
    if (value instanceof String text) {
      return problem(text);
    }
    if (value instanceof JsonNode node) {
      return findInTree(node, path);
    }
    if (value instanceof Map<?, ?> map) {
      for (var entry : map.entrySet()) {
        var key = String.valueOf(entry.getKey());
        path.addLast(key);
        var problem = firstOf(problem(key), entry.getValue(), path);
        if (problem != null) {
          return problem;
        }
        path.removeLast();
      }
      return null;
    }
    if (value instanceof List<?> list) {
      for (int i = 0; i < list.size(); i++) {
        path.addLast(i);
        var problem = find(list.get(i), path);
        if (problem != null) {
          return problem;
        }
        path.removeLast();
      }
    }
    return null;
  }

  private static UnstorableTextException.Reason firstOf(UnstorableTextException.Reason keyProblem, Object value,
      Deque<Object> path) {
    return keyProblem != null ? keyProblem : find(value, path);
  }

  private static UnstorableTextException.Reason findInTree(JsonNode node, Deque<Object> path) {
    if (node.isTextual()) {
      return problem(node.textValue());
    }
    if (node.isObject()) {
      for (var field : node.properties()) {
        path.addLast(field.getKey());
        var problem = problem(field.getKey());
        if (problem == null) {
          problem = findInTree(field.getValue(), path);
        }
        if (problem != null) {
          return problem;
        }
        path.removeLast();
      }
      return null;
    }
    if (node.isArray()) {
      for (int i = 0; i < node.size(); i++) {
        path.addLast(i);
        var problem = findInTree(node.get(i), path);
        if (problem != null) {
          return problem;
        }
        path.removeLast();
      }
    }
    return null;
  }
}
